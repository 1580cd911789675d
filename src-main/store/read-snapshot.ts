import type { Db } from './database';

/** The connection whose read snapshot is open, if any (one thread: at most one at a time per connection). */
const open = new WeakSet<Db>();

/**
 * Runs `work` (synchronous: never across an await, where other requests would run inside it) in one read
 * transaction. SQLite in WAL mode otherwise starts and ends a read transaction around every statement, locks
 * on the shared-memory file included: a GET that reads six rows paid that six times (bench `http`). The
 * snapshot begins at the first read and ends when `work` returns; a write transaction (inTransaction) ends it
 * first, so writes commit as they always did. A write outside inTransaction would join the snapshot: if another
 * process wrote since it began (SQLITE_BUSY_SNAPSHOT), `work` runs once more without a snapshot.
 */
export function withReadSnapshot<T>(db: Db, work: () => T): T {
  if (db.inTransaction) return work();
  db.prepare('BEGIN').run();
  open.add(db);
  try {
    const result = work();
    endReadSnapshot(db);
    return result;
  } catch (error) {
    if (!open.has(db) || (error as { code?: unknown }).code !== 'SQLITE_BUSY_SNAPSHOT') {
      // As without a snapshot: whatever was written before the failure stays written.
      endReadSnapshot(db);
      throw error;
    }
    open.delete(db);
    if (db.inTransaction) db.prepare('ROLLBACK').run();
    return work();
  }
}

/** Ends the read snapshot `withReadSnapshot` holds on this connection, if any (before a write transaction). */
export function endReadSnapshot(db: Db): void {
  if (!open.delete(db)) return;
  if (db.inTransaction) db.prepare('COMMIT').run();
}
