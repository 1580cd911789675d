import { countOf } from '../../format';
import type { RevisionEntry } from '../../stores/history-store';

/** What made a revision, as the history's headline. */
export function revisionTitle(entry: RevisionEntry): string {
  switch (entry.kind) {
    case 'created':
      return 'Space created';
    case 'import':
      return 'Import';
    case 'live':
      return 'Edits in the editor';
    case 'merge': {
      const from = entry.mergedFrom;
      if (!from) return 'Merged a change request';
      return `Merged change request #${from.number}${from.subject ? ` “${from.subject}”` : ''}`;
    }
    case 'update':
      return 'Updated from the main content';
    case 'rollback':
      return 'Restored an earlier revision';
    default:
      return 'Edits';
  }
}

const VERBS = { added: 'Added', edited: 'Edited', removed: 'Deleted', restored: 'Restored' } as const;

/** What a revision changed, in words: the page when it is one, else the counts. */
export function revisionSummary(entry: RevisionEntry): string {
  const { pages, added, edited, removed, files, sample } = entry.changes;
  const fileWords = files ? countOf(files, 'file') : '';
  if (pages === 0) {
    if (files) return `${fileWords} changed`;
    return entry.kind === 'created' ? 'An empty space' : 'No page changed';
  }
  const only = sample[0];
  const pageWords =
    pages === 1 && only
      ? `${VERBS[only.change]} “${only.title || 'Untitled'}”`
      : [added && `${countOf(added, 'page')} added`, edited && `${countOf(edited, 'page')} edited`, removed && `${countOf(removed, 'page')} deleted`]
          .filter(Boolean)
          .join(', ');
  return files ? `${pageWords}; ${fileWords}` : pageWords;
}

/** Date and time in the reader's locale, e.g. `12 Mar 2025, 10:04`. */
export function revisionTime(iso: string, locale?: string): string {
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}
