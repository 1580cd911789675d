import { useCallback, useSyncExternalStore } from 'react';
import type { PagePresence, PresentPerson } from '../../editor/page-presence';

const NOBODY: PresentPerson[] = [];
const noSubscription = () => () => {};

/** The others on the page as the live channel reports them, re-rendered when someone comes, goes or starts editing. */
function usePresentPeople(presence: PagePresence | undefined): PresentPerson[] {
  // A subscribe function of its own per page (a new one each render would resubscribe on every render).
  const subscribe = useCallback((listener: () => void) => (presence ? presence.subscribe(listener) : noSubscription()), [presence]);
  return useSyncExternalStore(subscribe, () => presence?.getOthers() ?? NOBODY);
}

/**
 * Who else has the page open, as initials in their caret colour: "editing" when their editor has the
 * focus, "viewing" otherwise. Nothing when the writer is alone (or the page syncs without the live channel).
 */
export function WhoIsHere({ presence }: { presence: PagePresence | undefined }) {
  const people = usePresentPeople(presence);
  if (people.length === 0) return null;
  return (
    <ul className="who-is-here" aria-label="Also on this page">
      {people.map((person) => {
        const activity = person.editing ? 'editing' : 'viewing';
        return (
          <li key={person.userId ?? person.clientId} className={`who-is-here__person who-is-here__person--${activity}`}>
            <span role="img" className="who-is-here__avatar" style={{ backgroundColor: person.color }} aria-label={`Also here: ${person.name} (${activity})`} title={`${person.name} — ${activity}`}>
              {initialsOf(person.name)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** "Ada Lovelace" → "AL", "ada@example.com" → "A". */
export function initialsOf(name: string): string {
  const words = name.replace(/@.*$/, '').split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((word) => [...word][0]!.toUpperCase()).join('') || '?';
}
