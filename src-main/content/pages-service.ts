import type * as Y from 'yjs';
import type { CreatePageInput, MovePageInput, UpdatePageInput } from '../../src-shared/schemas/pages';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, notFound } from '../errors';
import { assertChangeRequestOpenForEdits, requireChangeRequest, treeOf } from '../change-requests/access';
import { assertSpaceWritable, requireSpace } from '../spaces/access';
import { addContributor } from '../store/change-requests';
import { getLivePage } from '../store/content-pages';
import { newId } from '../store/ids';
import { cutRevision, refreshTreeRows, treeDocId, writeBody, type TreeRef } from './engine';
import { slugify } from '../../src-shared/gitbook-markdown/headings';
import { orderKeyFor, pagesOf, readPage, removePageAndDescendants, writePage, type PagePlace, type PageRecord } from './tree-model';
import { childPlaces, currentFamily, descendantIds, hasAncestor, refreshEditedRows, type TreeEdit } from './tree-rows-incremental';

/**
 * Edits of a space's main content (allowed while its editMode is live) or, given its id, of a
 * change request's content; the caller must be able to edit. Each call is one transaction
 * (authorization included) and one revision.
 */
export function editableTree(ctx: ServiceContext, spaceId: string, changeRequestId?: string): TreeRef {
  if (changeRequestId) {
    // A change request is edited whatever the space's editMode: a locked space refuses the merge.
    const { changeRequest } = requireChangeRequest(ctx, spaceId, changeRequestId, 'edit', 'edit its content');
    assertChangeRequestOpenForEdits(changeRequest);
    addContributor(ctx.db, changeRequest.id, ctx.user.id);
    return treeOf(changeRequest);
  }
  const { space } = requireSpace(ctx, spaceId, { required: 'edit', action: 'edit its content' });
  assertSpaceWritable(space);
  return { spaceId: space.id, treeId: space.id };
}

export function createPage(ctx: ServiceContext, spaceId: string, input: CreatePageInput, changeRequestId?: string) {
  const pageId = newId();
  const revision = ctx.docs.write((w) => {
    const tree = editableTree(ctx, spaceId, changeRequestId);
    const now = isoNow(ctx.clock);
    const parent = input.parent ?? null;
    w.change(treeDocId(tree.treeId), (doc) => {
      if (parent) requirePage(doc, parent, 'parent');
      writePage(doc, pageId, {
        kind: input.kind ?? 'document',
        title: input.title,
        slug: slugify(input.title),
        parent,
        order: placeAmong(childPlaces(ctx, tree.treeId, doc, parent), parent, input),
        emoji: input.emoji,
        description: input.description,
        createdAt: now,
        updatedAt: now,
      });
    });
    refreshEditedRows(ctx, tree, { pages: [pageId], families: [parent] });
    if (input.markdown) writeBody(ctx, w, tree, pageId, input.markdown);
    return cutRevision(ctx, tree, 'edits', ctx.user.id);
  });
  return { pageId, revision };
}

export function updatePage(ctx: ServiceContext, spaceId: string, pageId: string, input: UpdatePageInput, changeRequestId?: string) {
  return ctx.docs.write((w) => {
    const tree = editableTree(ctx, spaceId, changeRequestId);
    let edit: TreeEdit | null = null;
    w.change(treeDocId(tree.treeId), (doc) => {
      requirePage(doc, pageId);
      const family = currentFamily(ctx, tree.treeId, doc, pageId);
      if (family) edit = { pages: [pageId], families: [family.parent] };
      // writePage deletes a field given as undefined: an update without a title must not pass one.
      writePage(doc, pageId, { updatedAt: isoNow(ctx.clock) });
      // A renamed page gets the slug of its new title, as GitBook does.
      if (input.title !== undefined) writePage(doc, pageId, { title: input.title, slug: slugify(input.title) });
      if (input.emoji !== undefined) writePage(doc, pageId, { emoji: input.emoji ?? undefined });
      if (input.description !== undefined) writePage(doc, pageId, { description: input.description ?? undefined });
      if (input.hidden !== undefined) writePage(doc, pageId, { hidden: input.hidden });
    });
    refreshRows(ctx, tree, edit);
    return cutRevision(ctx, tree, 'edits', ctx.user.id);
  });
}

export function movePage(ctx: ServiceContext, spaceId: string, pageId: string, input: MovePageInput, changeRequestId?: string) {
  return ctx.docs.write((w) => {
    const tree = editableTree(ctx, spaceId, changeRequestId);
    let edit: TreeEdit | null = null;
    w.change(treeDocId(tree.treeId), (doc) => {
      const page = requirePage(doc, pageId);
      const parent = input.parent === undefined ? page.parent : input.parent;
      if (parent) {
        requirePage(doc, parent, 'parent');
        if (parent === pageId || hasAncestor(doc, parent, pageId)) {
          throw badRequest('parent: a page cannot be moved under itself or one of its own pages');
        }
      }
      const family = currentFamily(ctx, tree.treeId, doc, pageId);
      if (family) edit = { pages: [pageId], families: [family.parent, parent] };
      const siblings = childPlaces(ctx, tree.treeId, doc, parent);
      writePage(doc, pageId, { parent, order: placeAmong(siblings, parent, input, pageId), updatedAt: isoNow(ctx.clock) });
    });
    refreshRows(ctx, tree, edit);
    return cutRevision(ctx, tree, 'edits', ctx.user.id);
  });
}

/** Deletes the page and every page below it. */
export function deletePage(ctx: ServiceContext, spaceId: string, pageId: string, changeRequestId?: string) {
  return ctx.docs.write((w) => {
    const tree = editableTree(ctx, spaceId, changeRequestId);
    let edit: TreeEdit | null = null;
    w.change(treeDocId(tree.treeId), (doc) => {
      requirePage(doc, pageId);
      const family = currentFamily(ctx, tree.treeId, doc, pageId);
      if (!family) {
        removePageAndDescendants(doc, pageId);
        return;
      }
      // Not in a parent cycle, the page's descendants by the document are those the read model shows below it.
      const removed = [pageId, ...descendantIds(ctx, tree.treeId, pageId)];
      for (const id of removed) pagesOf(doc).delete(id);
      edit = { pages: [], removed, families: [family.parent] };
    });
    refreshRows(ctx, tree, edit);
    return cutRevision(ctx, tree, 'edits', ctx.user.id);
  });
}

export function setPageMarkdown(ctx: ServiceContext, spaceId: string, pageId: string, markdown: string, changeRequestId?: string) {
  return ctx.docs.write((w) => {
    const tree = editableTree(ctx, spaceId, changeRequestId);
    if (!getLivePage(ctx.db, tree.treeId, pageId)) throw notFound(`Page "${pageId}" not found`);
    writeBody(ctx, w, tree, pageId, markdown);
    return cutRevision(ctx, tree, 'edits', ctx.user.id);
  });
}

/** Local edits refresh only the rows they touch; an edit only a full materialisation gets exactly right refreshes them all. */
function refreshRows(ctx: ServiceContext, tree: TreeRef, edit: TreeEdit | null): void {
  if (edit) refreshEditedRows(ctx, tree, edit);
  else refreshTreeRows(ctx, tree);
}

function requirePage(doc: Y.Doc, pageId: string, field?: string): PageRecord {
  const page = readPage(doc, pageId);
  if (!page) {
    if (field) throw badRequest(`${field}: no page "${pageId}" in this space`);
    throw notFound(`Page "${pageId}" not found`);
  }
  return page;
}

function placeAmong(pages: PagePlace[], parent: string | null, at: { before?: string; after?: string }, movingId?: string): string {
  const anchor = at.before ?? at.after;
  if (anchor) {
    const sibling = pages.find((p) => p.id === anchor);
    if (!sibling || sibling.parent !== parent || sibling.id === movingId) {
      throw badRequest(`${at.before ? 'before' : 'after'}: "${anchor}" is not a page beside it`);
    }
  }
  return orderKeyFor(pages, parent, at, movingId);
}
