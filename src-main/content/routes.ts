import { pageFormatQuery, revisionQuery, type PageFormatQuery } from '../../src-shared/schemas/pages';
import type { CallContext } from '../app/context';
import { notFound } from '../errors';
import type { Router } from '../http/router';
import { lazyScope, linkScopeOf, treeLinkScope } from '../links/content-refs';
import type { LinkScope } from '../links/resolve';
import { childrenIndex, presentPage, presentPageTree, type PageView } from './presenter';
import { presentRevision } from './revisions-presenter';
import { gitSyncMarkdownOf } from '../export/page-markdown';
import { contentAtRevision, currentContent, currentPage, currentPageByPath, pagesOfTree, withSubtree, type ContentSnapshot } from './read-service';

/** One page with its children and its body, as markdown unless `format=document` asks for GitBook's JSON document. */
function presentOnePage(
  ctx: CallContext,
  spaceId: string,
  view: PageView,
  all: PageView[],
  markdownOf: (id: string) => string,
  { format }: PageFormatQuery,
  linkScope: () => LinkScope,
  storedMarkdownOf: (id: string) => string,
) {
  return presentPage(view, ctx, { spaceId, children: childrenIndex(all), markdownOf, format, linkScope, storedMarkdownOf });
}

/** Links of a page read now resolve against its tree's pages and files now; of a revision, against the revision's. */
const scopeOfTree = (ctx: CallContext, treeId: string) => lazyScope(() => treeLinkScope(ctx.db, treeId, new URL(ctx.baseUrl).origin));
const scopeOfSnapshot = (ctx: CallContext, snapshot: ContentSnapshot) =>
  lazyScope(() => linkScopeOf(snapshot.pages, snapshot.files, new URL(ctx.baseUrl).origin, snapshot.reusables));

export function registerContentRoutes(router: Router): void {
  router.get('/v1/spaces/{spaceId}/content', { effect: 'read', query: revisionQuery }, ({ ctx, params }) => {
    return { status: 200, body: presentRevision(currentContent(ctx, params.spaceId), ctx, params.spaceId) };
  });

  router.get('/v1/spaces/{spaceId}/content/pages', { effect: 'read', query: revisionQuery }, ({ ctx, params }) => {
    const content = currentContent(ctx, params.spaceId);
    return { status: 200, body: { pages: presentPageTree(content.pages, ctx, params.spaceId, gitSyncMarkdownOf(() => content.pages, content.markdownOf)) } };
  });

  router.get('/v1/spaces/{spaceId}/content/page/{pageId}', { effect: 'read', query: pageFormatQuery }, ({ ctx, params, query }) => {
    const { page, subtree, markdownOf } = withSubtree(ctx, currentPage(ctx, params.spaceId, params.pageId));
    const bodies = gitSyncMarkdownOf(() => pagesOfTree(ctx, page.tree_id), markdownOf);
    return { status: 200, body: presentOnePage(ctx, params.spaceId, page, subtree, bodies, query, scopeOfTree(ctx, page.tree_id), markdownOf) };
  });

  router.get('/v1/spaces/{spaceId}/content/path/{pagePath+}', { effect: 'read', query: pageFormatQuery }, ({ ctx, params, query }) => {
    const { page, subtree, markdownOf } = withSubtree(ctx, currentPageByPath(ctx, params.spaceId, params.pagePath));
    const bodies = gitSyncMarkdownOf(() => pagesOfTree(ctx, page.tree_id), markdownOf);
    return { status: 200, body: presentOnePage(ctx, params.spaceId, page, subtree, bodies, query, scopeOfTree(ctx, page.tree_id), markdownOf) };
  });

  router.get('/v1/spaces/{spaceId}/revisions/{revisionId}', { effect: 'read', query: revisionQuery }, ({ ctx, params }) => {
    const snapshot = contentAtRevision(ctx, params.spaceId, params.revisionId);
    return { status: 200, body: presentRevision(snapshot, ctx, params.spaceId) };
  });

  router.get('/v1/spaces/{spaceId}/revisions/{revisionId}/pages', { effect: 'read', query: revisionQuery }, ({ ctx, params }) => {
    const snapshot = contentAtRevision(ctx, params.spaceId, params.revisionId);
    return { status: 200, body: { pages: presentPageTree(snapshot.pages, ctx, params.spaceId, gitSyncMarkdownOf(() => snapshot.pages, snapshot.markdownOf)) } };
  });

  router.get('/v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}', { effect: 'read', query: pageFormatQuery }, ({ ctx, params, query }) => {
    const snapshot = contentAtRevision(ctx, params.spaceId, params.revisionId);
    const view = snapshot.pages.find((p) => p.page_id === params.pageId);
    if (!view) return notInRevision(params.pageId);
    const bodies = gitSyncMarkdownOf(() => snapshot.pages, snapshot.markdownOf);
    return { status: 200, body: presentOnePage(ctx, params.spaceId, view, snapshot.pages, bodies, query, scopeOfSnapshot(ctx, snapshot), snapshot.markdownOf) };
  });

  router.get('/v1/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath+}', { effect: 'read', query: pageFormatQuery }, ({ ctx, params, query }) => {
    const snapshot = contentAtRevision(ctx, params.spaceId, params.revisionId);
    const path = params.pagePath.replace(/^\/+|\/+$/g, '');
    const view = snapshot.pages.find((p) => p.path === path);
    if (!view) return notInRevision(path);
    const bodies = gitSyncMarkdownOf(() => snapshot.pages, snapshot.markdownOf);
    return { status: 200, body: presentOnePage(ctx, params.spaceId, view, snapshot.pages, bodies, query, scopeOfSnapshot(ctx, snapshot), snapshot.markdownOf) };
  });
}

function notInRevision(what: string): never {
  throw notFound(`Page "${what}" not found in this revision`);
}
