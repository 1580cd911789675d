import { spacePermissions } from '../../src-shared/access';
import type { RequestReviewersInput, SubmitReviewInput } from '../../src-shared/schemas/change-request-reviews';
import { type ServiceContext, isoNow } from '../app/context';
import { postComment } from '../comments/service';
import { badRequest, conflict, notFound } from '../errors';
import { spaceRole } from '../spaces/access';
import {
  deleteRequestedReviewer,
  getRequestedReviewer,
  getReview,
  insertReview,
  listRequestedReviewers,
  listReviews,
  organizationMemberIds,
  type RequestedReviewerRow,
  type ReviewRow,
  upsertRequestedReviewer,
} from '../store/change-request-reviews';
import { changeRequestContributions } from '../store/change-request-contributors';
import { updateChangeRequest } from '../store/change-requests';
import { inTransaction } from '../store/database';
import type { PageRequest } from '../store/keyset';
import { setChangeRequestDescription } from '../store/merge-rules';
import type { SpaceRow } from '../store/spaces';
import { getUserById } from '../store/users';
import { requireChangeRequest } from './access';
import { failingMergeRule } from './merge-rules';
import { currentRevisionOf } from './service';

/**
 * Reviews of a change request (GitBook's review workflow). Reviewing needs the "review" role on the space,
 * as merging does; asking for reviews needs "edit", as changing the change request does. A review is never
 * edited: reviewing again adds one, and the earlier reads as outdated (store/change-request-reviews.ts).
 */
export function getReviewsByChangeRequestId(
  ctx: ServiceContext,
  spaceId: string,
  changeRequestId: string,
  filter: { outdated?: boolean },
  page: PageRequest,
) {
  const { changeRequest } = requireChangeRequest(ctx, spaceId, changeRequestId);
  return listReviews(ctx.db, changeRequest.id, filter, page);
}

export function getChangeRequestReviewById(ctx: ServiceContext, spaceId: string, changeRequestId: string, reviewId: string): ReviewRow {
  const { changeRequest } = requireChangeRequest(ctx, spaceId, changeRequestId);
  const review = getReview(ctx.db, changeRequest.id, reviewId);
  if (!review) throw notFound(`Review "${reviewId}" not found`);
  return review;
}

/**
 * Records the caller's review of the change request as it is now (its current revision). A comment goes into
 * the change request's discussion through the comments service, so it is a comment like any other (listed,
 * replied to, resolved, synced), and the review points at it.
 */
export function submitChangeRequestReview(ctx: ServiceContext, spaceId: string, changeRequestId: string, input: SubmitReviewInput): ReviewRow {
  return inTransaction(ctx.db, () => {
    const { space, changeRequest } = requireChangeRequest(ctx, spaceId, changeRequestId, 'review', 'review it');
    if (changeRequest.status === 'merged') throw conflict(`Change request #${changeRequest.number} is merged: it can no longer be reviewed`);
    const comment = input.comment
      ? postComment(ctx, { spaceId: space.id, changeRequestId: changeRequest.id }, { body: input.comment }).comment
      : undefined;
    return insertReview(ctx.db, {
      changeRequestId: changeRequest.id,
      reviewerId: ctx.user.id,
      status: input.status,
      revisionId: currentRevisionOf(ctx, changeRequest),
      commentId: comment?.id ?? null,
      requestedBy: getRequestedReviewer(ctx.db, changeRequest.id, ctx.user.id)?.requested_by ?? null,
      now: isoNow(ctx.clock),
    });
  });
}

export function getRequestedReviewersByChangeRequestId(ctx: ServiceContext, spaceId: string, changeRequestId: string, page: PageRequest) {
  const { changeRequest } = requireChangeRequest(ctx, spaceId, changeRequestId);
  return listRequestedReviewers(ctx.db, changeRequest.id, page);
}

/** Asks members who can review the space to review; anyone else is a 400 naming their place in `users`. */
export function requestReviewersForChangeRequest(
  ctx: ServiceContext,
  spaceId: string,
  changeRequestId: string,
  input: RequestReviewersInput,
): RequestedReviewerRow[] {
  return inTransaction(ctx.db, () => {
    const { space, changeRequest } = requireChangeRequest(ctx, spaceId, changeRequestId, 'edit', 'request reviews');
    if (changeRequest.status === 'merged') throw conflict(`Change request #${changeRequest.number} is merged: it can no longer be reviewed`);
    const users = [...new Set(input.users)];
    users.forEach((userId, index) => {
      if (!canReview(ctx, space, userId)) throw badRequest(`users[${index}]: user "${userId}" cannot review this space (the "review" role is needed)`);
    });
    const now = isoNow(ctx.clock);
    if (input.subject !== undefined) updateChangeRequest(ctx.db, changeRequest.id, { subject: input.subject, updated_at: now });
    if (input.description !== undefined) setChangeRequestDescription(ctx.db, changeRequest.id, input.description, now);
    const revisionId = currentRevisionOf(ctx, changeRequest);
    for (const userId of users) upsertRequestedReviewer(ctx.db, { changeRequestId: changeRequest.id, userId, requestedBy: ctx.user.id, revisionId, now });
    return users.map((userId) => getRequestedReviewer(ctx.db, changeRequest.id, userId)!);
  });
}

/** Withdraws a request (the "edit" role, or the reviewer declining it); false when there was none. */
export function removeRequestedReviewerFromChangeRequest(ctx: ServiceContext, spaceId: string, changeRequestId: string, userId: string): boolean {
  return inTransaction(ctx.db, () => {
    const { changeRequest } = requireChangeRequest(ctx, spaceId, changeRequestId, userId === ctx.user.id ? 'read' : 'edit', 'change its reviewers');
    return deleteRequestedReviewer(ctx.db, changeRequest.id, userId);
  });
}

/** Whether this user's role on the space (organization role, levels, invitations) lets them review. */
function canReview(ctx: ServiceContext, space: SpaceRow, userId: string): boolean {
  const user = getUserById(ctx.db, userId);
  return user !== undefined && spacePermissions(spaceRole({ ...ctx, user }, space)).review;
}

/** Who edited the change request and who took part in its discussion (store/change-request-contributors.ts). */
export function getContributorsByChangeRequestId(ctx: ServiceContext, spaceId: string, changeRequestId: string) {
  const { changeRequest } = requireChangeRequest(ctx, spaceId, changeRequestId);
  return changeRequestContributions(ctx.db, changeRequest);
}

/** Members who could be asked to review this change request: their role on its space lets them review. */
export function listReviewCandidates(ctx: ServiceContext, spaceId: string, changeRequestId: string): string[] {
  const { space } = requireChangeRequest(ctx, spaceId, changeRequestId);
  return organizationMemberIds(ctx.db, space.organization_id).filter((userId) => canReview(ctx, space, userId));
}

/** Whether the change request may merge under its space's rules, and the failing rule's words when not (the app's Merge button). */
export function getMergeRuleStatus(ctx: ServiceContext, spaceId: string, changeRequestId: string) {
  const { changeRequest } = requireChangeRequest(ctx, spaceId, changeRequestId);
  const failure = failingMergeRule(ctx.db, changeRequest);
  return failure ? { mergeable: false as const, rule: failure.rule, message: failure.message } : { mergeable: true as const };
}
