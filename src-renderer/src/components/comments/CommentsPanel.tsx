import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { Space } from '../../api/types';
import { COMPOSER } from './comments-store';
import { splitThreads } from './comments-threads';
import { CloseIcon } from '../Icons';
import { StatusMessage } from '../StatusMessage';
import { useAppStores, useNavigation, useOrganizations } from '../stores-context';
import { CommentComposer } from './CommentComposer';
import { CommentThread } from './CommentThread';

/**
 * The open page's comment threads beside the editor: a composer for a new thread, the open threads
 * (latest activity first), and the resolved ones behind a toggle. The store loads them while this shows.
 */
export function CommentsPanel({ space }: { space: Space }) {
  const { comments, navigation, pageTree } = useAppStores();
  const pageId = useNavigation((state) => state.pageId);
  const viewer = useOrganizations((state) => state.viewer);
  const state = useStore(comments);
  const heading = useRef<HTMLHeadingElement>(null);
  const { open, resolved } = useMemo(() => splitThreads(state.threads), [state.threads]);
  const canComment = space.permissions.comment;
  // Focus goes back to the heading when a thread leaves the list, so the keyboard keeps its place in the panel.
  const focusHeading = () => requestAnimationFrame(() => heading.current?.focus());

  // A thread posted, resolved, reopened or deleted changes the page's count in the tree: recount it there.
  const countsVersion = state.countsVersion;
  useEffect(() => {
    if (countsVersion > 0) void pageTree.getState().reload();
  }, [pageTree, countsVersion]);

  // Re-rendered every minute so "5 minutes ago" stays true while the panel is open.
  const [, setMinute] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setMinute((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);

  // The store loads when the panel opens; this only covers a panel shown before the store saw it open.
  useEffect(() => {
    if (pageId && comments.getState().status === 'idle') void comments.getState().reload();
  }, [comments, pageId]);

  return (
    <div className="comments-panel">
      <header className="comments-panel__header">
        <h2 ref={heading} tabIndex={-1}>
          Comments
        </h2>
        <button className="button button--quiet" type="button" aria-label="Close comments" onClick={() => navigation.getState().showPanel(undefined)}>
          <CloseIcon />
        </button>
      </header>
      {!pageId ? (
        <StatusMessage kind="empty">Open a page to see its comments.</StatusMessage>
      ) : (
        <>
          {canComment ? (
            <>
              {state.draft && (
                <blockquote className="comment-quote comment-quote--draft" aria-label="Selected text">
                  {state.draft.quote}
                </blockquote>
              )}
              <CommentComposer
                // A draft belongs to its page (and its selection): another one starts with an empty field.
                key={`${pageId}/${state.draft?.start ?? ''}`}
                label={state.draft ? 'Comment on the selected text' : 'Comment on this page'}
                showLabel
                submitLabel="Comment"
                placeholder="Ask a question or leave a note…"
                pending={state.pending[COMPOSER] === true}
                error={state.errors[COMPOSER]}
                disabled={state.status !== 'ready'}
                autoFocus={Boolean(state.draft)}
                onSubmit={(markdown) => comments.getState().post(markdown)}
                onCancel={state.draft ? () => comments.getState().cancelDraft() : undefined}
              />
            </>
          ) : (
            <p className="callout comments-panel__read-only">
              You can read the comments here, but your role on this space does not let you comment. Ask an admin for the
              “comment” role.
            </p>
          )}
          {state.status === 'loading' || state.status === 'idle' ? (
            <StatusMessage kind="loading">Loading comments…</StatusMessage>
          ) : state.status === 'error' ? (
            <StatusMessage kind="error" onRetry={() => void comments.getState().reload()}>
              Could not load the comments: {state.message}
            </StatusMessage>
          ) : (
            <>
              {open.length === 0 &&
                (resolved.length === 0 ? (
                  <StatusMessage kind="empty">No comments on this page yet — start a thread{canComment ? ' above' : ''}.</StatusMessage>
                ) : (
                  <p className="hint">Every thread on this page is resolved.</p>
                ))}
              {open.length > 0 && (
                <ul className="comments-panel__threads" aria-label="Open threads">
                  {open.map((thread) => (
                    <CommentThread key={thread.comment.id} thread={thread} viewer={viewer} onLeave={focusHeading} />
                  ))}
                </ul>
              )}
              {resolved.length > 0 && (
                <button
                  className="button button--quiet comments-panel__toggle"
                  type="button"
                  aria-expanded={state.showResolved}
                  onClick={() => comments.getState().toggleShowResolved()}
                >
                  {state.showResolved ? 'Hide resolved' : 'Show resolved'} ({resolved.length})
                </button>
              )}
              {state.showResolved && resolved.length > 0 && (
                <ul className="comments-panel__threads" aria-label="Resolved threads">
                  {resolved.map((thread) => (
                    <CommentThread key={thread.comment.id} thread={thread} viewer={viewer} onLeave={focusHeading} />
                  ))}
                </ul>
              )}
              {state.truncated && <p className="hint">Only the latest threads and replies are shown.</p>}
            </>
          )}
        </>
      )}
      <p className="visually-hidden" role="status">
        {state.notice}
      </p>
    </div>
  );
}
