import { inTransaction, type Db } from './database';

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
 * Documents changed after `afterSeq` (a cursor this hands out), at most `limit`, and the cursor to continue from.
 * Documents changed since the last call are numbered first, each with the next number of the counter
 * (migration 028): a keystroke marks its document once instead of writing a number every time.
 */
export function docsChangedAfter(db: Db, afterSeq: number, limit: number): { docIds: string[]; cursor: number; complete: boolean } {
  return inTransaction(db, () => {
    const unsettled = db.prepare('SELECT doc_id FROM doc_changes_unsettled').all() as Array<{ doc_id: string }>;
    if (unsettled.length > 0) {
      const number = db.prepare('UPDATE doc_change_counter SET seq = seq + 1 WHERE id = 1 RETURNING seq');
      const record = db.prepare('INSERT INTO doc_changes (doc_id, seq) VALUES (?, ?) ON CONFLICT(doc_id) DO UPDATE SET seq = excluded.seq');
      for (const { doc_id: docId } of unsettled) record.run(docId, (number.get() as { seq: number }).seq);
      db.prepare('DELETE FROM doc_changes_unsettled').run();
    }
    const cursor = (db.prepare('SELECT seq FROM doc_change_counter WHERE id = 1').get() as { seq: number }).seq;
    const rows = db.prepare('SELECT doc_id FROM doc_changes WHERE seq > ? ORDER BY seq LIMIT ?').all(afterSeq, limit + 1) as Array<{ doc_id: string }>;
    return { docIds: rows.slice(0, limit).map((row) => row.doc_id), cursor, complete: rows.length <= limit };
  });
}
