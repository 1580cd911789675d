import { generateNKeysBetween } from 'fractional-indexing';
import type * as Y from 'yjs';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, notFound } from '../errors';
import type { ContentFileRow } from '../store/content-files';
import { listLivePages } from '../store/content-pages';
import { getRevisionById, markRevisionRestoredFrom, type RevisionRow } from '../store/revisions';
import { cutRevision, refreshTreeRows, treeDocId, writeBody, type TreeRef } from './engine';
import { editableTree } from './pages-service';
import type { PageView } from './presenter';
import { contentAtRevision, type ContentSnapshot, type ReusableView } from './read-service';
import { readReusables, removeReusable, writeReusable } from './reusables-model';
import { allLiveReusables } from '../store/content-reusables';
import {
  compareOrder,
  filesOf,
  orderKeyFor,
  pagesOf,
  readFiles,
  readPages,
  recordedFields,
  writeFile,
  writePage,
  type FileRecord,
  type PageFields,
  type PageRecord,
} from './tree-model';

/**
 * Restoring main content to an earlier revision. Nothing is rebuilt: the old state is written as edits
 * through the content engine — tree fields set on the tree document, bodies rewritten as word diffs on
 * their Y.Text (`writeBody`) — so a restore merges, syncs and forks into open change requests exactly as
 * a writer's edit does, and the history keeps every revision before it. One transaction, one new revision
 * (which notes the revision it restored, for the history's "Restored to …").
 */
interface RestoreResult {
  /** The new revision; null when the content already read as it did then. */
  revision: RevisionRow | null;
}

/** One page back to its title, emoji, description, options and body at `revisionId`; it keeps its place (or comes back to its former parent if deleted). */
export function restorePageToRevision(ctx: ServiceContext, spaceId: string, pageId: string, revisionId: string): RestoreResult {
  return ctx.docs.write((w) => {
    const tree = editableTree(ctx, spaceId);
    const snapshot = mainRevision(ctx, tree, revisionId);
    const then = snapshot.pages.find((p) => p.page_id === pageId);
    if (!then) throw badRequest(`pageId: the page "${pageId}" did not exist at this revision, so it has no state to restore`);
    const now = isoNow(ctx.clock);
    w.change(treeDocId(tree.treeId), (doc) => {
      const pages = readPages(doc);
      const live = pages.find((p) => p.id === pageId);
      if (live) {
        const fields = recordedFields(then);
        if (differs(live, fields)) writePage(doc, pageId, { ...fields, updatedAt: now });
        return;
      }
      // Deleted since: back under its parent of then when that is still here, else at the root, in its former rank.
      const parent = then.parent_id && pages.some((p) => p.id === then.parent_id) ? then.parent_id : null;
      const siblings = pages.filter((p) => p.parent === parent).sort(compareOrder);
      const before = siblings[then.position]?.id;
      writePage(doc, pageId, {
        ...recordedFields(then),
        parent,
        order: orderKeyFor(pages, parent, before ? { before } : {}),
        createdAt: then.created_at,
        updatedAt: now,
      });
    });
    refreshTreeRows(ctx, tree);
    restoreBodies(ctx, w, tree, snapshot, [then]);
    return { revision: recordRestore(ctx, tree, 'edits', revisionId) };
  });
}

/** The whole space back to `revisionId`: pages added since are removed, removed ones come back, every field, order, file and body as it was. */
export function restoreSpaceToRevision(ctx: ServiceContext, spaceId: string, revisionId: string): RestoreResult {
  return ctx.docs.write((w) => {
    const tree = editableTree(ctx, spaceId);
    const snapshot = mainRevision(ctx, tree, revisionId);
    const now = isoNow(ctx.clock);
    w.change(treeDocId(tree.treeId), (doc) => {
      restoreTreePages(doc, snapshot.pages, now);
      restoreFiles(doc, snapshot.files);
      restoreReusableRecords(doc, snapshot.reusables, now);
    });
    refreshTreeRows(ctx, tree);
    restoreBodies(ctx, w, tree, snapshot, snapshot.pages);
    restoreReusableBodies(ctx, w, tree, snapshot);
    // GitBook's revision type for "created as a rollback of a previous revision".
    return { revision: recordRestore(ctx, tree, 'rollback', revisionId) };
  });
}

/** A revision of this space's main content (a change request's revisions are not restored from here). */
function mainRevision(ctx: ServiceContext, tree: TreeRef, revisionId: string): ContentSnapshot {
  const revision = getRevisionById(ctx.db, revisionId);
  if (!revision || revision.space_id !== tree.spaceId) throw notFound(`Revision "${revisionId}" not found in this space`);
  if (revision.tree_id !== tree.treeId) throw badRequest(`revisionId: "${revisionId}" is a revision of a change request, not of the space's content`);
  return contentAtRevision(ctx, tree.spaceId, revisionId);
}

function recordRestore(ctx: ServiceContext, tree: TreeRef, type: 'edits' | 'rollback', restoredFrom: string): RevisionRow | null {
  const revision = cutRevision(ctx, tree, type, ctx.user.id);
  if (!revision) return null;
  markRevisionRestoredFrom(ctx.db, revision.id, restoredFrom);
  return getRevisionById(ctx.db, revision.id)!;
}

function differs(live: PageRecord, fields: Partial<PageFields>): boolean {
  return (Object.keys(fields) as Array<keyof PageFields>).some((key) => JSON.stringify(live[key]) !== JSON.stringify(fields[key]));
}

/** Every page as the revision had it; a page touched gets a new updatedAt, an untouched one is left alone (no write). */
function restoreTreePages(doc: Y.Doc, recorded: PageView[], now: string): void {
  const pages = readPages(doc);
  const wanted = new Set(recorded.map((p) => p.page_id));
  const map = pagesOf(doc);
  for (const page of pages) if (!wanted.has(page.id)) map.delete(page.id);
  const orders = restoredOrders(recorded, pages);
  const live = new Map(pages.map((p) => [p.id, p]));
  for (const view of recorded) {
    const fields: Partial<PageFields> = { ...recordedFields(view), parent: view.parent_id, order: orders.get(view.page_id)! };
    const current = live.get(view.page_id);
    if (!current) writePage(doc, view.page_id, { ...fields, createdAt: view.created_at, updatedAt: now });
    else if (differs(current, fields)) writePage(doc, view.page_id, { ...fields, updatedAt: now });
  }
}

/**
 * Order keys giving each parent's children the revision's order. A family whose current keys already
 * sort that way keeps them (no write, nothing to merge); otherwise the family gets fresh keys.
 */
function restoredOrders(recorded: PageView[], live: PageRecord[]): Map<string, string> {
  const families = new Map<string | null, PageView[]>();
  for (const view of recorded) families.set(view.parent_id, [...(families.get(view.parent_id) ?? []), view]);
  const current = new Map(live.map((p) => [p.id, p]));
  const orders = new Map<string, string>();
  for (const [parent, children] of families) {
    children.sort((a, b) => a.position - b.position);
    const keys = children.map((c) => {
      const now = current.get(c.page_id);
      return now && now.parent === parent ? now.order : undefined;
    });
    const keep = keys.every((key, i) => key !== undefined && (i === 0 || keys[i - 1]! < key));
    const chosen = keep ? (keys as string[]) : generateNKeysBetween(null, null, children.length);
    children.forEach((child, i) => orders.set(child.page_id, chosen[i]!));
  }
  return orders;
}

/** File records as the revision had them (bytes are kept by hash, so a file removed since comes back whole). */
function restoreFiles(doc: Y.Doc, recorded: ContentFileRow[]): void {
  const files = filesOf(doc);
  const current = new Map(readFiles(doc).map((f) => [f.id, f]));
  const wanted = new Set(recorded.map((f) => f.file_id));
  for (const id of current.keys()) if (!wanted.has(id)) files.delete(id);
  for (const row of recorded) {
    const record: FileRecord = {
      id: row.file_id,
      name: row.name,
      contentType: row.content_type,
      hash: row.hash,
      size: row.size,
      width: row.width ?? undefined,
      height: row.height ?? undefined,
      createdAt: row.created_at,
    };
    const now = current.get(row.file_id);
    if (!now || JSON.stringify({ ...now }) !== JSON.stringify(record)) writeFile(doc, record);
  }
}

/** Rewrites, as word diffs on their Y.Text, the bodies that differ from the revision's (only those: a 10,000-page restore touches what changed). */
function restoreBodies(ctx: ServiceContext, w: Parameters<typeof writeBody>[1], tree: TreeRef, snapshot: ContentSnapshot, pages: PageView[]): void {
  const now = new Map(listLivePages(ctx.db, tree.treeId).map((row) => [row.page_id, row.markdown]));
  for (const page of pages) {
    if (page.kind === 'group' || page.kind === 'link') continue;
    const markdown = snapshot.markdownOf(page.page_id);
    if (now.get(page.page_id) !== markdown) writeBody(ctx, w, tree, page.page_id, markdown);
  }
}

/** Reusable contents as the revision had them: those added since removed, removed ones back under the same ids (so includes find them). */
function restoreReusableRecords(doc: Y.Doc, recorded: ReusableView[], now: string): void {
  const current = new Map(readReusables(doc).map((r) => [r.id, r]));
  const wanted = new Set(recorded.map((r) => r.reusable_id));
  for (const id of current.keys()) if (!wanted.has(id)) removeReusable(doc, id);
  for (const view of recorded) {
    const live = current.get(view.reusable_id);
    if (!live) writeReusable(doc, view.reusable_id, { title: view.title, slug: view.slug, createdAt: now, updatedAt: now });
    else if (live.title !== view.title || live.slug !== view.slug) writeReusable(doc, view.reusable_id, { title: view.title, slug: view.slug, updatedAt: now });
  }
}

function restoreReusableBodies(ctx: ServiceContext, w: Parameters<typeof writeBody>[1], tree: TreeRef, snapshot: ContentSnapshot): void {
  const now = new Map(allLiveReusables(ctx.db, tree.treeId).map((row) => [row.reusable_id, row.markdown]));
  for (const reusable of snapshot.reusables) {
    const markdown = snapshot.markdownOf(reusable.reusable_id);
    if (now.get(reusable.reusable_id) !== markdown) writeBody(ctx, w, tree, reusable.reusable_id, markdown);
  }
}
