import { z } from 'zod';
import { listReviewsQuery, requestReviewersBody, submitReviewBody } from '../../src-shared/schemas/change-request-reviews';
import { listQuery } from '../../src-shared/schemas/common';
import { requireChangeRequest } from '../change-requests/access';
import { presentContributors, presentRequestedReviewers, presentReview, presentReviews } from '../change-requests/reviews-presenter';
import {
  getContributorsByChangeRequestId,
  getMergeRuleStatus,
  getRequestedReviewersByChangeRequestId,
  getReviewsByChangeRequestId,
  listReviewCandidates,
  removeRequestedReviewerFromChangeRequest,
  requestReviewersForChangeRequest,
  submitChangeRequestReview,
} from '../change-requests/reviews-service';
import { listEnvelope } from '../http/list';
import { usersByIds } from '../store/comments';
import { presentUser } from '../users/presenter';
import { spaceId } from './refs';
import { procedure, router } from './trpc';

const crRef = z.object({ spaceId, changeRequestId: z.string().min(1) });

/**
 * The review workflow (/v1 .../reviews, .../requested-reviewers, .../contributors) as procedures named after
 * GitBook's operations, over the same services and presenters, so a writer reviews offline on their desktop.
 */
export const changeRequestReviewsRouter = router({
  getReviewsByChangeRequestId: procedure.input(listReviewsQuery.safeExtend(crRef.shape)).query(({ ctx, input }) => {
    const { spaceId: id, changeRequestId, outdated, format, ...page } = input;
    const result = getReviewsByChangeRequestId(ctx, id, changeRequestId, { outdated }, page);
    const { changeRequest } = requireChangeRequest(ctx, id, changeRequestId);
    return listEnvelope({ ...result, rows: presentReviews(result.rows, changeRequest, ctx, format) }, (item) => item);
  }),
  submitChangeRequestReview: procedure.input(submitReviewBody.safeExtend(crRef.shape)).mutation(({ ctx, input }) => {
    const { spaceId: id, changeRequestId, ...body } = input;
    const review = submitChangeRequestReview(ctx, id, changeRequestId, body);
    return presentReview(review, requireChangeRequest(ctx, id, changeRequestId).changeRequest, ctx, undefined);
  }),
  getRequestedReviewersByChangeRequestId: procedure.input(listQuery.safeExtend(crRef.shape)).query(({ ctx, input }) => {
    const { spaceId: id, changeRequestId, ...page } = input;
    const result = getRequestedReviewersByChangeRequestId(ctx, id, changeRequestId, page);
    return listEnvelope({ ...result, rows: presentRequestedReviewers(result.rows, ctx) }, (item) => item);
  }),
  requestReviewersForChangeRequest: procedure.input(requestReviewersBody.safeExtend(crRef.shape)).mutation(({ ctx, input }) => {
    const { spaceId: id, changeRequestId, ...body } = input;
    return { users: presentRequestedReviewers(requestReviewersForChangeRequest(ctx, id, changeRequestId, body), ctx) };
  }),
  removeRequestedReviewerFromChangeRequest: procedure.input(crRef.extend({ userId: z.string().min(1) })).mutation(({ ctx, input }) => ({
    removed: removeRequestedReviewerFromChangeRequest(ctx, input.spaceId, input.changeRequestId, input.userId),
  })),
  getContributorsByChangeRequestId: procedure.input(crRef).query(({ ctx, input }) => {
    const rows = getContributorsByChangeRequestId(ctx, input.spaceId, input.changeRequestId);
    return { items: presentContributors(rows, ctx), count: rows.length };
  }),
  /** The app's "Request review" picker: members whose role on the space lets them review. */
  listReviewCandidates: procedure.input(crRef).query(({ ctx, input }) => {
    const users = usersByIds(ctx.db, listReviewCandidates(ctx, input.spaceId, input.changeRequestId));
    return [...users.values()].map((user) => presentUser(user, ctx));
  }),
  /** Whether Merge is allowed by the space's merge rules, and the failing rule's words when not. */
  getMergeRuleStatus: procedure.input(crRef).query(({ ctx, input }) => getMergeRuleStatus(ctx, input.spaceId, input.changeRequestId)),
});
