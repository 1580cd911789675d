import { z } from 'zod';
import { listQuery } from '../../src-shared/schemas/common';
import type { CallContext } from '../app/context';
import { listEnvelope } from '../http/list';
import { pageInMemory } from '../http/offset-page';
import type { Handler, Router } from '../http/router';
import { locationPresenter } from './presenter';
import { backlinks, pageLinks, spaceLinks, type LinkReport } from './service';

const linksQuery = listQuery.extend({ status: z.enum(['ok', 'broken', 'in-app']).optional() });

function presentReport(ctx: CallContext, report: LinkReport, request: { page?: string; limit?: number }) {
  const locate = locationPresenter(ctx, report.space, report.pages, report.treeId);
  const page = pageInMemory(report.links, request);
  return {
    ...listEnvelope({ rows: page.items, total: page.total, next: page.next }, (link) => ({
      status: link.status,
      relation: link.relation,
      targetReference: locate.target(link.target),
      locationReferences: [locate.page(link.sourcePageId)],
    })),
    stats: report.stats,
  };
}

const origin = (ctx: CallContext) => new URL(ctx.baseUrl).origin;

type ContentParams = { spaceId: string; changeRequestId?: string };

const spaceLinksRoute: Handler<ContentParams, { query: typeof linksQuery }> = ({ ctx, params, query }) => {
  const { status, ...page } = query;
  return { status: 200, body: presentReport(ctx, spaceLinks(ctx, params.spaceId, origin(ctx), status, params.changeRequestId), page) };
};

const pageLinksRoute: Handler<ContentParams & { pageId: string }, { query: typeof listQuery }> = ({ ctx, params, query }) => {
  return { status: 200, body: presentReport(ctx, pageLinks(ctx, params.spaceId, params.pageId, origin(ctx), params.changeRequestId), query) };
};

function backlinksRoute<Params extends ContentParams>(target: (params: Params) => { pageId: string } | { fileId: string }): Handler<Params, { query: typeof listQuery }> {
  return ({ ctx, params, query }) => {
    const found = backlinks(ctx, params.spaceId, target(params), origin(ctx), params.changeRequestId);
    const locate = locationPresenter(ctx, found.space, found.allPages, found.treeId);
    const page = pageInMemory(found.pages, query);
    return { status: 200, body: listEnvelope({ rows: page.items, total: page.total, next: page.next }, (p) => locate.page(p.page_id)) };
  };
}

const pageBacklinks = backlinksRoute<ContentParams & { pageId: string }>((params) => ({ pageId: params.pageId }));
const fileBacklinks = backlinksRoute<ContentParams & { fileId: string }>((params) => ({ fileId: params.fileId }));

/** Links of main content, and under /change-requests/{changeRequestId} those of a change request. */
export function registerLinkRoutes(router: Router): void {
  router.get('/v1/spaces/{spaceId}/links', { effect: 'read', query: linksQuery }, spaceLinksRoute);
  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/links', { effect: 'read', query: linksQuery }, spaceLinksRoute);
  router.get('/v1/spaces/{spaceId}/content/page/{pageId}/links', { effect: 'read', query: listQuery }, pageLinksRoute);
  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links', { effect: 'read', query: listQuery }, pageLinksRoute);
  router.get('/v1/spaces/{spaceId}/content/page/{pageId}/backlinks', { effect: 'read', query: listQuery }, pageBacklinks);
  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/backlinks', { effect: 'read', query: listQuery }, pageBacklinks);
  router.get('/v1/spaces/{spaceId}/content/files/{fileId}/backlinks', { effect: 'read', query: listQuery }, fileBacklinks);
  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks', { effect: 'read', query: listQuery }, fileBacklinks);
}
