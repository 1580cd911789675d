import { createHash } from 'node:crypto';
import type { Db } from './database';

export interface RevisionRow {
  seq: number;
  id: string;
  space_id: string;
  tree_id: string;
  parents: string;
  type: string;
  created_by: string | null;
  created_at: string;
  base_revision_id: string | null;
}

export function insertRevision(
  db: Db,
  r: { id: string; spaceId: string; treeId: string; parents: string[]; type: string; createdBy: string | null; now: string },
): RevisionRow {
  db.prepare(
    'INSERT INTO revisions (id, space_id, tree_id, parents, type, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(r.id, r.spaceId, r.treeId, JSON.stringify(r.parents), r.type, r.createdBy, r.now);
  return getRevisionById(db, r.id)!;
}

export function getRevisionById(db: Db, id: string): RevisionRow | undefined {
  return db.prepare('SELECT * FROM revisions WHERE id = ?').get(id) as RevisionRow | undefined;
}

export function latestRevisionOfTree(db: Db, treeId: string): RevisionRow | undefined {
  return db.prepare('SELECT * FROM revisions WHERE tree_id = ? ORDER BY seq DESC LIMIT 1').get(treeId) as RevisionRow | undefined;
}

export function insertVersion(
  db: Db,
  v: { treeId: string; revisionSeq: number; pageId: string; data: string | null; bodyHash: string | null },
): void {
  db.prepare('INSERT INTO content_versions (tree_id, revision_seq, page_id, data, body_hash) VALUES (?, ?, ?, ?, ?)').run(
    v.treeId,
    v.revisionSeq,
    v.pageId,
    v.data,
    v.bodyHash,
  );
}

export interface VersionRow {
  page_id: string;
  data: string;
  body_hash: string | null;
}

/** Every page of the tree as of a revision: per page, its newest version at or before it. */
export function pagesAtRevision(db: Db, treeId: string, revisionSeq: number): VersionRow[] {
  return db
    .prepare(
      `SELECT v.page_id, v.data, v.body_hash FROM content_versions v
       JOIN (SELECT page_id, MAX(revision_seq) AS s FROM content_versions
             WHERE tree_id = ? AND revision_seq <= ? GROUP BY page_id) latest
         ON v.page_id = latest.page_id AND v.revision_seq = latest.s
       WHERE v.tree_id = ? AND v.data IS NOT NULL`,
    )
    .all(treeId, revisionSeq, treeId) as VersionRow[];
}

/** Markdown bodies are stored once, by content hash. */
export function storeBody(db: Db, markdown: string): string {
  const hash = createHash('sha256').update(markdown, 'utf8').digest('hex');
  db.prepare('INSERT INTO content_bodies (hash, markdown) VALUES (?, ?) ON CONFLICT(hash) DO NOTHING').run(hash, markdown);
  return hash;
}

export function getBody(db: Db, hash: string): string | undefined {
  return (db.prepare('SELECT markdown FROM content_bodies WHERE hash = ?').get(hash) as { markdown: string } | undefined)
    ?.markdown;
}

export function setSpaceRevision(db: Db, spaceId: string, revisionId: string, now: string): void {
  db.prepare('UPDATE spaces SET revision_id = ?, updated_at = ? WHERE id = ?').run(revisionId, now, spaceId);
}

/** Forgets the page versions of a tree (its space or change request is gone for good). */
export function deleteTreeVersions(db: Db, treeId: string): void {
  db.prepare('DELETE FROM content_versions WHERE tree_id = ?').run(treeId);
}
