import { describe, expect, it } from 'vitest';
import { migrate } from '../../src-main/store/migrations';
import { docsChangedAfter } from '../../src-main/store/sync-docs';
import { appendUpdate, ensureDocRow, readDoc } from '../../src-main/store/ydocs';
import { migratedDatabase } from './schema';

// The update log clustered by document and the changed-documents cursor of /sync/v1 (migration 028).

describe('the document update log', () => {
  it('numbers updates per document, after the snapshot once compaction folded them', () => {
    const db = migratedDatabase();
    ensureDocRow(db, 'body:t:a', 'now');
    ensureDocRow(db, 'body:t:b', 'now');
    expect(appendUpdate(db, 'body:t:a', new Uint8Array([1]), 'now')).toBe(1);
    expect(appendUpdate(db, 'body:t:b', new Uint8Array([2]), 'now')).toBe(1);
    expect(appendUpdate(db, 'body:t:a', new Uint8Array([3]), 'now')).toBe(2);
    db.prepare("UPDATE ydocs SET snapshot_seq = 2 WHERE doc_id = 'body:t:a'").run();
    db.prepare("DELETE FROM yupdates WHERE doc_id = 'body:t:a'").run();
    expect(appendUpdate(db, 'body:t:a', new Uint8Array([4]), 'now')).toBe(3);
    expect(readDoc(db, 'body:t:a')!.updates.map((u) => u.seq)).toEqual([3]);
  });

  it('lists the documents changed after a cursor it handed out, marking a document once however often it changes', () => {
    const db = migratedDatabase();
    ensureDocRow(db, 'body:t:a', 'now');
    ensureDocRow(db, 'body:t:b', 'now');
    appendUpdate(db, 'body:t:a', new Uint8Array([1]), 'now');
    const first = docsChangedAfter(db, 0, 10);
    expect(first.docIds).toEqual(['body:t:a']);

    for (let i = 0; i < 5; i += 1) appendUpdate(db, 'body:t:b', new Uint8Array([i]), 'now');
    expect(db.prepare('SELECT COUNT(*) AS n FROM doc_changes_unsettled').get()).toEqual({ n: 1 });
    const second = docsChangedAfter(db, first.cursor, 10);
    expect(second.docIds).toEqual(['body:t:b']);
    expect(second.cursor).toBeGreaterThan(first.cursor);
    expect(docsChangedAfter(db, second.cursor, 10).docIds).toEqual([]);

    appendUpdate(db, 'body:t:a', new Uint8Array([9]), 'now');
    expect(docsChangedAfter(db, second.cursor, 10).docIds).toEqual(['body:t:a']);
    expect(docsChangedAfter(db, 0, 1)).toMatchObject({ complete: false });
  });

  it('keeps every update and the cursors workstations hold when upgrading to the clustered log', () => {
    const db = migratedDatabase({ through: 27 });
    db.prepare("INSERT INTO ydocs (doc_id, generation, created_at, snapshot_seq) VALUES ('body:t:a', 'g1', 'now', 0), ('body:t:b', 'g2', 'now', 3)").run();
    for (const [doc, byte] of [['body:t:a', 1], ['body:t:b', 2], ['body:t:a', 3], ['body:t:b', 4]] as const) {
      db.prepare('INSERT INTO yupdates (doc_id, data, created_at) VALUES (?, ?, ?)').run(doc, Buffer.from([byte]), 'now');
    }
    // A workstation's cursor before the upgrade: after the first two updates (global seqs 1 and 2).
    migrate(db);
    expect(readDoc(db, 'body:t:a')!.updates.map((u) => [...u.data])).toEqual([[1], [3]]);
    expect(readDoc(db, 'body:t:b')!.updates.map((u) => [...u.data])).toEqual([[4]]); // seq 2 is folded into its snapshot (snapshot_seq 3)
    expect(docsChangedAfter(db, 2, 10).docIds.sort()).toEqual(['body:t:a', 'body:t:b']);
    const { cursor } = docsChangedAfter(db, 0, 10);
    expect(cursor).toBe(4);
    expect(appendUpdate(db, 'body:t:a', new Uint8Array([5]), 'now')).toBe(4);
    expect(docsChangedAfter(db, cursor, 10)).toMatchObject({ docIds: ['body:t:a'], cursor: 5 });
  });
});
