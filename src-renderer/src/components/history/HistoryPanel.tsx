import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { Space } from '../../api/types';
import { countOf } from '../../format';
import type { HistoryState, RevisionEntry } from './history-store';
import { StatusMessage } from '../StatusMessage';
import { useAppStores, useNavigation } from '../stores-context';
import { HistoryEntries } from './HistoryEntries';
import { revisionTime } from './revision-words';

function restoredWords(restored: NonNullable<HistoryState['restored']>): string {
  const what = restored.scope === 'page' ? `“${restored.title || 'Untitled'}”` : 'The space';
  const when = revisionTime(restored.revisionCreatedAt ?? '');
  if (restored.unchanged) return `${what} already reads as it did at the revision of ${when}: nothing to restore.`;
  return restored.scope === 'page' ? `${what} restored to the revision of ${when}.` : `${what} was restored to the revision of ${when}.`;
}

/**
 * The space's revisions, newest first, each saying when, by whom and what it was. Choosing one shows the
 * open page as it was then, read-only; choosing the current one goes back to editing.
 */
export function HistoryPanel({ space }: { space: Space }) {
  const { history } = useAppStores();
  const list = useStore(history, (state) => state.list);
  const listSpace = useStore(history, (state) => state.spaceId);
  const revisionId = useNavigation((state) => state.revisionId);
  const pageId = useNavigation((state) => state.pageId);
  const contentVersion = useNavigation((state) => state.contentVersion);
  const restored = useStore(history, (state) => state.restored);

  // Opening the panel (or new content from an import or a merge) brings the list up to date.
  useEffect(() => {
    void history.getState().load(space.id);
  }, [history, space.id, contentVersion]);

  const open = (entry: RevisionEntry) => {
    if (entry.current) history.getState().closeRevision();
    else history.getState().openRevision(entry);
  };

  return (
    <div className="history">
      <div className="history__header">
        <h2 className="history__title">History</h2>
        <button className="button button--quiet" type="button" onClick={() => void history.getState().load(space.id)}>
          Refresh
        </button>
      </div>
      <p className="history__announcement" role="status">
        {restored && restoredWords(restored)}
      </p>
      {revisionId && !pageId && <p className="callout history__hint">Choose a page in the tree to see it as it was at this revision.</p>}
      {list.status === 'idle' || list.status === 'loading' || listSpace !== space.id ? (
        <StatusMessage kind="loading">Loading the history…</StatusMessage>
      ) : list.status === 'error' ? (
        <StatusMessage kind="error" onRetry={() => void history.getState().load(space.id)}>
          Could not load the history: {list.message}
        </StatusMessage>
      ) : list.items.length === 0 ? (
        <StatusMessage kind="empty" title="No revisions yet">
          Every change to the space’s content is kept as a revision: edit a page and it shows here.
        </StatusMessage>
      ) : (
        <>
          <HistoryEntries entries={list.items} openId={revisionId} onOpen={open} />
          <p className="history__count hint">
            {list.items.length < list.count ? `${list.items.length} of ${countOf(list.count, 'revision')} shown` : countOf(list.count, 'revision')}
          </p>
          {list.moreError && (
            <p className="error-text" role="alert">
              Could not load more: {list.moreError}
            </p>
          )}
          {list.nextPage && (
            <button className="button load-more" type="button" disabled={list.loadingMore} onClick={() => void history.getState().loadMore()}>
              {list.loadingMore ? 'Loading…' : 'Load more'}
            </button>
          )}
        </>
      )}
    </div>
  );
}
