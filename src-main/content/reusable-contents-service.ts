import { slugify } from '../../src-shared/gitbook-markdown/headings';
import { type ServiceContext, isoNow } from '../app/context';
import { notFound } from '../errors';
import { allLiveReusables, getLiveReusable, type ContentReusableRow } from '../store/content-reusables';
import { newId } from '../store/ids';
import { cutRevision, treeDocId, writeBody, type TreeRef } from './engine';
import { editableTree } from './pages-service';
import { contentTarget } from './read-service';
import { refreshReusableRows } from './reusable-rows';
import { readReusables, removeReusable, writeReusable } from './reusables-model';

/**
 * The app's edits of reusable contents (GitBook's API reads them only): create, rename, delete, and their
 * bodies through the same live editing as pages (live-service.ts). Each is one transaction and one revision,
 * in main content or a change request's, with the rules of every content edit (editableTree).
 */
export function listReusableContents(ctx: ServiceContext, spaceId: string, changeRequestId?: string): ContentReusableRow[] {
  return allLiveReusables(ctx.db, contentTarget(ctx, spaceId, changeRequestId).treeId);
}

export function createReusableContent(ctx: ServiceContext, spaceId: string, input: { title: string; markdown?: string }, changeRequestId?: string) {
  const id = newId();
  const revision = ctx.docs.write((writer) => {
    const tree = editableTree(ctx, spaceId, changeRequestId);
    const now = isoNow(ctx.clock);
    writer.change(treeDocId(tree.treeId), (doc) => {
      const taken = new Set(readReusables(doc).map((reusable) => reusable.slug.toLowerCase()));
      writeReusable(doc, id, { title: input.title, slug: freeSlug(slugify(input.title) || 'reusable-content', taken), createdAt: now, updatedAt: now });
    });
    refreshRows(ctx, tree);
    if (input.markdown) writeBody(ctx, writer, tree, id, input.markdown);
    return cutRevision(ctx, tree, 'edits', ctx.user.id);
  });
  return { id, revision: revision?.id };
}

/** A new title; the slug stays, so the pages that include it keep finding it. */
export function renameReusableContent(ctx: ServiceContext, spaceId: string, id: string, title: string, changeRequestId?: string) {
  return ctx.docs.write((writer) => {
    const tree = requireReusableIn(ctx, spaceId, id, changeRequestId);
    writer.change(treeDocId(tree.treeId), (doc) => writeReusable(doc, id, { title, updatedAt: isoNow(ctx.clock) }));
    refreshRows(ctx, tree);
    return cutRevision(ctx, tree, 'edits', ctx.user.id)?.id;
  });
}

/** Removes it; pages that include it then show nothing there, as GitBook shows a missing reusable content. */
export function deleteReusableContent(ctx: ServiceContext, spaceId: string, id: string, changeRequestId?: string) {
  return ctx.docs.write((writer) => {
    const tree = requireReusableIn(ctx, spaceId, id, changeRequestId);
    writer.change(treeDocId(tree.treeId), (doc) => removeReusable(doc, id));
    refreshRows(ctx, tree);
    return cutRevision(ctx, tree, 'edits', ctx.user.id)?.id;
  });
}

function requireReusableIn(ctx: ServiceContext, spaceId: string, id: string, changeRequestId?: string): TreeRef {
  const tree = editableTree(ctx, spaceId, changeRequestId);
  if (!getLiveReusable(ctx.db, tree.treeId, id)) throw notFound(`Reusable content "${id}" not found`);
  return tree;
}

const refreshRows = (ctx: ServiceContext, tree: TreeRef) => refreshReusableRows(ctx, tree, readReusables(ctx.docs.get(treeDocId(tree.treeId))));

/** `base`, or `base-2`, `base-3`…: the first a tree does not use (slugs name the files includes point at). */
function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
