import { countOf } from '../../format';
import type { RevisionEntry } from './history-store';

type ChangedPage = RevisionEntry['changes']['sample'][number];

const quoted = (title: string) => `“${title || 'Untitled'}”`;

/** One page's change as a sentence: "Renamed “Untitled” to “Setup”", "Created “Setup”". */
export function pageChangeWords(page: ChangedPage): string {
  switch (page.change) {
    case 'added':
      return `Created ${quoted(page.title)}`;
    case 'renamed':
      return `Renamed ${quoted(page.previousTitle ?? '')} to ${quoted(page.title)}`;
    case 'removed':
      return `Deleted ${quoted(page.title)}`;
    case 'restored':
      return `Restored ${quoted(page.title)}`;
    default:
      return `Edited ${quoted(page.title)}`;
  }
}

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
      ? pageChangeWords(only)
      : [added && `${countOf(added, 'page')} added`, edited && `${countOf(edited, 'page')} edited`, removed && `${countOf(removed, 'page')} deleted`]
          .filter(Boolean)
          .join(', ');
  return files ? `${pageWords}; ${fileWords}` : pageWords;
}

/**
 * The history's headline for a revision, in words: what the writer did ("Edited “Setup”", "Merged #4
 * Release notes", "Restored to 12 Mar 2025, 10:04"), not the kind of write it was.
 */
export function revisionTitle(entry: RevisionEntry, locale?: string): string {
  switch (entry.kind) {
    case 'created':
      return 'Space created';
    case 'import':
      return entry.changes.pages ? `Imported ${countOf(entry.changes.pages, 'page')}` : 'Import';
    case 'merge': {
      const from = entry.mergedFrom;
      if (!from) return 'Merged a change request';
      return `Merged #${from.number}${from.subject ? ` ${from.subject}` : ''}`;
    }
    case 'update':
      return 'Updated from the main content';
    case 'rollback':
      return entry.restoredTo ? `Restored to ${revisionTime(entry.restoredTo.createdAt, locale)}` : 'Restored an earlier revision';
    case 'restore': {
      const page = entry.changes.sample[0];
      const when = entry.restoredTo ? ` to ${revisionTime(entry.restoredTo.createdAt, locale)}` : '';
      return `Restored ${page ? `${quoted(page.title)}${when}` : `a page${when}`}`;
    }
    default:
      // Edits through the editor or the API: the change itself is the headline.
      return entry.changes.pages === 1 && entry.changes.sample[0] ? pageChangeWords(entry.changes.sample[0]) : revisionSummary(entry);
  }
}

/** The line under the headline, when it says more than the headline does. */
export function revisionDetail(entry: RevisionEntry): string | undefined {
  const summary = revisionSummary(entry);
  return summary === revisionTitle(entry) || entry.kind === 'restore' ? undefined : summary;
}

/** Date and time in the reader's locale, e.g. `12 Mar 2025, 10:04`. */
export function revisionTime(iso: string, locale?: string): string {
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}
