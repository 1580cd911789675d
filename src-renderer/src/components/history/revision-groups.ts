import { countOf } from '../../format';
import type { RevisionEntry } from './history-store';
import { pageChangeWords, revisionTitle } from './revision-words';

/** Entries shown as one: a single revision, or a writer's consecutive edits (newest first). */
export interface RevisionGroup {
  key: string;
  entries: RevisionEntry[];
}

/** Plain edits (the editor's, the API's); merges, imports and restores always stand alone. */
const isPlainEdit = (entry: RevisionEntry) => entry.kind === 'edits' || entry.kind === 'live';

/**
 * Consecutive edits by one writer become one group: typing gives a revision per pause, and a morning's
 * work is one entry the writer can open, not forty.
 */
export function groupRevisions(entries: readonly RevisionEntry[]): RevisionGroup[] {
  const groups: RevisionGroup[] = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    const head = last?.entries[0];
    if (last && head && isPlainEdit(head) && isPlainEdit(entry) && head.author && head.author.id === entry.author?.id) {
      last.entries.push(entry);
    } else {
      groups.push({ key: entry.id, entries: [entry] });
    }
  }
  return groups;
}

/**
 * A group's headline: "Edited “Setup”" when every edit was to that one page (renames included: the
 * page's newest title), else the count of edits.
 */
export function groupTitle(group: RevisionGroup): string {
  if (group.entries.length === 1) return revisionTitle(group.entries[0]!);
  const pages = new Set<string>();
  let latestTitle = '';
  for (const entry of group.entries) {
    for (const page of entry.changes.sample) {
      if (!pages.size) latestTitle = page.title;
      pages.add(page.pageId);
    }
    if (entry.changes.pages > entry.changes.sample.length) pages.add(`more:${entry.id}`);
  }
  const [only] = pages;
  if (pages.size === 1 && only && !only.startsWith('more:')) {
    return pageChangeWords({ pageId: only, title: latestTitle, change: 'edited' });
  }
  return `${countOf(pages.size, 'page')} edited`;
}

/** "3 edits": how many revisions a group holds. */
export function groupCount(group: RevisionGroup): string {
  return countOf(group.entries.length, 'edit');
}
