import type { Db } from './database';

/** The hashes among `hashes` that this store has no bytes for. */
export function missingBlobs(db: Db, hashes: readonly string[]): string[] {
  if (hashes.length === 0) return [];
  const present = new Set(
    (db.prepare('SELECT hash FROM blobs WHERE hash IN (SELECT value FROM json_each(?))').all(JSON.stringify(hashes)) as Array<{ hash: string }>).map(
      (row) => row.hash,
    ),
  );
  return hashes.filter((hash) => !present.has(hash));
}

/** Hashes of the files in the content of spaces that came from the remote. */
export function mirroredFileHashes(db: Db): string[] {
  return (
    db
      .prepare(
        `SELECT DISTINCT f.hash FROM content_files f JOIN spaces s ON s.id = f.space_id
         WHERE f.deleted = 0 AND s.organization_id IN (SELECT organization_id FROM sync_changes WHERE state = 'remote')`,
      )
      .all() as Array<{ hash: string }>
  ).map((row) => row.hash);
}

/** The spaces whose content holds a file with these bytes (whoever may read one of them may have the bytes). */
export function spacesHoldingBlob(db: Db, hash: string): string[] {
  return (db.prepare('SELECT DISTINCT space_id FROM content_files WHERE hash = ? AND deleted = 0').all(hash) as Array<{ space_id: string }>).map(
    (row) => row.space_id,
  );
}
