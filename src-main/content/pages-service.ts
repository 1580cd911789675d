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
import { descendantsOf, orderKeyFor, readPages, removePageAndDescendants, writePage, type PageRecord } from './tree-model';

/**
 * Edits of a space's main content (allowed while its editMode is live) or, given its id, of a
 * change request's content; the caller must be able to edit. Each call is one transaction
 * (authorization included) and one revision.
 */
export function mainTree(ctx: ServiceContext, spaceId: string, changeRequestId?: string): TreeRef {
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
    const tree = mainTree(ctx, spaceId, changeRequestId);
    const now = isoNow(ctx.clock);
    w.change(treeDocId(tree.treeId), (doc) => {
      const pages = readPages(doc);
      const parent = input.parent ?? null;
      if (parent) requirePage(pages, parent, 'parent');
      writePage(doc, pageId, {
        kind: input.kind ?? 'document',
        title: input.title,
        slug: slugify(input.title),
        parent,
        order: placeAmong(pages, parent, input),
        emoji: input.emoji,
        description: input.description,
        createdAt: now,
        updatedAt: now,
      });
    });
    refreshTreeRows(ctx, tree);
    if (input.markdown) writeBody(ctx, w, tree, pageId, input.markdown);
    return cutRevision(ctx, tree, 'edits', ctx.user.id);
  });
  return { pageId, revision };
}

export function updatePage(ctx: ServiceContext, spaceId: string, pageId: string, input: UpdatePageInput, changeRequestId?: string) {
  return ctx.docs.write((w) => {
    const tree = mainTree(ctx, spaceId, changeRequestId);
    w.change(treeDocId(tree.treeId), (doc) => {
      requirePage(readPages(doc), pageId);
      // writePage deletes a field given as undefined: an update without a title must not pass one.
      writePage(doc, pageId, { updatedAt: isoNow(ctx.clock) });
      // A renamed page gets the slug of its new title, as GitBook does.
      if (input.title !== undefined) writePage(doc, pageId, { title: input.title, slug: slugify(input.title) });
      if (input.emoji !== undefined) writePage(doc, pageId, { emoji: input.emoji ?? undefined });
      if (input.description !== undefined) writePage(doc, pageId, { description: input.description ?? undefined });
      if (input.hidden !== undefined) writePage(doc, pageId, { hidden: input.hidden });
    });
    refreshTreeRows(ctx, tree);
    return cutRevision(ctx, tree, 'edits', ctx.user.id);
  });
}

export function movePage(ctx: ServiceContext, spaceId: string, pageId: string, input: MovePageInput, changeRequestId?: string) {
  return ctx.docs.write((w) => {
    const tree = mainTree(ctx, spaceId, changeRequestId);
    w.change(treeDocId(tree.treeId), (doc) => {
      const pages = readPages(doc);
      const page = requirePage(pages, pageId);
      const parent = input.parent === undefined ? page.parent : input.parent;
      if (parent) {
        requirePage(pages, parent, 'parent');
        if (parent === pageId || descendantsOf(pages, pageId).includes(parent)) {
          throw badRequest('parent: a page cannot be moved under itself or one of its own pages');
        }
      }
      writePage(doc, pageId, { parent, order: placeAmong(pages, parent, input, pageId), updatedAt: isoNow(ctx.clock) });
    });
    refreshTreeRows(ctx, tree);
    return cutRevision(ctx, tree, 'edits', ctx.user.id);
  });
}

/** Deletes the page and every page below it. */
export function deletePage(ctx: ServiceContext, spaceId: string, pageId: string, changeRequestId?: string) {
  return ctx.docs.write((w) => {
    const tree = mainTree(ctx, spaceId, changeRequestId);
    w.change(treeDocId(tree.treeId), (doc) => {
      requirePage(readPages(doc), pageId);
      removePageAndDescendants(doc, pageId);
    });
    refreshTreeRows(ctx, tree);
    return cutRevision(ctx, tree, 'edits', ctx.user.id);
  });
}

export function setPageMarkdown(ctx: ServiceContext, spaceId: string, pageId: string, markdown: string, changeRequestId?: string) {
  return ctx.docs.write((w) => {
    const tree = mainTree(ctx, spaceId, changeRequestId);
    if (!getLivePage(ctx.db, tree.treeId, pageId)) throw notFound(`Page "${pageId}" not found`);
    writeBody(ctx, w, tree, pageId, markdown);
    return cutRevision(ctx, tree, 'edits', ctx.user.id);
  });
}

function requirePage(pages: PageRecord[], pageId: string, field?: string): PageRecord {
  const page = pages.find((p) => p.id === pageId);
  if (!page) {
    if (field) throw badRequest(`${field}: no page "${pageId}" in this space`);
    throw notFound(`Page "${pageId}" not found`);
  }
  return page;
}

function placeAmong(pages: PageRecord[], parent: string | null, at: { before?: string; after?: string }, movingId?: string): string {
  const anchor = at.before ?? at.after;
  if (anchor) {
    const sibling = pages.find((p) => p.id === anchor);
    if (!sibling || sibling.parent !== parent || sibling.id === movingId) {
      throw badRequest(`${at.before ? 'before' : 'after'}: "${anchor}" is not a page beside it`);
    }
  }
  return orderKeyFor(pages, parent, at, movingId);
}
