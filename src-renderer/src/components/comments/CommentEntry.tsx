import { useState } from 'react';
import { useStore } from 'zustand';
import type { User } from '../../api/types';
import { initialsOf } from '../../format';
import { bodyText, type Comment, type CommentSubject, type Reply, subjectKey } from './comments-threads';
import { useAppStores } from '../stores-context';
import { CommentComposer } from './CommentComposer';
import { Reactions } from './Reactions';
import { fullTime, relativeTime } from './relative-time';

interface CommentEntryProps {
  entry: Comment | Reply;
  subject: CommentSubject;
  viewer?: User;
  /** Called after the entry was deleted, so focus can move somewhere that still exists. */
  onDeleted(): void;
}

/** Markdown shown as its words: paragraphs at blank lines, line breaks kept, never interpreted as HTML. */
function CommentBody({ markdown }: { markdown: string }) {
  const paragraphs = markdown.split(/\n\s*\n/).filter((p) => p.trim());
  return (
    <div className="comment__body">
      {paragraphs.map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </div>
  );
}

/** A comment or a reply: who and when, its words, its reactions, and Edit and Delete for those allowed. */
export function CommentEntry({ entry, subject, viewer, onDeleted }: CommentEntryProps) {
  const { comments } = useAppStores();
  const key = subjectKey(subject);
  const pending = useStore(comments, (s) => s.pending[key] === true);
  const reacting = useStore(comments, (s) => s.pending[`${key}/react`] === true);
  const error = useStore(comments, (s) => s.errors[key] ?? s.errors[`${key}/react`]);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const author = entry.postedBy.displayName || entry.postedBy.email;
  const noun = subject.replyId === undefined ? 'comment' : 'reply';

  const remove = async () => {
    if (await comments.getState().remove(subject)) onDeleted();
    else setConfirming(false);
  };

  return (
    <article className="comment" aria-label={`${noun === 'comment' ? 'Comment' : 'Reply'} by ${author}`}>
      <header className="comment__header">
        <span className="avatar avatar--small" aria-hidden="true">
          {initialsOf(entry.postedBy.displayName, entry.postedBy.email)}
        </span>
        <span className="comment__author">{author}</span>
        <time className="comment__time" dateTime={entry.postedAt} title={fullTime(entry.postedAt)}>
          {relativeTime(entry.postedAt)}
        </time>
        {entry.editedAt && <span className="comment__edited">(edited)</span>}
      </header>
      {editing ? (
        <CommentComposer
          label={`Edit your ${noun}`}
          submitLabel="Save"
          initial={bodyText(entry)}
          pending={pending}
          error={error}
          autoFocus
          onSubmit={async (markdown) => {
            const saved = await comments.getState().edit(subject, markdown);
            if (saved) setEditing(false);
            return saved;
          }}
          onCancel={() => {
            comments.getState().clearError(key);
            setEditing(false);
          }}
        />
      ) : (
        <CommentBody markdown={bodyText(entry)} />
      )}
      <Reactions
        reactions={entry.reactions}
        viewer={viewer}
        canReact={entry.permissions.reply}
        pending={reacting}
        onToggle={(emoji, on) => viewer && void comments.getState().react(subject, emoji, on, viewer)}
      />
      {!editing && error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {!editing && (entry.permissions.edit || entry.permissions.delete) && (
        <div className="comment__actions">
          {entry.permissions.edit && (
            <button className="button button--quiet comment__action" type="button" onClick={() => setEditing(true)}>
              Edit<span className="visually-hidden"> {noun}</span>
            </button>
          )}
          {entry.permissions.delete &&
            (confirming ? (
              <>
                <button className="button button--danger comment__action" type="button" disabled={pending} onClick={() => void remove()}>
                  {noun === 'comment' ? 'Delete the thread' : 'Delete the reply'}
                </button>
                <button className="button button--quiet comment__action" type="button" onClick={() => setConfirming(false)}>
                  Keep it
                </button>
              </>
            ) : (
              <button className="button button--quiet comment__action" type="button" onClick={() => setConfirming(true)}>
                Delete<span className="visually-hidden"> {noun}</span>
              </button>
            ))}
        </div>
      )}
    </article>
  );
}
