import Database from 'better-sqlite3';
import type { Db } from '../../src-main/store/database';
import { type MigrateOptions, migrate } from '../../src-main/store/migrations';
import { registerSyncFunctions } from '../../src-main/store/sync-capture';

/** An in-memory database migrated as openDatabase does it (sync functions first), optionally only so far. */
export function migratedDatabase(options: MigrateOptions = {}): Db {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  registerSyncFunctions(db);
  migrate(db, options);
  return db;
}

/** Every object of the schema as SQLite stores it, one block each, in a stable order: a readable snapshot. */
export function schemaText(db: Db): string {
  const rows = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all() as Array<{
    type: string;
    name: string;
    tbl_name: string;
    sql: string | null;
  }>;
  return rows.map((row) => `-- ${row.type} ${row.name} on ${row.tbl_name}\n${row.sql ?? '(automatic)'};\n`).join('\n');
}
