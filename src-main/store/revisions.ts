import { createHash } from 'node:crypto';
import type { Db } from './database';
import { listPage, type PageRequest, type PageResult } from './keyset';

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
  /** What made it, where `type` cannot say: 'import', 'live' (the app's editor), 'restore'; NULL otherwise. */
  origin: string | null;
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

/** The newest recorded version of one page of a tree (data null: recorded as deleted), if it was ever recorded. */
export function latestPageVersion(db: Db, treeId: string, pageId: string): { revision_seq: number; data: string | null } | undefined {
  return db
    .prepare('SELECT revision_seq, data FROM content_versions WHERE tree_id = ? AND page_id = ? ORDER BY revision_seq DESC LIMIT 1')
    .get(treeId, pageId) as { revision_seq: number; data: string | null } | undefined;
}

/** Markdown bodies are stored once, by content hash. */
/** A body's id: the SHA-256 of its markdown, the key content_bodies stores it under. */
export function bodyHash(markdown: string): string {
  return createHash('sha256').update(markdown, 'utf8').digest('hex');
}

export function storeBody(db: Db, markdown: string): string {
  const hash = bodyHash(markdown);
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

/** Notes what made a revision (an import, live editing) for the history's words. */
export function setRevisionOrigin(db: Db, revisionId: string, origin: 'import' | 'live'): void {
  db.prepare('UPDATE revisions SET origin = ? WHERE id = ?').run(origin, revisionId);
}

/**
 * Notes that a revision restored content to an earlier one: `origin` 'restore', and the revision it went
 * back to in `base_revision_id` (a column no other revision uses), for the history's "Restored to …".
 */
export function markRevisionRestoredFrom(db: Db, revisionId: string, restoredFrom: string): void {
  db.prepare("UPDATE revisions SET origin = 'restore', base_revision_id = ? WHERE id = ?").run(restoredFrom, revisionId);
}

/** A tree's revisions, newest first. */
export function listTreeRevisions(db: Db, treeId: string, request: PageRequest): PageResult<RevisionRow> {
  return listPage<RevisionRow>(
    db,
    { select: 'SELECT * FROM revisions', where: ['tree_id = ?'], params: [treeId], order: [{ expr: 'seq', dir: 'desc', key: 'seq' }] },
    request,
  );
}

export interface RevisionChangeCounts {
  pages: number;
  added: number;
  removed: number;
  files: number;
}

/** How many pages (added or brought back, removed, the rest edited) and files a revision recorded. */
export function revisionChangeCounts(db: Db, treeId: string, revisionSeq: number): RevisionChangeCounts {
  const pages = db
    .prepare(
      `SELECT COUNT(*) AS pages,
              COALESCE(SUM(v.data IS NULL), 0) AS removed,
              COALESCE(SUM(v.data IS NOT NULL AND COALESCE((
                SELECT p.data IS NULL FROM content_versions p
                WHERE p.tree_id = v.tree_id AND p.page_id = v.page_id AND p.revision_seq < v.revision_seq
                ORDER BY p.revision_seq DESC LIMIT 1), 1)), 0) AS added
       FROM content_versions v WHERE v.tree_id = ? AND v.revision_seq = ?`,
    )
    .get(treeId, revisionSeq) as { pages: number; removed: number; added: number };
  const files = db
    .prepare('SELECT COUNT(*) AS n FROM content_file_versions WHERE tree_id = ? AND revision_seq = ?')
    .get(treeId, revisionSeq) as { n: number };
  return { ...pages, files: files.n };
}

interface ChangedPageRow {
  page_id: string;
  /** The page as the revision recorded it; NULL when the revision removed it. */
  data: string | null;
  /** The page's newest earlier state (for the title of a removed page). */
  previous: string | null;
  /** 0: new; 1: it existed just before; 2: it had been deleted (a restored page). */
  before: number;
}

/** The first few pages a revision recorded, with whether they existed before it. */
export function revisionChangedPages(db: Db, treeId: string, revisionSeq: number, limit: number): ChangedPageRow[] {
  return db
    .prepare(
      `SELECT v.page_id, v.data,
              (SELECT p.data FROM content_versions p
               WHERE p.tree_id = v.tree_id AND p.page_id = v.page_id AND p.revision_seq < v.revision_seq AND p.data IS NOT NULL
               ORDER BY p.revision_seq DESC LIMIT 1) AS previous,
              COALESCE((SELECT CASE WHEN p.data IS NULL THEN 2 ELSE 1 END FROM content_versions p
                        WHERE p.tree_id = v.tree_id AND p.page_id = v.page_id AND p.revision_seq < v.revision_seq
                        ORDER BY p.revision_seq DESC LIMIT 1), 0) AS before
       FROM content_versions v WHERE v.tree_id = ? AND v.revision_seq = ? ORDER BY v.seq LIMIT ?`,
    )
    .all(treeId, revisionSeq, limit) as ChangedPageRow[];
}
