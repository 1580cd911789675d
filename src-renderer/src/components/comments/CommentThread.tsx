import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { User } from '../../api/types';
import type { Thread } from './comments-threads';
import { useAppStores } from '../stores-context';
import { CommentComposer } from './CommentComposer';
import { CommentEntry } from './CommentEntry';
import { fullTime, relativeTime } from './relative-time';

interface CommentThreadProps {
  thread: Thread;
  viewer?: User;
  /** Where focus goes when this thread leaves the list (deleted, or resolved out of sight). */
  onLeave(): void;
}

/** A thread: its comment, its replies, Reply and Resolve / Reopen. */
export function CommentThread({ thread, viewer, onLeave }: CommentThreadProps) {
  const { comments } = useAppStores();
  const { comment } = thread;
  const replyKey = `${comment.id}/reply`;
  const replying = useStore(comments, (s) => s.pending[replyKey] === true);
  const replyError = useStore(comments, (s) => s.errors[replyKey]);
  const resolving = useStore(comments, (s) => s.pending[comment.id] === true);
  const [composing, setComposing] = useState(false);
  const replyButton = useRef<HTMLButtonElement>(null);
  const item = useRef<HTMLLIElement>(null);
  // A click on the thread's words in the editor brings it into view, focused, once.
  const focused = useStore(comments, (s) => s.focused === comment.id);
  useEffect(() => {
    if (!focused) return;
    item.current?.scrollIntoView({ block: 'nearest' });
    item.current?.focus();
    comments.setState({ focused: undefined });
  }, [focused, comments]);
  // A comment on words quotes them; `outdated` says they were deleted since.
  const quote = comment.anchor ? comment.target.node?.preview : undefined;
  const quoteGone = comment.anchor !== undefined && comment.target.page?.outdated === true;
  // Taking part (reply, resolve, react) needs the comment role, which `reply` reflects.
  const canTakePart = comment.permissions.reply;
  const resolved = comment.status === 'resolved';

  // Back on the Reply button, so the keyboard continues where the writer was.
  const closeComposer = () => {
    comments.getState().clearError(replyKey);
    setComposing(false);
    requestAnimationFrame(() => replyButton.current?.focus());
  };

  const toggleResolved = async () => {
    if (await comments.getState().setResolved(comment.id, !resolved)) onLeave();
  };

  return (
    <li
      ref={item}
      tabIndex={-1}
      className={`comment-thread${resolved ? ' comment-thread--resolved' : ''}`}
      aria-label={quote ? `Thread on “${quote}”` : undefined}
    >
      {quote !== undefined && (
        <blockquote className={`comment-quote${quoteGone ? ' comment-quote--gone' : ''}`}>
          {quote}
          {quoteGone && <span className="comment-quote__note"> (this text was deleted)</span>}
        </blockquote>
      )}
      <CommentEntry entry={comment} subject={{ commentId: comment.id }} viewer={viewer} onDeleted={onLeave} />
      {resolved && (
        <p className="comment-thread__resolved">
          Resolved by {comment.resolvedBy.displayName || comment.resolvedBy.email}{' '}
          <time dateTime={comment.resolvedAt} title={fullTime(comment.resolvedAt)}>
            {relativeTime(comment.resolvedAt)}
          </time>
        </p>
      )}
      {thread.replies.length > 0 && (
        <ul className="comment-thread__replies" aria-label={`Replies to ${comment.postedBy.displayName || 'this comment'}`}>
          {thread.replies.map((reply) => (
            <li key={reply.id}>
              <CommentEntry
                entry={reply}
                subject={{ commentId: comment.id, replyId: reply.id }}
                viewer={viewer}
                onDeleted={() => replyButton.current?.focus()}
              />
            </li>
          ))}
        </ul>
      )}
      {composing && (
        <CommentComposer
          label="Reply"
          submitLabel="Send"
          placeholder="Reply…"
          pending={replying}
          error={replyError}
          autoFocus
          onSubmit={async (markdown) => {
            const sent = await comments.getState().reply(comment.id, markdown);
            if (sent) closeComposer();
            return sent;
          }}
          onCancel={closeComposer}
        />
      )}
      {canTakePart && (
        <div className="comment-thread__actions">
          {!composing && (
            <button ref={replyButton} className="button button--quiet comment__action" type="button" onClick={() => setComposing(true)}>
              Reply
            </button>
          )}
          <button className="button button--quiet comment__action" type="button" disabled={resolving} onClick={() => void toggleResolved()}>
            {resolved ? 'Reopen' : 'Resolve'}
          </button>
        </div>
      )}
    </li>
  );
}
