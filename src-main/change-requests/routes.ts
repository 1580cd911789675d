import { z } from 'zod';
import { queryBoolean } from '../../src-shared/schemas/common';
import {
  changeRequestChangesQuery,
  createChangeRequestBody,
  listChangeRequestsQuery,
  updateChangeRequestBody,
} from '../../src-shared/schemas/change-requests';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { badRequest, notFound } from '../errors';
import { signedPdfUrl } from '../pdf/signing';
import { getLivePage } from '../store/content-pages';
import { requireChangeRequest } from './access';
import { presentChangeRequest } from './presenter';
import { changeRequestChanges } from './semantic-changes';
import { presentSemanticChanges } from './semantic-changes-presenter';
import {
  createChangeRequest,
  editChangeRequest,
  getChangeRequestForCaller,
  listSpaceChangeRequests,
  mergeChangeRequest,
  updateFromMain,
} from './service';

export function registerChangeRequestRoutes(router: Router): void {
  router.get('/v1/spaces/{spaceId}/change-requests', { effect: 'read', query: listChangeRequestsQuery }, ({ ctx, params, query }) => {
    const { status, contributor, ...page } = query;
    const result = listSpaceChangeRequests(ctx, params.spaceId, { status, contributor }, page);
    return { status: 200, body: listEnvelope(result, (cr) => presentChangeRequest(cr, ctx)) };
  });

  router.post('/v1/spaces/{spaceId}/change-requests', { effect: 'write', body: createChangeRequestBody, optionalBody: true }, ({ ctx, params, body }) => {
    const { subject } = body;
    const presented = presentChangeRequest(createChangeRequest(ctx, params.spaceId, subject), ctx);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  });

  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: presentChangeRequest(getChangeRequestForCaller(ctx, params.spaceId, params.changeRequestId), ctx),
  }));

  router.patch('/v1/spaces/{spaceId}/change-requests/{changeRequestId}', { effect: 'write', body: updateChangeRequestBody }, ({ ctx, params, body }) => {
    return { status: 200, body: presentChangeRequest(editChangeRequest(ctx, params.spaceId, params.changeRequestId, body), ctx) };
  });

  router.post('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge', { effect: 'write' }, ({ ctx, params }) => ({
    status: 200,
    body: mergeChangeRequest(ctx, params.spaceId, params.changeRequestId),
  }));

  router.post('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/update', { effect: 'write' }, ({ ctx, params }) => ({
    status: 200,
    body: updateFromMain(ctx, params.spaceId, params.changeRequestId),
  }));

  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/changes', { effect: 'read', query: changeRequestChangesQuery }, ({ ctx, params, query }) => {
    const { limit } = query;
    const { changes } = changeRequestChanges(ctx, params.spaceId, params.changeRequestId);
    return { status: 200, body: presentSemanticChanges(changes, ctx, limit) };
  });
}

const pdfQuery = z.object({ only: queryBoolean.optional(), page: z.string().min(1).optional() });

/** GET .../pdf: a signed link to the change request's content as a PDF (the whole of it, or one page). */
export function registerChangeRequestPdfRoute(router: Router): void {
  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf', { effect: 'read', query: pdfQuery }, ({ ctx, params, query }) => {
    const { only, page } = query;
    const { space, changeRequest } = requireChangeRequest(ctx, params.spaceId, params.changeRequestId);
    if (only && !page) throw badRequest('page: only=true needs the page to print');
    if (page && !getLivePage(ctx.db, changeRequest.id, page)) throw notFound(`Page "${page}" not found in this change request`);
    const title = changeRequest.subject || `${space.title || 'Space'} — change request #${changeRequest.number}`;
    const url = signedPdfUrl(ctx.db, ctx.baseUrl, { spaceId: space.id, treeId: changeRequest.id, pageId: only ? page : undefined, title }, ctx.clock.now());
    return { status: 200, body: { url } };
  });
}
