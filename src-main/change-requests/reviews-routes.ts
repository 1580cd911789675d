import { listQuery } from '../../src-shared/schemas/common';
import { listReviewsQuery, requestReviewersBody, reviewFormatQuery, submitReviewBody } from '../../src-shared/schemas/change-request-reviews';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { requireChangeRequest } from './access';
import { presentContributors, presentRequestedReviewers, presentReview, presentReviews } from './reviews-presenter';
import {
  getChangeRequestReviewById,
  getContributorsByChangeRequestId,
  getRequestedReviewersByChangeRequestId,
  getReviewsByChangeRequestId,
  removeRequestedReviewerFromChangeRequest,
  requestReviewersForChangeRequest,
  submitChangeRequestReview,
} from './reviews-service';

/** GitBook's review workflow on a change request: reviews, requested reviewers and contributors. */
export function registerChangeRequestReviewRoutes(router: Router): void {
  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews', { effect: 'read', query: listReviewsQuery }, ({ ctx, params, query }) => {
    const { outdated, format, ...page } = query;
    const result = getReviewsByChangeRequestId(ctx, params.spaceId, params.changeRequestId, { outdated }, page);
    const { changeRequest } = requireChangeRequest(ctx, params.spaceId, params.changeRequestId);
    const items = presentReviews(result.rows, changeRequest, ctx, format);
    return { status: 200, body: listEnvelope({ ...result, rows: items }, (item) => item) };
  });

  router.post('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews', { effect: 'write', body: submitReviewBody }, ({ ctx, params, body }) => {
    const review = submitChangeRequestReview(ctx, params.spaceId, params.changeRequestId, body);
    const { changeRequest } = requireChangeRequest(ctx, params.spaceId, params.changeRequestId);
    const presented = presentReview(review, changeRequest, ctx, undefined);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  });

  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}', { effect: 'read', query: reviewFormatQuery }, ({ ctx, params, query }) => {
    const { format } = query;
    const review = getChangeRequestReviewById(ctx, params.spaceId, params.changeRequestId, params.reviewId);
    const { changeRequest } = requireChangeRequest(ctx, params.spaceId, params.changeRequestId);
    return { status: 200, body: presentReview(review, changeRequest, ctx, format) };
  });

  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers', { effect: 'read', query: listQuery }, ({ ctx, params, query }) => {
    const result = getRequestedReviewersByChangeRequestId(ctx, params.spaceId, params.changeRequestId, query);
    const items = presentRequestedReviewers(result.rows, ctx);
    return { status: 200, body: listEnvelope({ ...result, rows: items }, (item) => item) };
  });

  router.post('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers', { effect: 'write', body: requestReviewersBody }, ({ ctx, params, body }) => {
    const rows = requestReviewersForChangeRequest(ctx, params.spaceId, params.changeRequestId, body);
    return { status: 200, body: { users: presentRequestedReviewers(rows, ctx) } };
  });

  // The spec's answers: 205 when removed, 204 when that user was not requested.
  router.delete('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}', { effect: 'write' }, ({ ctx, params }) => ({
    status: removeRequestedReviewerFromChangeRequest(ctx, params.spaceId, params.changeRequestId, params.userId) ? 205 : 204,
  }));

  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/contributors', { effect: 'read' }, ({ ctx, params }) => {
    const rows = getContributorsByChangeRequestId(ctx, params.spaceId, params.changeRequestId);
    return { status: 200, body: { items: presentContributors(rows, ctx), count: rows.length } };
  });
}
