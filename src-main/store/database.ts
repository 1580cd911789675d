import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations';

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
  // SQLite's lower() folds ASCII only; titles are matched case-insensitively in every script.
  db.function('folio_lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLocaleLowerCase('und') : value,
  );
  migrate(db);
  return db;
}

/** Runs `work` in one IMMEDIATE transaction: it all lands or nothing does. */
export function inTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(work).immediate();
}
