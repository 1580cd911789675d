import { useId, useState } from 'react';
import type { AttachedSyncStatus } from './sync-store';
import { changes, refusedWhat } from './sync-words';

/**
 * The changes the team server refused (a role that may not make them), kept in view rather than dropped:
 * a button that says how many, opening the list of what and why. This copy already went back to the
 * server's values for them (docs/sync.md).
 */
export function RefusedChanges({ refused }: { refused: AttachedSyncStatus['refused'] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (refused.length === 0) return null;
  return (
    <div className="sync-refused">
      <button className="button button--quiet sync-refused__toggle" type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        The server refused {changes(refused.length)}
      </button>
      {open && (
        <ul className="sync-refused__list" id={listId}>
          {refused.map((change, index) => (
            // The same field can be refused twice (two edits): the position keeps the keys apart.
            <li key={`${change.what}-${index}`}>
              The server refused: {refusedWhat(change.what)} — {change.reason || 'no reason given'}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
