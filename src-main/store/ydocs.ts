import type { Db } from './database';
import { newId } from './ids';

interface StoredDoc {
  snapshot: Uint8Array | null;
  snapshotSeq: number;
  generation: string;
  updates: Array<{ seq: number; data: Uint8Array }>;
}

/** The persisted parts of a Yjs document, or undefined when it was never written. */
export function readDoc(db: Db, docId: string): StoredDoc | undefined {
  const head = db.prepare('SELECT snapshot, snapshot_seq, generation FROM ydocs WHERE doc_id = ?').get(docId) as
    | { snapshot: Buffer | null; snapshot_seq: number; generation: string }
    | undefined;
  if (!head) return undefined;
  const updates = db
    .prepare('SELECT seq, data FROM yupdates WHERE doc_id = ? AND seq > ? ORDER BY seq')
    .all(docId, head.snapshot_seq) as Array<{ seq: number; data: Buffer }>;
  return {
    snapshot: head.snapshot ? new Uint8Array(head.snapshot) : null,
    snapshotSeq: head.snapshot_seq,
    generation: head.generation,
    updates: updates.map((u) => ({ seq: u.seq, data: new Uint8Array(u.data) })),
  };
}

export function ensureDocRow(db: Db, docId: string, now: string): void {
  // Looked up first: drawing a generation id for every keystroke only to discard it was a tenth of a push.
  if (db.prepare('SELECT 1 FROM ydocs WHERE doc_id = ?').get(docId)) return;
  db.prepare('INSERT INTO ydocs (doc_id, generation, created_at) VALUES (?, ?, ?)').run(docId, newId(), now);
}

/**
 * Appends an update to a document's log (migration 028: clustered by document, so this writes one page),
 * numbered after the document's last update or, when compaction folded them all, after its snapshot. The
 * document is marked changed for /sync/v1/docs/changed, which numbers it when next asked (sync-docs.ts).
 */
export function appendUpdate(db: Db, docId: string, data: Uint8Array, now: string): number {
  const { seq } = db
    .prepare(
      `INSERT INTO yupdates (doc_id, seq, data, created_at)
       SELECT @doc, COALESCE(MAX(seq), (SELECT snapshot_seq FROM ydocs WHERE doc_id = @doc), 0) + 1, @data, @now
       FROM yupdates WHERE doc_id = @doc
       RETURNING seq`,
    )
    .get({ doc: docId, data: Buffer.from(data), now }) as { seq: number };
  // Written once until the next answer numbers it, not once per keystroke.
  db.prepare('INSERT OR IGNORE INTO doc_changes_unsettled (doc_id) VALUES (?)').run(docId);
  return seq;
}

export function countPendingUpdates(db: Db, docId: string): number {
  return (
    db
      .prepare('SELECT COUNT(*) AS n FROM yupdates u JOIN ydocs d ON d.doc_id = u.doc_id WHERE u.doc_id = ? AND u.seq > d.snapshot_seq')
      .get(docId) as { n: number }
  ).n;
}

export function lastUpdateSeq(db: Db, docId: string): number {
  return (db.prepare('SELECT MAX(seq) AS s FROM yupdates WHERE doc_id = ?').get(docId) as { s: number | null }).s ?? 0;
}

/**
 * Swaps in a snapshot that covers every update up to `uptoSeq` and drops those updates, only if no
 * other compaction moved the snapshot meanwhile (compare-and-swap on snapshot_seq).
 */
export function replaceSnapshot(
  db: Db,
  docId: string,
  expectedSnapshotSeq: number,
  snapshot: Uint8Array,
  uptoSeq: number,
  now: string,
): boolean {
  const swapped = db
    .prepare('UPDATE ydocs SET snapshot = ?, snapshot_seq = ?, compacted_at = ? WHERE doc_id = ? AND snapshot_seq = ?')
    .run(Buffer.from(snapshot), uptoSeq, now, docId, expectedSnapshotSeq).changes;
  if (!swapped) return false;
  db.prepare('DELETE FROM yupdates WHERE doc_id = ? AND seq <= ?').run(docId, uptoSeq);
  return true;
}

export function deleteDocs(db: Db, docIdPrefix: string): void {
  db.prepare("DELETE FROM ydocs WHERE doc_id = ? OR doc_id LIKE ? ESCAPE '\\'").run(
    docIdPrefix,
    `${docIdPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}:%`,
  );
}
