import type * as Y from 'yjs';
import { isoNow } from '../app/context';
import { markPageDeleted } from '../store/content-pages';
import { childPlaceRows, subtreeTreeRows, treeRowOf, type PlaceRow } from '../store/content-page-families';
import { refreshTreeRows, treeDocId, writePageRow, type ContentContext, type TreeRef } from './engine';
import { baseSlug, uniqueSlug } from './materialize';
import { compareOrder, pagesOf, readPage, readPages, type PagePlace, type PageRecord } from './tree-model';

/**
 * Tree edits at O(change) (issue 17). A local edit of the tree (create, move, rename, delete) changes
 * the rows of the pages it wrote, the places and slugs of their siblings, and the paths and depths
 * below any page whose path moved: only those rows are recomputed, from the tree document (still the
 * source of truth) and the read model's own rows as the index of who sits where. The result is exactly
 * what `refreshTreeRows` (a full materialisation) writes, which test/content/tree-edits-incremental
 * checks over random edit sequences. Remote updates (sync, merges) keep the full refresh.
 *
 * The read model places a page in a parent cycle (left by concurrent moves) at the top level, where
 * its document parent says otherwise; an edit of such a page can reshape the cycle's other pages, so
 * it takes the full refresh.
 */
export interface TreeEdit {
  /** Pages whose record the edit wrote. */
  pages: string[];
  /** Pages the edit removed from the document. */
  removed?: string[];
  /** Parents (null: the top level) whose children may have changed: the edited pages' old and new parents. */
  families: Array<string | null>;
}

/** Brings the read model in line with the document after `edit`, touching only the rows it changed. */
export function refreshEditedRows(ctx: ContentContext, tree: TreeRef, edit: TreeEdit): void {
  const doc = ctx.docs.get(treeDocId(tree.treeId));
  const now = isoNow(ctx.clock);
  for (const id of edit.removed ?? []) {
    const row = treeRowOf(ctx.db, tree.treeId, id);
    if (row && !row.deleted) markPageDeleted(ctx.db, tree.treeId, id);
  }
  const edited = new Set([...edit.pages, ...(edit.removed ?? [])]);
  for (const parent of new Set(edit.families)) {
    // The read model lagging the document should not happen; if it does, the full refresh is exact.
    if (!refreshFamily(ctx, tree, doc, parent, edited, now)) return refreshTreeRows(ctx, tree);
  }
}

/**
 * The family a page is shown in now (its read-model parent), or null when only a full refresh is
 * exact: the page sits in a parent cycle, or has no row.
 */
export function currentFamily(ctx: ContentContext, treeId: string, doc: Y.Doc, pageId: string): { parent: string | null } | null {
  const row = treeRowOf(ctx.db, treeId, pageId);
  if (!row || row.deleted || inParentCycle(doc, pageId)) return null;
  return { parent: row.parent_id };
}

/** The pages whose document parent is `parent` (id and order), found through the read model rather than by reading every record. */
export function childPlaces(ctx: ContentContext, treeId: string, doc: Y.Doc, parent: string | null): PagePlace[] {
  // Children of a page in a cycle that are in the cycle too are shown elsewhere: read them all.
  if (parent !== null && inParentCycle(doc, parent)) return readPages(doc).filter((p) => p.parent === parent);
  const out: PagePlace[] = [];
  for (const row of childPlaceRows(ctx.db, treeId, parent)) {
    const fields = pagesOf(doc).get(row.page_id);
    if (typeof fields?.get('title') !== 'string' || ((fields.get('parent') as string | null | undefined) ?? null) !== parent) continue;
    out.push({ id: row.page_id, parent, order: (fields.get('order') as string | undefined) ?? 'a0' });
  }
  return out;
}

/** The pages below `pageId` by the read model (the same as by the document when it is in no cycle). */
export function descendantIds(ctx: ContentContext, treeId: string, pageId: string): string[] {
  return subtreeTreeRows(ctx.db, treeId, pageId).map((row) => row.page_id);
}

/** Whether `ancestor` is above `pageId` by the document's parents. */
export function hasAncestor(doc: Y.Doc, pageId: string, ancestor: string): boolean {
  const seen = new Set<string>([pageId]);
  let current = readPage(doc, pageId)?.parent ?? null;
  while (current !== null && !seen.has(current)) {
    if (current === ancestor) return true;
    seen.add(current);
    current = readPage(doc, current)?.parent ?? null;
  }
  return false;
}

/** Whether following document parents up from `pageId` comes back to it (materialize shows such pages at the top). */
function inParentCycle(doc: Y.Doc, pageId: string): boolean {
  const seen = new Set<string>([pageId]);
  let current = readPage(doc, pageId)?.parent ?? null;
  while (current !== null) {
    const record = readPage(doc, current);
    if (!record) return false;
    if (current === pageId) return true;
    if (seen.has(current)) return false; // a cycle above, not through this page
    seen.add(current);
    current = record.parent;
  }
  return false;
}

/** The parent materialize gives a record that is in no cycle: its own, if that page exists. */
function shownParent(doc: Y.Doc, record: PageRecord): string | null {
  return record.parent !== null && readPage(doc, record.parent) ? record.parent : null;
}

/**
 * Recomputes the places and slugs of the children of `parent`, as materialize does, and the paths
 * below any of them whose path or depth changed. False when the read model cannot answer.
 */
function refreshFamily(ctx: ContentContext, tree: TreeRef, doc: Y.Doc, parent: string | null, edited: Set<string>, now: string): boolean {
  let parentPath = '';
  let depth = 0;
  if (parent !== null) {
    const parentRow = treeRowOf(ctx.db, tree.treeId, parent);
    if (!parentRow || parentRow.deleted) return false;
    parentPath = parentRow.path;
    depth = parentRow.depth + 1;
  }
  // Only the order and slug of each sibling are read: the rows of those whose place stays are left alone.
  const members: Array<{ id: string; order: string; base: string; row: PlaceRow | undefined }> = [];
  for (const row of childPlaceRows(ctx.db, tree.treeId, parent)) {
    if (edited.has(row.page_id)) continue;
    const fields = pagesOf(doc).get(row.page_id);
    const title = fields?.get('title');
    if (!fields || typeof title !== 'string') return false;
    const order = (fields.get('order') as string | undefined) ?? 'a0';
    members.push({ id: row.page_id, order, base: baseSlug({ slug: (fields.get('slug') as string | undefined) ?? '', title }), row });
  }
  for (const id of edited) {
    const record = readPage(doc, id);
    if (!record || shownParent(doc, record) !== parent) continue;
    if (inParentCycle(doc, id)) return false;
    // An edited page is always rewritten if anything readers see changed: no place row short-cuts it.
    members.push({ id, order: record.order, base: baseSlug(record), row: undefined });
  }
  members.sort(compareOrder);
  const used = new Set<string>();
  for (const [position, { id, base, row: place }] of members.entries()) {
    const slug = uniqueSlug(base, used);
    const path = parentPath ? `${parentPath}/${slug}` : slug;
    // A sibling in the same place, with the same slug and path, has the row full materialisation would leave as it is.
    if (place && place.position === position && place.depth === depth && place.slug === slug && place.path === path) continue;
    const record = readPage(doc, id);
    if (!record) return false;
    const row = treeRowOf(ctx.db, tree.treeId, id);
    writePageRow(ctx, tree, { ...record, parent, position, depth, slug, path }, row, now);
    const moved = row && !row.deleted && (row.path !== path || row.depth !== depth);
    if (moved && !refreshSubtree(ctx, tree, doc, id, { from: row.path, to: path, depthBy: depth - row.depth }, now)) return false;
  }
  return true;
}

/** The pages below a page whose path or depth changed take the new prefix and depth; nothing else of them changes. */
function refreshSubtree(
  ctx: ContentContext,
  tree: TreeRef,
  doc: Y.Doc,
  pageId: string,
  shift: { from: string; to: string; depthBy: number },
  now: string,
): boolean {
  for (const row of subtreeTreeRows(ctx.db, tree.treeId, pageId)) {
    const record = readPage(doc, row.page_id);
    if (!record || !row.path.startsWith(`${shift.from}/`)) return false;
    const path = shift.to + row.path.slice(shift.from.length);
    writePageRow(ctx, tree, { ...record, parent: row.parent_id, position: row.position, depth: row.depth + shift.depthBy, slug: row.slug, path }, row, now);
  }
  return true;
}
