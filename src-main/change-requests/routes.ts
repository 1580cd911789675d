import { createChangeRequestBody, listChangeRequestsQuery, updateChangeRequestBody } from '../../src-shared/schemas/change-requests';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { parseInput } from '../http/validate';
import { presentChangeRequest } from './presenter';
import {
  createChangeRequest,
  editChangeRequest,
  getChangeRequestForCaller,
  listSpaceChangeRequests,
  mergeChangeRequest,
  updateFromMain,
} from './service';

const LIST = '/v1/spaces/{spaceId}/change-requests';
const ONE = `${LIST}/{changeRequestId}`;

export function registerChangeRequestRoutes(router: Router): void {
  router.get(LIST, ({ ctx, params, query }) => {
    const { status, contributor, ...page } = parseInput(listChangeRequestsQuery, query, 'query');
    const result = listSpaceChangeRequests(ctx, params.spaceId!, { status, contributor }, page);
    return { status: 200, body: listEnvelope(result, (cr) => presentChangeRequest(cr, ctx)) };
  });

  router.post(LIST, ({ ctx, params, body }) => {
    const { subject } = parseInput(createChangeRequestBody, body ?? {});
    const presented = presentChangeRequest(createChangeRequest(ctx, params.spaceId!, subject), ctx);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  });

  router.get(ONE, ({ ctx, params }) => ({
    status: 200,
    body: presentChangeRequest(getChangeRequestForCaller(ctx, params.spaceId!, params.changeRequestId!), ctx),
  }));

  router.patch(ONE, ({ ctx, params, body }) => {
    const input = parseInput(updateChangeRequestBody, body);
    return { status: 200, body: presentChangeRequest(editChangeRequest(ctx, params.spaceId!, params.changeRequestId!, input), ctx) };
  });

  router.post(`${ONE}/merge`, ({ ctx, params }) => ({
    status: 200,
    body: mergeChangeRequest(ctx, params.spaceId!, params.changeRequestId!),
  }));

  router.post(`${ONE}/update`, ({ ctx, params }) => ({
    status: 200,
    body: updateFromMain(ctx, params.spaceId!, params.changeRequestId!),
  }));
}
