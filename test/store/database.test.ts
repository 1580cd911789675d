import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, inTransaction, openDatabase } from '../../src-main/store/database';
import { MIGRATIONS } from '../../src-main/store/migrations';
import { insertUser, getUserByEmail } from '../../src-main/store/users';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'folio-store-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('openDatabase', () => {
  it('creates the data directory and applies every migration in WAL mode', () => {
    const dir = join(tempDir(), 'nested', 'data');
    const db = openDatabase(dir);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('user_version', { simple: true })).toBe(Math.max(...MIGRATIONS.map((m) => m.version)));
    db.close();
  });

  it('is idempotent across restarts', () => {
    const dir = tempDir();
    const first = openDatabase(dir);
    insertUser(first, { email: 'kept@example.com', displayName: 'Kept', now: new Date().toISOString() });
    first.close();
    const second = openDatabase(dir);
    expect(getUserByEmail(second, 'KEPT@example.com')?.display_name).toBe('Kept');
    second.close();
  });

  it('refuses a data directory written by a newer Folio', () => {
    const dir = tempDir();
    openDatabase(dir).close();
    const raw = new Database(join(dir, DATABASE_FILE));
    raw.pragma('user_version = 999');
    raw.close();
    expect(() => openDatabase(dir)).toThrow(/newer Folio/);
  });
});

describe('inTransaction', () => {
  it('rolls back every write when the work throws', () => {
    const db = openDatabase(tempDir());
    const now = new Date().toISOString();
    expect(() =>
      inTransaction(db, () => {
        insertUser(db, { email: 'first@example.com', displayName: 'First', now });
        insertUser(db, { email: 'first@example.com', displayName: 'Duplicate', now });
      }),
    ).toThrow();
    expect(getUserByEmail(db, 'first@example.com')).toBeUndefined();
    db.close();
  });
});
