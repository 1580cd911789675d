import type { CommentFormat } from '../../src-shared/schemas/comments';
import type { CallContext } from '../app/context';
import { requirePlace } from '../comments/access';
import { presentComment } from '../comments/presenter';
import type { RequestedReviewerRow, ReviewRow } from '../store/change-request-reviews';
import type { ContributionRow } from '../store/change-request-contributors';
import type { ChangeRequestRow } from '../store/change-requests';
import { getComment, usersByIds, type UserFields } from '../store/comments';
import { presentUser } from '../users/presenter';

/** A user no longer on this replica (removed, or not synced yet) still shows as who they were. */
const unknownUser = (id: string): UserFields => ({ id, email: '', display_name: 'Unknown user', photo_url: null });

/** Reviews as GitBook's `ChangeRequestReview`, their users read in one query and their comments in the chosen format. */
export function presentReviews(rows: ReviewRow[], cr: ChangeRequestRow, ctx: CallContext, format: CommentFormat | undefined) {
  const users = usersByIds(ctx.db, rows.flatMap((r) => [r.reviewer_id, ...(r.requested_by ? [r.requested_by] : [])]));
  const user = (id: string) => presentUser(users.get(id) ?? unknownUser(id), ctx);
  const withComments = rows.some((r) => r.comment_id);
  const place = withComments ? requirePlace(ctx, { spaceId: cr.space_id, changeRequestId: cr.id }) : undefined;
  return rows.map((row) => {
    // A comment deleted since is no longer part of the review.
    const comment = row.comment_id && place ? getComment(ctx.db, place.scope, row.comment_id) : undefined;
    return {
      object: 'change-request-review' as const,
      id: row.id,
      revision: row.revision_id,
      reviewer: user(row.reviewer_id),
      ...(row.requested_by ? { requestedBy: user(row.requested_by) } : {}),
      status: row.status,
      outdated: row.outdated === 1,
      ...(comment && place ? { comment: presentComment(comment, { pc: ctx, db: ctx.db, docs: ctx.docs, place, format }) } : {}),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      urls: { location: `${ctx.baseUrl}/v1/spaces/${cr.space_id}/change-requests/${cr.id}/reviews/${row.id}` },
    };
  });
}

export function presentReview(row: ReviewRow, cr: ChangeRequestRow, ctx: CallContext, format: CommentFormat | undefined) {
  return presentReviews([row], cr, ctx, format)[0]!;
}

/** Requested reviewers as GitBook's `ChangeRequestRequestedReviewer` (users only: Folio asks people, not teams). */
export function presentRequestedReviewers(rows: RequestedReviewerRow[], ctx: CallContext) {
  const users = usersByIds(ctx.db, rows.flatMap((r) => [r.user_id, r.requested_by]));
  const user = (id: string) => presentUser(users.get(id) ?? unknownUser(id), ctx);
  return rows.map((row) => ({
    object: 'change-request-requested-reviewer' as const,
    revision: row.revision_id,
    requestedBy: user(row.requested_by),
    createdAt: row.created_at,
    kind: 'user' as const,
    user: user(row.user_id),
  }));
}

/** Contributors as GitBook's `ChangeRequestUserContributor`: one entry per user and kind of contribution. */
export function presentContributors(rows: ContributionRow[], ctx: CallContext) {
  const users = usersByIds(ctx.db, rows.map((r) => r.user_id));
  return rows.map((row) => ({
    user: presentUser(users.get(row.user_id) ?? unknownUser(row.user_id), ctx),
    actionType: row.action_type,
    count: row.count,
    updatedAt: row.updated_at,
  }));
}
