import type { ReactNode } from 'react';
import type { ListState, ReadyList } from '../stores/list-state';
import { StatusMessage } from './StatusMessage';

interface ListSectionProps<T> {
  id: string;
  title: string;
  /** Lower-case plural for messages: "members". */
  noun: string;
  list: ListState<T>;
  empty: ReactNode;
  /** The empty state's title ("No sites yet"). */
  emptyTitle?: string;
  /** Buttons at the end of the header ("New site"). */
  actions?: ReactNode;
  /** Shown between the header and the list (a form the actions opened). */
  before?: ReactNode;
  /** Shown after the list, whatever its state (the members' pending invites). */
  after?: ReactNode;
  onRetry: () => void;
  onLoadMore: () => void;
  children: (list: ReadyList<T>) => ReactNode;
}

/** A titled list with its loading, error and empty states, and "Load more" while pages remain. */
export function ListSection<T>({ id, title, noun, list, empty, emptyTitle, actions, before, after, onRetry, onLoadMore, children }: ListSectionProps<T>) {
  const headingId = `${id}-title`;
  return (
    <section className="section" id={id} aria-labelledby={headingId}>
      <div className="section__header">
        <h2 id={headingId}>{title}</h2>
        {list.status === 'ready' && <span className="pill">{list.count.toLocaleString()}</span>}
        {actions && <div className="section__actions">{actions}</div>}
      </div>
      {before}
      {list.status === 'idle' || list.status === 'loading' ? (
        <StatusMessage kind="loading">Loading {noun}…</StatusMessage>
      ) : list.status === 'error' ? (
        <StatusMessage kind="error" onRetry={onRetry}>
          Could not load {noun}: {list.message}
        </StatusMessage>
      ) : list.items.length === 0 ? (
        <StatusMessage kind="empty" title={emptyTitle}>
          {empty}
        </StatusMessage>
      ) : (
        <>
          {children(list)}
          {list.moreError && (
            <p className="error-text" role="alert">
              Could not load more {noun}: {list.moreError}
            </p>
          )}
          {list.nextPage && (
            <button className="button load-more" type="button" onClick={onLoadMore} disabled={list.loadingMore}>
              {list.loadingMore ? 'Loading…' : `Load more ${noun} (${list.items.length} of ${list.count} shown)`}
            </button>
          )}
        </>
      )}
      {after}
    </section>
  );
}
