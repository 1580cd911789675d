import { useEffect, useId, useState } from 'react';
import { useStore } from 'zustand';
import type { Space } from '../../api/types';
import { formatDate } from '../../format';
import type { ChangeRequestReviewsState, Review, ReviewAction } from './change-request-reviews-store';
import type { ChangeRequest } from './change-requests-store';
import { StatusMessage } from '../StatusMessage';
import { useAppStores } from '../stores-context';
import { changeRequestRights } from './use-change-requests';

/** Subscribes to part of the reviews store; the selector must return a stable value. */
export function useReviews<T>(selector: (state: ChangeRequestReviewsState) => T): T {
  return useStore(useAppStores().reviews, selector);
}

const nameOf = (user: { displayName?: string; email?: string }) => user.displayName || user.email || 'Someone';
const VERDICTS: Record<Review['status'], string> = { approved: 'approved', 'changes-requested': 'requested changes' };

function ReviewError({ action }: { action: ReviewAction }) {
  const error = useReviews((state) => state.errors[action]);
  return error ? (
    <p className="error-text" role="alert">
      {error}
    </p>
  ) : null;
}

/**
 * The review workflow of the open change request, above its changes (the diff a reviewer reads): who was
 * asked, "Request review", "Approve" / "Request changes" with an optional comment, and the reviews given.
 */
export function ReviewSection({ space, changeRequest }: { space: Space; changeRequest: ChangeRequest }) {
  const { reviews: store } = useAppStores();
  const heading = useId();
  const notice = useReviews((state) => state.notice);
  useEffect(() => {
    void store.getState().load();
  }, [store, changeRequest.id]);
  const open = changeRequest.status !== 'merged';

  return (
    <section className="cr-reviews" aria-labelledby={heading}>
      <h3 id={heading}>Review</h3>
      <RequestedReviewers canEdit={changeRequestRights(space).edit && open} />
      {space.permissions.review && open && <ReviewForm />}
      <ReviewList />
      <p className="visually-hidden" role="status">
        {notice ?? ''}
      </p>
    </section>
  );
}

function RequestedReviewers({ canEdit }: { canEdit: boolean }) {
  const { reviews: store } = useAppStores();
  const requested = useReviews((state) => state.requested);
  const removing = useReviews((state) => state.pending.remove === true);
  const [picking, setPicking] = useState(false);
  const listLabel = useId();
  if (requested.status === 'error') return <p className="error-text">{requested.message}</p>;
  const items = requested.status === 'ready' ? requested.items : [];

  return (
    <div className="cr-reviews__requested">
      <p id={listLabel} className="hint">
        {items.length ? 'Reviewers asked:' : 'No reviewer asked yet.'}
      </p>
      {items.length > 0 && (
        <ul className="cr-reviews__people" aria-labelledby={listLabel}>
          {items.map((item) => {
            const user = 'user' in item ? item.user : undefined;
            if (!user) return null;
            return (
              <li key={user.id}>
                <span>{nameOf(user)}</span>
                {canEdit && (
                  <button
                    className="button button--quiet"
                    type="button"
                    aria-label={`Remove ${nameOf(user)}`}
                    disabled={removing}
                    onClick={() => void store.getState().removeReviewer(user.id)}
                  >
                    Remove
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {canEdit && !picking && (
        <button className="button" type="button" onClick={() => setPicking(true)}>
          Request review
        </button>
      )}
      {canEdit && picking && <ReviewerPicker onDone={() => setPicking(false)} />}
      <ReviewError action="remove" />
    </div>
  );
}

/** Members who can review the space, to tick and ask. */
function ReviewerPicker({ onDone }: { onDone(): void }) {
  const { reviews: store } = useAppStores();
  const candidates = useReviews((state) => state.candidates);
  const pending = useReviews((state) => state.pending.request === true);
  const [chosen, setChosen] = useState<string[]>([]);
  const legend = useId();
  useEffect(() => {
    void store.getState().loadCandidates();
  }, [store]);

  if (candidates.status === 'error') return <StatusMessage kind="error" title="Could not list the reviewers">{candidates.message}</StatusMessage>;
  if (candidates.status !== 'ready') return <StatusMessage kind="loading">Listing who can review…</StatusMessage>;
  return (
    <form
      className="cr-reviews__picker"
      aria-labelledby={legend}
      onSubmit={async (event) => {
        event.preventDefault();
        if (await store.getState().requestReviewers(chosen)) onDone();
      }}
    >
      <p id={legend} className="cr-reviews__picker-title">
        Who should review it?
      </p>
      {candidates.items.length === 0 && <p className="hint">Nobody in this organization can review this space.</p>}
      {candidates.items.map((user) => (
        <label key={user.id} className="checkbox">
          <input
            type="checkbox"
            checked={chosen.includes(user.id)}
            onChange={(event) => setChosen((ids) => (event.target.checked ? [...ids, user.id] : ids.filter((id) => id !== user.id)))}
          />
          {nameOf(user)}
        </label>
      ))}
      <div className="cr-actions__row">
        <button className="button button--primary" type="submit" disabled={pending || chosen.length === 0}>
          {pending ? 'Asking…' : 'Send review request'}
        </button>
        <button className="button" type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
      <ReviewError action="request" />
    </form>
  );
}

function ReviewForm() {
  const { reviews: store } = useAppStores();
  const pending = useReviews((state) => state.pending.submit === true);
  const [comment, setComment] = useState('');
  const commentId = useId();
  const submit = async (status: Review['status']) => {
    if (await store.getState().submit(status, comment)) setComment('');
  };
  return (
    <div className="cr-reviews__form">
      <label htmlFor={commentId}>Review comment (optional)</label>
      <textarea id={commentId} className="input" rows={3} value={comment} onChange={(event) => setComment(event.target.value)} />
      <div className="cr-actions__row">
        <button className="button button--primary" type="button" disabled={pending} onClick={() => void submit('approved')}>
          Approve
        </button>
        <button className="button" type="button" disabled={pending} onClick={() => void submit('changes-requested')}>
          Request changes
        </button>
      </div>
      <ReviewError action="submit" />
    </div>
  );
}

function ReviewList() {
  const reviews = useReviews((state) => state.reviews);
  const label = useId();
  if (reviews.status === 'error') return <p className="error-text">{reviews.message}</p>;
  if (reviews.status !== 'ready') return null;
  if (reviews.items.length === 0) return <p className="hint">No reviews yet.</p>;
  return (
    <>
      <p id={label} className="visually-hidden">
        Reviews
      </p>
      <ul className="cr-reviews__list" aria-labelledby={label}>
        {reviews.items.map((review) => (
          <li key={review.id} className={`cr-review cr-review--${review.status}${review.outdated ? ' cr-review--outdated' : ''}`}>
            <p>
              <strong>{nameOf(review.reviewer)}</strong> {VERDICTS[review.status]}
              {review.outdated && <span className="badge">Outdated</span>}
              <span className="hint"> · {formatDate(review.createdAt)}</span>
            </p>
            {review.comment && 'markdown' in review.comment.body && <p className="cr-review__comment">{review.comment.body.markdown}</p>}
          </li>
        ))}
      </ul>
    </>
  );
}
