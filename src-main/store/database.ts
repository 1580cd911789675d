import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations';
import { endReadSnapshot } from './read-snapshot';
import { installTokenCache } from './token-cache';
import { registerSyncFunctions, startSyncClock } from './sync-capture';

export type Db = Database.Database;

export const DATABASE_FILE = 'folio.sqlite';

/**
 * Opens (creating if needed) the store of a data directory. This module owns the connection:
 * WAL so readers never block the writer and a second process (the `folio` CLI) can write while
 * the server runs; NORMAL sync is durable across process crashes in WAL mode; foreign keys on.
 */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DATABASE_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // SQLite would checkpoint inside whichever commit crosses 1,000 log pages: a keystroke now and then would pay
  // for copying the whole log into the database. The app checkpoints on a thread of its own instead (wal-checkpoints.ts),
  // and the log is cut back to this size after a checkpoint.
  db.pragma('wal_autocheckpoint = 0');
  db.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  cacheStatements(db);
  // SQLite's lower() folds ASCII only; titles are matched case-insensitively in every script.
  db.function('folio_lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLocaleLowerCase('und') : value,
  );
  // Before migrating: the sync triggers (and the migration that backfills them) call these.
  registerSyncFunctions(db);
  migrate(db);
  installTokenCache(db);
  startSyncClock(db);
  return db;
}

const STATEMENT_CACHE_SIZE = 1000;

/**
 * Compiles each SQL text once per connection: the queries are fixed strings, and re-preparing them
 * on every call was a measurable share of a keystroke (bench/RESULTS.md). Cached statements are
 * shared, so nothing may change their mode (`pluck`, `raw`, `expand`) or hold them mid-`iterate`.
 */
function cacheStatements(db: Db): void {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = prepare(sql);
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    return statement;
  }) as Db['prepare'];
}

/** Runs `work` in one IMMEDIATE transaction: it all lands or nothing does (a request's read snapshot ends first). */
export function inTransaction<T>(db: Db, work: () => T): T {
  endReadSnapshot(db);
  return db.transaction(work).immediate();
}
