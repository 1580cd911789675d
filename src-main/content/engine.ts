import * as Y from 'yjs';
import { type ServiceContext, isoNow } from '../app/context';
import { newId } from '../store/ids';
import { extractLinks } from '../links/extract';
import { getBodyFork, recordBodyFork, unmergedChangeRequestIds } from '../store/change-requests';
import { splitSections } from '../search/sections';
import { deletePageLinks, replacePageLinks } from '../store/links';
import { hasLiveBody, setBodyMarkdown } from '../store/body-rows';
import { dirtyReusables, insertReusableVersion, settleReusables } from '../store/content-reusables';
import {
  dirtyPages,
  markPageDeleted,
  setPageMarkdown,
  settlePages,
  treeRows,
  upsertPageRow,
  type ContentPageRow,
  type PageRowFields,
} from '../store/content-pages';
import { dirtyFiles, insertFileVersion, markFileDeleted, settleFiles, treeFileRows, upsertFileRow } from '../store/content-files';
import { indexPage, unindexPage } from '../store/search';
import { insertRevision, insertVersion, latestRevisionOfTree, setSpaceRevision, storeBody, type RevisionRow } from '../store/revisions';
import type { DocWriter } from './doc-store';
import { materialize, type MaterializedPage } from './materialize';
import { applyTextDiff } from './text-diff';
import { bodyDocId, bodyText, treeDocId } from './body-docs';
import { refreshStalePageBodies } from './stale-bodies';
import { markPageBodyStale } from '../store/stale-page-bodies';
import { readFiles, readPages, type FileRecord } from './tree-model';
import { refreshReusableRows } from './reusable-rows';
import { readReusables } from './reusables-model';

/** A content tree: a space's main content (treeId = spaceId) or a change request's. */
export interface TreeRef {
  spaceId: string;
  treeId: string;
}

export type ContentContext = Pick<ServiceContext, 'db' | 'clock' | 'docs' | 'user'>;

export { BODY_TEXT, bodyDocId, bodyText, treeDocId } from './body-docs';

/**
 * Brings the read model of a tree in line with its tree document: every page whose place, title,
 * slug or options changed is rewritten (and marked for the next revision), pages gone from the
 * document are marked deleted. Runs inside the write's transaction.
 */
export function refreshTreeRows(ctx: ContentContext, tree: TreeRef): void {
  const treeDoc = ctx.docs.get(treeDocId(tree.treeId));
  refreshFileRows(ctx, tree, readFiles(treeDoc));
  refreshReusableRows(ctx, tree, readReusables(treeDoc));
  const pages = materialize(readPages(treeDoc));
  const existing = treeRows(ctx.db, tree.treeId);
  const now = isoNow(ctx.clock);
  for (const page of pages) {
    const row = existing.get(page.id);
    existing.delete(page.id);
    writePageRow(ctx, tree, page, row, now);
  }
  for (const gone of existing.values()) {
    if (gone.deleted) continue;
    markPageDeleted(ctx.db, tree.treeId, gone.page_id);
  }
}

/**
 * Writes one materialised page into the read model when anything readers see changed (marking it for
 * the next revision). A page that (re)appears takes its body from its document: a page created by a
 * merge or an update, or restored because one side edited it, has no markdown in this tree's rows yet.
 */
export function writePageRow(
  ctx: ContentContext,
  tree: TreeRef,
  page: MaterializedPage,
  row: (PageRowFields & { deleted: number }) | undefined,
  now: string,
): void {
  const meta = JSON.stringify({
    emoji: page.emoji,
    icon: page.icon,
    description: page.description,
    hidden: page.hidden,
    href: page.href,
    options: page.options,
  });
  const unchanged =
    row &&
    !row.deleted &&
    row.parent_id === page.parent &&
    row.position === page.position &&
    row.depth === page.depth &&
    row.kind === page.kind &&
    row.title === page.title &&
    row.slug === page.slug &&
    row.path === page.path &&
    row.meta === meta;
  if (unchanged) return;
  const fresh = !row || row.deleted === 1;
  upsertPageRow(ctx.db, {
    tree_id: tree.treeId,
    page_id: page.id,
    space_id: tree.spaceId,
    parent_id: page.parent,
    position: page.position,
    depth: page.depth,
    kind: page.kind,
    title: page.title,
    slug: page.slug,
    path: page.path,
    meta,
    created_at: row?.created_at ?? page.createdAt ?? now,
    updated_at: page.updatedAt ?? now,
  });
  if (fresh && ctx.docs.exists(bodyDocId(tree.treeId, page.id))) {
    setPageMarkdown(ctx.db, tree.treeId, page.id, bodyText(ctx.docs.get(bodyDocId(tree.treeId, page.id))).toString(), now);
  }
}

const isMain = (tree: TreeRef) => tree.treeId === tree.spaceId;

/** The file rows of a tree, in line with the file records of its tree document. */
function refreshFileRows(ctx: ContentContext, tree: TreeRef, files: FileRecord[]): void {
  const existing = treeFileRows(ctx.db, tree.treeId);
  for (const file of files) {
    const row = existing.get(file.id);
    existing.delete(file.id);
    const fields = {
      tree_id: tree.treeId,
      file_id: file.id,
      space_id: tree.spaceId,
      name: file.name,
      content_type: file.contentType,
      hash: file.hash,
      size: file.size,
      width: file.width ?? null,
      height: file.height ?? null,
      created_at: row?.created_at ?? file.createdAt,
    };
    const unchanged = row && !row.deleted && (Object.keys(fields) as Array<keyof typeof fields>).every((k) => row[k] === fields[k]);
    if (!unchanged) upsertFileRow(ctx.db, fields);
  }
  for (const gone of existing.values()) if (!gone.deleted) markFileDeleted(ctx.db, tree.treeId, gone.file_id);
}


/**
 * Rewrites a body (a page's or a reusable content's) to `markdown` as a minimal diff on its Y.Text, and
 * updates the read model.
 */
export function writeBody(ctx: ContentContext, writer: DocWriter, tree: TreeRef, pageId: string, markdown: string): void {
  prepareBodyWrite(ctx, writer, tree, pageId, true);
  writer.change(bodyDocId(tree.treeId, pageId), (doc) => applyTextDiff(bodyText(doc), markdown));
  setBodyMarkdown(ctx.db, tree.treeId, pageId, markdown, isoNow(ctx.clock));
}

/**
 * Applies a body update from an editor or a replica, and refreshes the page's markdown. `edit`
 * false marks a change request's body as pulled from main rather than edited in the request.
 */
export function applyBodyUpdate(
  ctx: ContentContext,
  writer: DocWriter,
  tree: TreeRef,
  pageId: string,
  update: Uint8Array,
  edit = true,
): void {
  prepareBodyWrite(ctx, writer, tree, pageId, edit);
  const docId = bodyDocId(tree.treeId, pageId);
  writer.applyUpdate(docId, update);
  setBodyMarkdown(ctx.db, tree.treeId, pageId, bodyText(ctx.docs.get(docId)).toString(), isoNow(ctx.clock));
}

/**
 * Applies a keystroke's update from an editor at the cost of the update: it is appended and the page marked,
 * and the markdown read model follows when the writer pauses or something reads it (content/stale-bodies.ts).
 */
export function applyLiveBodyUpdate(ctx: ContentContext, writer: DocWriter, tree: TreeRef, pageId: string, update: Uint8Array): void {
  prepareBodyWrite(ctx, writer, tree, pageId, true);
  if (writer.applyUpdate(bodyDocId(tree.treeId, pageId), update)) markPageBodyStale(ctx.db, tree.treeId, pageId);
}

/**
 * Bodies of change requests are forked lazily, copy-on-write from both sides (docs/content.md):
 * a change request gets its own copy of a body the first time it writes it, and main's first write
 * to a body after a fork copies the body, as it was, into every unmerged change request that still
 * reads main's. Either way a change request sees exactly its base plus its own edits.
 */
function prepareBodyWrite(ctx: ContentContext, writer: DocWriter, tree: TreeRef, pageId: string, edit: boolean): void {
  if (isMain(tree)) {
    for (const crId of unmergedChangeRequestIds(ctx.db, tree.spaceId)) {
      if (!getBodyFork(ctx.db, crId, pageId) && hasLiveBody(ctx.db, crId, pageId)) forkBody(ctx, writer, tree.spaceId, crId, pageId, false);
    }
    return;
  }
  if (getBodyFork(ctx.db, tree.treeId, pageId)) {
    if (edit) recordBodyFork(ctx.db, tree.treeId, pageId, true);
  } else {
    forkBody(ctx, writer, tree.spaceId, tree.treeId, pageId, edit);
  }
}

function forkBody(ctx: ContentContext, writer: DocWriter, spaceId: string, changeRequestId: string, pageId: string, edited: boolean): void {
  const main = bodyDocId(spaceId, pageId);
  if (ctx.docs.exists(main)) writer.applyUpdate(bodyDocId(changeRequestId, pageId), Y.encodeStateAsUpdate(ctx.docs.get(main)));
  recordBodyFork(ctx.db, changeRequestId, pageId, edited);
}

/**
 * Records every page changed since the tree's last revision as a new immutable revision, and makes
 * it the space's current one for main content. Returns null when nothing changed.
 */
export function cutRevision(
  ctx: Pick<ContentContext, 'db' | 'clock' | 'docs'>,
  tree: TreeRef,
  type: 'edits' | 'merge' | 'update' | 'rollback',
  createdBy: string | null,
  /** parents: instead of the tree's previous revision; force: even when nothing changed; derived: false when links and search are already right (a fork). */
  options: { parents?: string[]; force?: boolean; derived?: boolean } = {},
): RevisionRow | null {
  // Keystrokes not yet in the read model are part of this revision.
  refreshStalePageBodies(ctx, tree.treeId);
  const changed = dirtyPages(ctx.db, tree.treeId);
  const changedFiles = dirtyFiles(ctx.db, tree.treeId);
  const changedReusables = dirtyReusables(ctx.db, tree.treeId);
  if (changed.length === 0 && changedFiles.length === 0 && changedReusables.length === 0 && !options.force) return null;
  const now = isoNow(ctx.clock);
  const previous = latestRevisionOfTree(ctx.db, tree.treeId);
  const revision = insertRevision(ctx.db, {
    id: newId(),
    spaceId: tree.spaceId,
    treeId: tree.treeId,
    parents: options.parents ?? (previous ? [previous.id] : []),
    type,
    createdBy,
    now,
  });
  for (const row of changed) {
    // Links and the search index follow a page when a revision records it: in the same transaction
    // as the write for API writes, when the writer pauses for live edits (re-parsing and re-indexing
    // a long page on every keystroke would cost more than the keystroke).
    if (options.derived === false) {
      // A fork's links were copied with its rows, and only main content is searched.
    } else if (row.deleted) {
      deletePageLinks(ctx.db, tree.treeId, row.page_id);
      if (isMain(tree)) unindexPage(ctx.db, tree.spaceId, row.page_id);
    } else {
      replacePageLinks(ctx.db, tree.treeId, row.page_id, extractLinks(row.markdown));
      if (isMain(tree)) indexPage(ctx.db, tree.spaceId, row.page_id, splitSections(row.title, row.markdown));
    }
    insertVersion(ctx.db, {
      treeId: tree.treeId,
      revisionSeq: revision.seq,
      pageId: row.page_id,
      data: row.deleted ? null : JSON.stringify(versionData(row)),
      bodyHash: row.deleted ? null : storeBody(ctx.db, row.markdown),
    });
  }
  for (const file of changedFiles) {
    const { deleted, dirty: _dirty, tree_id: _tree, ...data } = file;
    insertFileVersion(ctx.db, tree.treeId, revision.seq, file.file_id, deleted ? null : JSON.stringify(data));
  }
  for (const reusable of changedReusables) {
    const { tree_id: _tree, markdown, deleted, dirty: _dirty, ...data } = reusable;
    insertReusableVersion(ctx.db, {
      treeId: tree.treeId,
      revisionSeq: revision.seq,
      reusableId: reusable.reusable_id,
      data: deleted ? null : JSON.stringify(data),
      bodyHash: deleted ? null : storeBody(ctx.db, markdown),
    });
  }
  settlePages(ctx.db, tree.treeId);
  settleFiles(ctx.db, tree.treeId);
  settleReusables(ctx.db, tree.treeId);
  if (tree.treeId === tree.spaceId) setSpaceRevision(ctx.db, tree.spaceId, revision.id, now);
  return revision;
}

/** What a revision keeps of a page: everything but its body (stored by hash) and bookkeeping. */
function versionData(row: ContentPageRow) {
  const { tree_id: _tree, space_id: _space, markdown: _markdown, deleted: _deleted, dirty: _dirty, ...data } = row;
  return data;
}

/**
 * Copies the whole content of one tree into another, empty one (duplicating a space). The copy
 * starts from the source's full Yjs state: it is a new document that never merges back, so sharing
 * the history is harmless, and bodies keep their exact text.
 */
export function copyTreeContent(ctx: ContentContext, writer: DocWriter, from: TreeRef, to: TreeRef): void {
  const sourceTree = ctx.docs.get(treeDocId(from.treeId));
  writer.applyUpdate(treeDocId(to.treeId), Y.encodeStateAsUpdate(sourceTree));
  refreshTreeRows(ctx, to);
  for (const { id } of [...readPages(sourceTree), ...readReusables(sourceTree)]) {
    const source = bodyDocId(from.treeId, id);
    if (!ctx.docs.exists(source)) continue;
    applyBodyUpdate(ctx, writer, to, id, Y.encodeStateAsUpdate(ctx.docs.get(source)));
  }
}

/** Removes every document of a tree (a purged space, a deleted change request). */
export function deleteTreeDocuments(ctx: Pick<ContentContext, 'docs'>, treeId: string): void {
  ctx.docs.deleteFamily(treeDocId(treeId));
  ctx.docs.deleteFamily(`body:${treeId}`);
}
