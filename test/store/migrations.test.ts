import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-main/store/database';
import { MIGRATIONS, type Migration, migrate } from '../../src-main/store/migrations';
import { migratedDatabase } from './schema';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const newest = Math.max(...MIGRATIONS.map((migration) => migration.version));

describe('a fresh install', () => {
  it('migrates an empty data directory to the newest version, intact', () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-fresh-'));
    dirs.push(dir);
    const db = openDatabase(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(newest);
    expect(db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    db.close();
  });
});

describe('migrate', () => {
  const tables = (db: Database.Database) =>
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map((row) => row.name);
  const first: Migration = { version: 1, name: 'first', sql: 'CREATE TABLE a (x INTEGER);' };
  const broken: Migration = { version: 2, name: 'broken', sql: 'CREATE TABLE b (x INTEGER); INSERT INTO b (missing) VALUES (1);' };

  it('stops at the version it is asked to', () => {
    const db = migratedDatabase({ through: 12 });
    expect(db.pragma('user_version', { simple: true })).toBe(12);
    expect(tables(db)).not.toContain('sync_changes');
    migrate(db);
    expect(db.pragma('user_version', { simple: true })).toBe(newest);
    expect(tables(db)).toContain('sync_changes');
    db.close();
  });

  it('leaves the database at the previous version when a migration fails, and applies it once fixed', () => {
    const db = new Database(':memory:');
    expect(() => migrate(db, { migrations: [first, broken] })).toThrow(/Migration 2 \(broken\) failed: .*no column named missing/);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(tables(db)).toEqual(['a']);

    migrate(db, { migrations: [first, { ...broken, sql: 'CREATE TABLE b (x INTEGER); INSERT INTO b (x) VALUES (1);' }] });
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(tables(db)).toEqual(['a', 'b']);
    db.close();
  });

  it('refuses two migrations with the same version', () => {
    const db = new Database(':memory:');
    expect(() => migrate(db, { migrations: [first, { ...first, name: 'twin', sql: 'CREATE TABLE c (x INTEGER);' }] })).toThrow(
      /share version 1/,
    );
    expect(tables(db)).toEqual([]);
    db.close();
  });

  it('refuses a database written by a newer Folio, changing nothing', () => {
    const db = new Database(':memory:');
    db.pragma('user_version = 5');
    expect(() => migrate(db, { migrations: [first] })).toThrow(/newer Folio \(schema 5, this build knows 1\)/);
    expect(tables(db)).toEqual([]);
    db.close();
  });
});
