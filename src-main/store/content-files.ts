import { createHash } from 'node:crypto';
import type { Db } from './database';
import { listPage, type PageRequest, type PageResult } from './keyset';

export interface ContentFileRow {
  tree_id: string;
  file_id: string;
  space_id: string;
  name: string;
  content_type: string;
  hash: string;
  size: number;
  width: number | null;
  height: number | null;
  created_at: string;
  deleted: number;
  dirty: number;
}

type FileRowFields = Omit<ContentFileRow, 'deleted' | 'dirty'>;

/** Stores bytes once by their SHA-256; returns the hash. */
export function storeBlob(db: Db, bytes: Uint8Array, now: string): string {
  const hash = createHash('sha256').update(bytes).digest('hex');
  db.prepare('INSERT INTO blobs (hash, size, data, created_at) VALUES (?, ?, ?, ?) ON CONFLICT(hash) DO NOTHING').run(
    hash,
    bytes.byteLength,
    Buffer.from(bytes),
    now,
  );
  return hash;
}

export function readBlob(db: Db, hash: string): Buffer | undefined {
  return (db.prepare('SELECT data FROM blobs WHERE hash = ?').get(hash) as { data: Buffer } | undefined)?.data;
}

export function treeFileRows(db: Db, treeId: string): Map<string, ContentFileRow> {
  const rows = db.prepare('SELECT * FROM content_files WHERE tree_id = ?').all(treeId) as ContentFileRow[];
  return new Map(rows.map((r) => [r.file_id, r]));
}

export function upsertFileRow(db: Db, row: FileRowFields): void {
  db.prepare(
    `INSERT INTO content_files (tree_id, file_id, space_id, name, content_type, hash, size, width, height, created_at, deleted, dirty)
     VALUES (@tree_id, @file_id, @space_id, @name, @content_type, @hash, @size, @width, @height, @created_at, 0, 1)
     ON CONFLICT(tree_id, file_id) DO UPDATE SET name = excluded.name, content_type = excluded.content_type,
       hash = excluded.hash, size = excluded.size, width = excluded.width, height = excluded.height, deleted = 0, dirty = 1`,
  ).run(row);
}

export function markFileDeleted(db: Db, treeId: string, fileId: string): void {
  db.prepare('UPDATE content_files SET deleted = 1, dirty = 1 WHERE tree_id = ? AND file_id = ?').run(treeId, fileId);
}

export function getLiveFile(db: Db, treeId: string, fileId: string): ContentFileRow | undefined {
  return db.prepare('SELECT * FROM content_files WHERE tree_id = ? AND file_id = ? AND deleted = 0').get(treeId, fileId) as
    | ContentFileRow
    | undefined;
}

export function listLiveFiles(db: Db, treeId: string, page: PageRequest): PageResult<ContentFileRow> {
  return listPage(
    db,
    {
      select: 'SELECT * FROM content_files',
      where: ['tree_id = ?', 'deleted = 0'],
      params: [treeId],
      order: [
        { expr: 'name', dir: 'asc', key: 'name' },
        { expr: 'file_id', dir: 'asc', key: 'file_id' },
      ],
    },
    page,
  );
}

export function allLiveFiles(db: Db, treeId: string): ContentFileRow[] {
  return db.prepare('SELECT * FROM content_files WHERE tree_id = ? AND deleted = 0 ORDER BY name, file_id').all(treeId) as ContentFileRow[];
}

export function dirtyFiles(db: Db, treeId: string): ContentFileRow[] {
  return db.prepare('SELECT * FROM content_files WHERE tree_id = ? AND dirty = 1').all(treeId) as ContentFileRow[];
}

export function settleFiles(db: Db, treeId: string): void {
  db.prepare('DELETE FROM content_files WHERE tree_id = ? AND deleted = 1').run(treeId);
  db.prepare('UPDATE content_files SET dirty = 0 WHERE tree_id = ? AND dirty = 1').run(treeId);
}

export function insertFileVersion(db: Db, treeId: string, revisionSeq: number, fileId: string, data: string | null): void {
  db.prepare('INSERT INTO content_file_versions (tree_id, revision_seq, file_id, data) VALUES (?, ?, ?, ?)').run(
    treeId,
    revisionSeq,
    fileId,
    data,
  );
}

/** Every file of the tree as of a revision. */
export function filesAtRevision(db: Db, treeId: string, revisionSeq: number): ContentFileRow[] {
  return (
    db
      .prepare(
        `SELECT v.data FROM content_file_versions v
         JOIN (SELECT file_id, MAX(revision_seq) AS s FROM content_file_versions
               WHERE tree_id = ? AND revision_seq <= ? GROUP BY file_id) latest
           ON v.file_id = latest.file_id AND v.revision_seq = latest.s
         WHERE v.tree_id = ? AND v.data IS NOT NULL ORDER BY v.file_id`,
      )
      .all(treeId, revisionSeq, treeId) as Array<{ data: string }>
  )
    .map((r) => JSON.parse(r.data) as ContentFileRow)
    .sort((a, b) => (a.name === b.name ? (a.file_id < b.file_id ? -1 : 1) : a.name < b.name ? -1 : 1));
}

export function deleteTreeFileVersions(db: Db, treeId: string): void {
  db.prepare('DELETE FROM content_file_versions WHERE tree_id = ?').run(treeId);
}

export function copyTreeFiles(db: Db, fromTree: string, toTree: string): void {
  db.prepare(
    `INSERT INTO content_files (tree_id, file_id, space_id, name, content_type, hash, size, width, height, created_at, deleted, dirty)
     SELECT ?, file_id, space_id, name, content_type, hash, size, width, height, created_at, 0, 1
     FROM content_files WHERE tree_id = ? AND deleted = 0`,
  ).run(toTree, fromTree);
}
