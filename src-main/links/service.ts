import type { ServiceContext } from '../app/context';
import { notFound } from '../errors';
import { requireChangeRequest } from '../change-requests/access';
import { requireSpace } from '../spaces/access';
import { allLiveFiles } from '../store/content-files';
import { getLivePage, listLivePages, type ContentPageRow } from '../store/content-pages';
import { linksOfPage, linksOfTree, type LinkRow } from '../store/links';
import type { SpaceRow } from '../store/spaces';
import { linkScopeOf } from './content-refs';
import { resolveLink, type LinkStatus, type ResolvedLink } from './resolve';

interface LinkUsage extends ResolvedLink {
  relation: LinkRow['relation'];
  /** The page the link is written in. */
  sourcePageId: string;
}

export interface LinkReport {
  space: SpaceRow;
  treeId: string;
  pages: Map<string, ContentPageRow>;
  links: LinkUsage[];
  stats: { total: number; broken: { total: number; changeRequest: number } };
}

/**
 * Which content links are read from: a space's main content, or (given its id) a change request's.
 * Returns the space and the tree.
 */
function scope(ctx: ServiceContext, spaceId: string, changeRequestId?: string): { space: SpaceRow; treeId: string } {
  if (changeRequestId) {
    const { space, changeRequest } = requireChangeRequest(ctx, spaceId, changeRequestId);
    return { space, treeId: changeRequest.id };
  }
  const { space } = requireSpace(ctx, spaceId);
  return { space, treeId: space.id };
}

/** Every link of a space's main content (or a change request's), resolved now. */
export function spaceLinks(ctx: ServiceContext, spaceId: string, appOrigin: string, status?: LinkStatus, changeRequestId?: string): LinkReport {
  const { space, treeId } = scope(ctx, spaceId, changeRequestId);
  return report(ctx, space, treeId, linksOfTree(ctx.db, treeId), appOrigin, status);
}

/** The links written in one page. */
export function pageLinks(ctx: ServiceContext, spaceId: string, pageId: string, appOrigin: string, changeRequestId?: string): LinkReport {
  const { space, treeId } = scope(ctx, spaceId, changeRequestId);
  if (!getLivePage(ctx.db, treeId, pageId)) throw notFound(`Page "${pageId}" not found`);
  return report(ctx, space, treeId, linksOfPage(ctx.db, treeId, pageId), appOrigin);
}

/** Pages whose links lead to the page, or to the file. */
export function backlinks(
  ctx: ServiceContext,
  spaceId: string,
  target: { pageId: string } | { fileId: string },
  appOrigin: string,
  changeRequestId?: string,
) {
  const { space, treeId } = scope(ctx, spaceId, changeRequestId);
  const all = report(ctx, space, treeId, linksOfTree(ctx.db, treeId), appOrigin);
  if ('pageId' in target && !all.pages.has(target.pageId)) throw notFound(`Page "${target.pageId}" not found`);
  if ('fileId' in target && !allLiveFiles(ctx.db, treeId).some((f) => f.file_id === target.fileId)) {
    throw notFound(`File "${target.fileId}" not found`);
  }
  const sources = new Set<string>();
  for (const link of all.links) {
    const t = link.target;
    const hit = 'pageId' in target ? t.kind === 'page' && t.pageId === target.pageId && link.sourcePageId !== target.pageId : t.kind === 'file' && t.fileId === target.fileId;
    if (hit) sources.add(link.sourcePageId);
  }
  return { space, treeId, pages: [...sources].map((id) => all.pages.get(id)!).filter(Boolean), allPages: all.pages };
}

function report(ctx: ServiceContext, space: SpaceRow, treeId: string, rows: LinkRow[], appOrigin: string, status?: LinkStatus): LinkReport {
  const pageRows = listLivePages(ctx.db, treeId);
  const pages = new Map(pageRows.map((p) => [p.page_id, p]));
  const scope = linkScopeOf(pageRows, allLiveFiles(ctx.db, treeId), appOrigin);
  const resolved = rows
    .filter((row) => pages.has(row.page_id))
    .map((row) => ({ ...resolveLink(row.url, row.page_id, scope), relation: row.relation, sourcePageId: row.page_id }));
  const broken = resolved.filter((l) => l.status === 'broken').length;
  return {
    space,
    treeId,
    pages,
    links: status ? resolved.filter((l) => l.status === status) : resolved,
    // Broken links inside change requests are counted once change requests exist (issue 5).
    stats: { total: resolved.length, broken: { total: broken, changeRequest: 0 } },
  };
}
