import type { Db } from './database';

/** A reusable content of a content tree, as its read model keeps it (migration 038). */
export interface ContentReusableRow {
  tree_id: string;
  reusable_id: string;
  space_id: string;
  title: string;
  slug: string;
  markdown: string;
  created_at: string;
  updated_at: string;
  deleted: number;
  dirty: number;
}

type ReusableRowFields = Omit<ContentReusableRow, 'markdown' | 'deleted' | 'dirty'>;

/** What a revision records of a reusable content: its metadata (the body is stored by hash beside it). */
type ReusableVersionData = Omit<ContentReusableRow, 'tree_id' | 'markdown' | 'deleted' | 'dirty'>;

export function treeReusableRows(db: Db, treeId: string): Map<string, ContentReusableRow> {
  const rows = db.prepare('SELECT * FROM content_reusables WHERE tree_id = ?').all(treeId) as ContentReusableRow[];
  return new Map(rows.map((row) => [row.reusable_id, row]));
}

/** Writes a reusable content's record, marking it changed since the last revision (its markdown is kept). */
export function upsertReusableRow(db: Db, row: ReusableRowFields): void {
  db.prepare(
    `INSERT INTO content_reusables (tree_id, reusable_id, space_id, title, slug, created_at, updated_at, deleted, dirty)
     VALUES (@tree_id, @reusable_id, @space_id, @title, @slug, @created_at, @updated_at, 0, 1)
     ON CONFLICT(tree_id, reusable_id) DO UPDATE SET title = excluded.title, slug = excluded.slug,
       updated_at = excluded.updated_at, deleted = 0, dirty = 1`,
  ).run(row);
}

export function markReusableDeleted(db: Db, treeId: string, reusableId: string): void {
  db.prepare('UPDATE content_reusables SET deleted = 1, dirty = 1 WHERE tree_id = ? AND reusable_id = ?').run(treeId, reusableId);
}

export function setReusableMarkdown(db: Db, treeId: string, reusableId: string, markdown: string, now: string): void {
  db.prepare(
    'UPDATE content_reusables SET markdown = ?, updated_at = ?, dirty = 1 WHERE tree_id = ? AND reusable_id = ? AND markdown <> ?',
  ).run(markdown, now, treeId, reusableId, markdown);
}

export function hasLiveReusable(db: Db, treeId: string, reusableId: string): boolean {
  return db.prepare('SELECT 1 FROM content_reusables WHERE tree_id = ? AND reusable_id = ? AND deleted = 0').get(treeId, reusableId) !== undefined;
}

export function getLiveReusable(db: Db, treeId: string, reusableId: string): ContentReusableRow | undefined {
  return db.prepare('SELECT * FROM content_reusables WHERE tree_id = ? AND reusable_id = ? AND deleted = 0').get(treeId, reusableId) as
    | ContentReusableRow
    | undefined;
}

/** The live reusable content an include names by slug (any letter case). */
export function liveReusableBySlug(db: Db, treeId: string, slug: string): ContentReusableRow | undefined {
  return db
    .prepare('SELECT * FROM content_reusables WHERE tree_id = ? AND lower(slug) = lower(?) AND deleted = 0 ORDER BY reusable_id LIMIT 1')
    .get(treeId, slug) as ContentReusableRow | undefined;
}

/** Every live reusable content of a tree, by title. */
export function allLiveReusables(db: Db, treeId: string): ContentReusableRow[] {
  return db
    .prepare('SELECT * FROM content_reusables WHERE tree_id = ? AND deleted = 0 ORDER BY title, reusable_id')
    .all(treeId) as ContentReusableRow[];
}

export function dirtyReusables(db: Db, treeId: string): ContentReusableRow[] {
  return db.prepare('SELECT * FROM content_reusables WHERE tree_id = ? AND dirty = 1').all(treeId) as ContentReusableRow[];
}

/** After a revision recorded them: nothing pending, and deleted ones leave the read model. */
export function settleReusables(db: Db, treeId: string): void {
  db.prepare('DELETE FROM content_reusables WHERE tree_id = ? AND dirty = 1 AND deleted = 1').run(treeId);
  db.prepare('UPDATE content_reusables SET dirty = 0 WHERE tree_id = ? AND dirty = 1').run(treeId);
}

export function insertReusableVersion(
  db: Db,
  version: { treeId: string; revisionSeq: number; reusableId: string; data: string | null; bodyHash: string | null },
): void {
  db.prepare('INSERT INTO content_reusable_versions (tree_id, revision_seq, reusable_id, data, body_hash) VALUES (?, ?, ?, ?, ?)').run(
    version.treeId,
    version.revisionSeq,
    version.reusableId,
    version.data,
    version.bodyHash,
  );
}

/** Every reusable content of a tree as of a revision: what the revision recorded, and its body's hash. */
export function reusablesAtRevision(db: Db, treeId: string, revisionSeq: number): Array<ReusableVersionData & { body_hash: string }> {
  return (
    db
      .prepare(
        `SELECT v.data, v.body_hash FROM content_reusable_versions v
         JOIN (SELECT reusable_id, MAX(revision_seq) AS s FROM content_reusable_versions
               WHERE tree_id = ? AND revision_seq <= ? GROUP BY reusable_id) latest
           ON v.reusable_id = latest.reusable_id AND v.revision_seq = latest.s
         WHERE v.tree_id = ? AND v.data IS NOT NULL ORDER BY v.reusable_id`,
      )
      .all(treeId, revisionSeq, treeId) as Array<{ data: string; body_hash: string }>
  )
    .map((row) => ({ ...(JSON.parse(row.data) as ReusableVersionData), body_hash: row.body_hash }))
    .sort((a, b) => (a.title === b.title ? (a.reusable_id < b.reusable_id ? -1 : 1) : a.title < b.title ? -1 : 1));
}

/** A change request's reusable contents start as a copy of main's, bodies included, pending its first revision. */
export function copyTreeReusables(db: Db, fromTree: string, toTree: string): void {
  db.prepare(
    `INSERT INTO content_reusables (tree_id, reusable_id, space_id, title, slug, markdown, created_at, updated_at, deleted, dirty)
     SELECT ?, reusable_id, space_id, title, slug, markdown, created_at, updated_at, 0, 1
     FROM content_reusables WHERE tree_id = ? AND deleted = 0`,
  ).run(toTree, fromTree);
}

/** As syncUnforkedMarkdown for pages: reusable contents a change request never forked take main's markdown. */
export function syncUnforkedReusableMarkdown(db: Db, mainTree: string, changeRequestId: string): number {
  return db
    .prepare(
      `UPDATE content_reusables AS c SET markdown = m.markdown, dirty = 1
       FROM content_reusables AS m
       WHERE c.tree_id = @cr AND m.tree_id = @main AND m.reusable_id = c.reusable_id AND c.deleted = 0 AND m.deleted = 0
         AND c.markdown <> m.markdown
         AND c.reusable_id NOT IN (SELECT page_id FROM change_request_bodies WHERE change_request_id = @cr)`,
    )
    .run({ main: mainTree, cr: changeRequestId }).changes;
}

/** Forgets the reusable contents' history of a tree (its space or change request is gone for good). */
export function deleteTreeReusableVersions(db: Db, treeId: string): void {
  db.prepare('DELETE FROM content_reusable_versions WHERE tree_id = ?').run(treeId);
}

/** Where a space's reusable contents held a body (by hash), main content first and newest first. */
export function spaceReusableUsingBody(db: Db, spaceId: string, hash: string): { treeId: string; reusableId: string } | undefined {
  return db
    .prepare(
      `SELECT v.tree_id AS treeId, v.reusable_id AS reusableId FROM content_reusable_versions v
       WHERE v.tree_id IN (SELECT DISTINCT tree_id FROM revisions WHERE space_id = ?) AND v.body_hash = ?
       ORDER BY (v.tree_id = ?) DESC, v.seq DESC LIMIT 1`,
    )
    .get(spaceId, hash, spaceId) as { treeId: string; reusableId: string } | undefined;
}
