import { listFilesQuery, pageFormatQuery, revisionQuery, type PageFormatQuery } from '../../src-shared/schemas/pages';
import type { CallContext } from '../app/context';
import { childrenIndex, presentPage, presentPageTree } from '../content/presenter';
import { contentOfTree, pagesOfTree, withSubtree } from '../content/read-service';
import { gitSyncMarkdownOf } from '../export/page-markdown';
import { presentRevision } from '../content/revisions-presenter';
import { notFound, badRequest } from '../errors';
import { presentFile } from '../files/presenter';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { lazyScope, treeLinkScope } from '../links/content-refs';
import { getLiveFile, listLiveFiles } from '../store/content-files';
import { getLivePage, getLivePageByPath, type ContentPageRow } from '../store/content-pages';
import { contentChangesBody, contentChangesQuery } from '../../src-shared/schemas/change-request-content';
import { requireChangeRequest } from './access';
import { applyContentChanges } from './content-changes';
import { presentChangeRequest } from './presenter';
import { currentRevisionOf } from './service';

/** The content reads of a change request: the same presenters as main content, on its own tree. */
export function registerChangeRequestContentRoutes(router: Router): void {
  const scope = (ctx: CallContext, params: { spaceId: string; changeRequestId: string }) => {
    const { space, changeRequest } = requireChangeRequest(ctx, params.spaceId, params.changeRequestId);
    return { spaceId: space.id, treeId: changeRequest.id, revision: currentRevisionOf(ctx, changeRequest) };
  };
  const onePage = (ctx: CallContext, spaceId: string, row: ContentPageRow, { format }: PageFormatQuery) => {
    const { page, subtree, markdownOf: stored } = withSubtree(ctx, row);
    const markdownOf = gitSyncMarkdownOf(() => pagesOfTree(ctx, row.tree_id), stored);
    const linkScope = lazyScope(() => treeLinkScope(ctx.db, row.tree_id, new URL(ctx.baseUrl).origin));
    return presentPage(page, ctx, { spaceId, children: childrenIndex(subtree), markdownOf, format, linkScope, storedMarkdownOf: stored });
  };

  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content', { effect: 'read', query: revisionQuery }, ({ ctx, params }) => {
    const { spaceId, treeId, revision } = scope(ctx, params);
    return { status: 200, body: presentRevision(contentOfTree(ctx, treeId, revision), ctx, spaceId) };
  });

  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages', { effect: 'read', query: revisionQuery }, ({ ctx, params }) => {
    const { spaceId, treeId, revision } = scope(ctx, params);
    const content = contentOfTree(ctx, treeId, revision);
    return { status: 200, body: { pages: presentPageTree(content.pages, ctx, spaceId, gitSyncMarkdownOf(() => content.pages, content.markdownOf)) } };
  });

  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}', { effect: 'read', query: pageFormatQuery }, ({ ctx, params, query }) => {
    const { spaceId, treeId } = scope(ctx, params);
    const row = getLivePage(ctx.db, treeId, params.pageId);
    if (!row) throw notFound(`Page "${params.pageId}" not found in this change request`);
    return { status: 200, body: onePage(ctx, spaceId, row, query) };
  });

  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/path/{pagePath+}', { effect: 'read', query: pageFormatQuery }, ({ ctx, params, query }) => {
    const { spaceId, treeId } = scope(ctx, params);
    const path = params.pagePath.replace(/^\/+|\/+$/g, '');
    if (!path) throw badRequest('pagePath: give the path of a page');
    const row = getLivePageByPath(ctx.db, treeId, path);
    if (!row) throw notFound(`No page at path "${path}" in this change request`);
    return { status: 200, body: onePage(ctx, spaceId, row, query) };
  });

  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files', { effect: 'read', query: listFilesQuery }, ({ ctx, params, query }) => {
    const { page, limit } = query;
    const { treeId } = scope(ctx, params);
    const now = ctx.clock.now();
    return { status: 200, body: listEnvelope(listLiveFiles(ctx.db, treeId, { page, limit }), (f) => presentFile(f, { ...ctx, now })) };
  });

  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}', { effect: 'read', query: revisionQuery }, ({ ctx, params }) => {
    const { treeId } = scope(ctx, params);
    const file = getLiveFile(ctx.db, treeId, params.fileId);
    if (!file) throw notFound(`File "${params.fileId}" not found in this change request`);
    return { status: 200, body: presentFile(file, { ...ctx, now: ctx.clock.now() }) };
  });
}

/** POST .../content: the batch editing endpoint of GitBook's newest spec. */
export function registerChangeRequestEditRoute(router: Router): void {
  router.post('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content', { effect: 'write', query: contentChangesQuery, body: contentChangesBody }, async ({ ctx, params, body, query }) => {
    const { compat } = query;
    const { changes } = body;
    const result = await applyContentChanges(ctx, params.spaceId, params.changeRequestId, changes);
    const changeRequest = presentChangeRequest(result.changeRequest, ctx);
    if (compat !== false) return { status: 200, body: changeRequest };
    const pageUrl = (pageId: string) => `${ctx.baseUrl}/v1/spaces/${result.changeRequest.space_id}/change-requests/${result.changeRequest.id}/content/page/${pageId}`;
    const now = ctx.clock.now();
    return {
      status: 200,
      body: {
        changeRequest,
        changes: result.outcomes.map((o) =>
          o.object === 'deleted_page'
            ? { object: o.object, page: o.pageId }
            : { object: o.object, ...(o.object === 'created_page' && o.ref ? { ref: o.ref } : {}), page: { object: 'page', id: o.pageId, urls: { location: pageUrl(o.pageId) } } },
        ),
        insertedFiles: result.insertedFiles.flatMap((id) => {
          const file = getLiveFile(ctx.db, result.changeRequest.id, id);
          return file ? [presentFile(file, { ...ctx, now })] : [];
        }),
      },
    };
  });
}
