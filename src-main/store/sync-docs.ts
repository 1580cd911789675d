import type { Db } from './database';

/** Trees (main content and change requests) of the spaces in organizations that came from the remote. */
export function mirroredTreeIds(db: Db): Array<{ spaceId: string; treeId: string }> {
  return db
    .prepare(
      `SELECT s.id AS spaceId, s.id AS treeId FROM spaces s
       WHERE s.organization_id IN (SELECT organization_id FROM sync_changes WHERE state = 'remote')
       UNION ALL
       SELECT cr.space_id AS spaceId, cr.id AS treeId FROM change_requests cr JOIN spaces s ON s.id = cr.space_id
       WHERE s.organization_id IN (SELECT organization_id FROM sync_changes WHERE state = 'remote')`,
    )
    .all() as Array<{ spaceId: string; treeId: string }>;
}

/** Body documents stored for a tree (pages may have gone from the tree since). */
export function storedBodyDocIds(db: Db, treeId: string): string[] {
  return (
    db.prepare("SELECT doc_id FROM ydocs WHERE doc_id LIKE ? ESCAPE '\\'").all(`body:${treeId.replace(/[\\%_]/g, (c) => `\\${c}`)}:%`) as Array<{
      doc_id: string;
    }>
  ).map((row) => row.doc_id);
}

/** The organization a tree's content belongs to, if the user is a member of it. */
export function treeOrganizationForUser(db: Db, treeId: string, userId: string): string | undefined {
  return (
    db
      .prepare(
        `SELECT s.organization_id AS org FROM spaces s
         WHERE (s.id = ? OR s.id = (SELECT space_id FROM change_requests WHERE id = ?))
           AND s.organization_id IN (SELECT organization_id FROM members WHERE user_id = ?)`,
      )
      .get(treeId, treeId, userId) as { org: string } | undefined
  )?.org;
}

export function recordDocRefusals(db: Db, refusals: Array<{ docId: string; reason: string; update: Uint8Array }>, now: string): void {
  const insert = db.prepare('INSERT INTO sync_doc_refusals (doc_id, reason, update_data, refused_at) VALUES (?, ?, ?, ?)');
  for (const refusal of refusals) insert.run(refusal.docId, refusal.reason, refusal.update, now);
}

export function docRefusals(db: Db, limit: number): Array<{ docId: string; reason: string; refusedAt: string }> {
  return db
    .prepare('SELECT doc_id AS docId, reason, refused_at AS refusedAt FROM sync_doc_refusals ORDER BY seq DESC LIMIT ?')
    .all(limit) as Array<{ docId: string; reason: string; refusedAt: string }>;
}

/**
 * Documents with an update stored after `afterSeq` (the update log's sequence, which compaction keeps in
 * each document's snapshot_seq), at most `limit`, and the log's current end to continue from.
 */
export function docsChangedAfter(db: Db, afterSeq: number, limit: number): { docIds: string[]; cursor: number; complete: boolean } {
  const cursor =
    (db.prepare('SELECT MAX(m) AS m FROM (SELECT MAX(seq) AS m FROM yupdates UNION ALL SELECT MAX(snapshot_seq) FROM ydocs)').get() as { m: number | null })
      .m ?? 0;
  const rows = db
    .prepare(
      `SELECT doc_id FROM (SELECT DISTINCT doc_id FROM yupdates WHERE seq > ? UNION SELECT doc_id FROM ydocs WHERE snapshot_seq > ?) LIMIT ?`,
    )
    .all(afterSeq, afterSeq, limit + 1) as Array<{ doc_id: string }>;
  return { docIds: rows.slice(0, limit).map((row) => row.doc_id), cursor, complete: rows.length <= limit };
}
