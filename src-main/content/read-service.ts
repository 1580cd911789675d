import type { ServiceContext } from '../app/context';
import { requireChangeRequest } from '../change-requests/access';
import { badRequest, notFound } from '../errors';
import { requireSpace } from '../spaces/access';
import { allLiveFiles, filesAtRevision, type ContentFileRow } from '../store/content-files';
import { allLiveReusables, reusablesAtRevision } from '../store/content-reusables';
import { bodyHash } from '../store/revisions';
import {
  getLivePage,
  getLivePageByPath,
  listLiveDescendants,
  listLivePages,
  listLivePagesWithoutBodies,
  type ContentPageRow,
} from '../store/content-pages';
import { getBody, getRevisionById, latestRevisionOfTree, pagesAtRevision, type RevisionRow } from '../store/revisions';
import type { PageView } from './presenter';

/**
 * Reads of a space's content: now (the read model) or at any revision (its stored versions).
 * Every read needs the read role on the space.
 */
export interface ContentSnapshot {
  revision: RevisionRow;
  pages: PageView[];
  files: ContentFileRow[];
  /** Reusable contents, by title; their markdown through `markdownOf` too (a body id is a page's or a reusable content's). */
  reusables: ReusableView[];
  markdownOf(pageId: string): string;
}

/** A reusable content as a read gives it: its record and its body's hash (GitBook's document id). */
export interface ReusableView {
  reusable_id: string;
  title: string;
  slug: string;
  body_hash: string;
}

export function currentContent(ctx: ServiceContext, spaceId: string): ContentSnapshot {
  const { space } = requireSpace(ctx, spaceId);
  return contentOfTree(ctx, space.id, space.revision_id);
}

/**
 * The content of a tree now (main content, or a change request's), as of its current revision id.
 * `bodies: false` leaves every markdown empty: a page tree does not need them.
 */
export function contentOfTree(
  ctx: Pick<ServiceContext, 'db'>,
  treeId: string,
  revisionId: string,
  options: { bodies?: boolean } = {},
): ContentSnapshot {
  const rows = options.bodies === false ? listLivePagesWithoutBodies(ctx.db, treeId) : listLivePages(ctx.db, treeId);
  const reusableRows = allLiveReusables(ctx.db, treeId);
  const bodies = new Map([...rows.map((r) => [r.page_id, r.markdown] as const), ...reusableRows.map((r) => [r.reusable_id, r.markdown] as const)]);
  return {
    revision: getRevisionById(ctx.db, revisionId)!,
    pages: rows,
    files: allLiveFiles(ctx.db, treeId),
    reusables: reusableRows.map(({ reusable_id, title, slug, markdown }) => ({ reusable_id, title, slug, body_hash: bodyHash(markdown) })),
    markdownOf: (pageId) => bodies.get(pageId) ?? '',
  };
}

export function contentAtRevision(ctx: ServiceContext, spaceId: string, revisionId: string): ContentSnapshot {
  const { space } = requireSpace(ctx, spaceId);
  const revision = getRevisionById(ctx.db, revisionId);
  if (!revision || revision.space_id !== space.id) throw notFound(`Revision "${revisionId}" not found in this space`);
  const versions = pagesAtRevision(ctx.db, revision.tree_id, revision.seq);
  const reusables = reusablesAtRevision(ctx.db, revision.tree_id, revision.seq);
  const hashes = new Map([...versions.map((v) => [v.page_id, v.body_hash] as const), ...reusables.map((r) => [r.reusable_id, r.body_hash] as const)]);
  const pages = versions.map((v) => ({ page_id: v.page_id, ...(JSON.parse(v.data) as Omit<PageView, 'page_id'>) }));
  return {
    revision,
    pages,
    files: filesAtRevision(ctx.db, revision.tree_id, revision.seq),
    reusables: reusables.map(({ reusable_id, title, slug, body_hash }) => ({ reusable_id, title, slug, body_hash })),
    markdownOf: (pageId) => {
      const hash = hashes.get(pageId);
      return hash ? (getBody(ctx.db, hash) ?? '') : '';
    },
  };
}

/** One page now, with the pages below it (a page is presented with its children). */
interface PageWithSubtree {
  page: ContentPageRow;
  subtree: ContentPageRow[];
  markdownOf(pageId: string): string;
}

export function currentPage(ctx: ServiceContext, spaceId: string, pageId: string): ContentPageRow {
  const { space } = requireSpace(ctx, spaceId);
  const row = getLivePage(ctx.db, space.id, pageId);
  if (!row) throw notFound(`Page "${pageId}" not found`);
  return row;
}

export function currentPageByPath(ctx: ServiceContext, spaceId: string, path: string): ContentPageRow {
  const { space } = requireSpace(ctx, spaceId);
  const clean = path.replace(/^\/+|\/+$/g, '');
  if (!clean) throw badRequest('pagePath: give the path of a page, such as getting-started/install');
  const row = getLivePageByPath(ctx.db, space.id, clean);
  if (!row) throw notFound(`No page at path "${clean}"`);
  return row;
}

/** A page read now with what presenting it needs: the pages below it and their bodies. */
export function withSubtree(ctx: ServiceContext, page: ContentPageRow): PageWithSubtree {
  const subtree = listLiveDescendants(ctx.db, page.tree_id, page.page_id);
  const bodies = new Map([page, ...subtree].map((r) => [r.page_id, r.markdown]));
  return { page, subtree, markdownOf: (pageId) => bodies.get(pageId) ?? '' };
}

/** The pages of a tree now, without their bodies (where each page's file sits needs the whole tree). */
export function pagesOfTree(ctx: Pick<ServiceContext, 'db'>, treeId: string): PageView[] {
  return listLivePagesWithoutBodies(ctx.db, treeId);
}

/** Which content a read is about: a space's main content, or (given its id) a change request's. */
interface ContentTarget {
  spaceId: string;
  treeId: string;
  /** Its current revision. */
  revisionId: string;
  changeRequestId?: string;
}

export function contentTarget(ctx: ServiceContext, spaceId: string, changeRequestId?: string): ContentTarget {
  if (!changeRequestId) {
    const { space } = requireSpace(ctx, spaceId);
    return { spaceId: space.id, treeId: space.id, revisionId: space.revision_id };
  }
  const { space, changeRequest } = requireChangeRequest(ctx, spaceId, changeRequestId);
  // A change request's own revisions carry its tree id; before its first, it reads as its base.
  const revisionId = latestRevisionOfTree(ctx.db, changeRequest.id)?.id ?? changeRequest.revision_initial;
  return { spaceId: space.id, treeId: changeRequest.id, revisionId, changeRequestId: changeRequest.id };
}

/** One live page of the target's content, else 404. */
export function pageOfTarget(ctx: ServiceContext, target: ContentTarget, pageId: string): ContentPageRow {
  const row = getLivePage(ctx.db, target.treeId, pageId);
  if (!row) throw notFound(target.changeRequestId ? `Page "${pageId}" not found in this change request` : `Page "${pageId}" not found`);
  return row;
}
