import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, inTransaction, openDatabase } from '../../src-main/store/database';
import { withReadSnapshot } from '../../src-main/store/read-snapshot';

const dirs: string[] = [];
const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The app's connection and a second one on the same file, as the `folio` CLI in another process has. */
function twoConnections(): { app: Db; other: Db } {
  const dir = mkdtempSync(join(tmpdir(), 'folio-snapshot-'));
  dirs.push(dir);
  const app = openDatabase(dir);
  app.exec('CREATE TABLE notes (text TEXT)');
  const other = new Database(join(dir, 'folio.sqlite'));
  other.pragma('busy_timeout = 5000');
  open.push(other, app);
  return { app, other };
}

const notes = (db: Db) => (db.prepare('SELECT text FROM notes ORDER BY rowid').all() as Array<{ text: string }>).map((row) => row.text);

describe('a request read snapshot', () => {
  it('reads in one transaction that ends with the work, and sees what another process wrote before it began', () => {
    const { app, other } = twoConnections();
    other.prepare('INSERT INTO notes VALUES (?)').run('before');
    const seen = withReadSnapshot(app, () => {
      const first = notes(app);
      expect(app.inTransaction).toBe(true);
      other.prepare('INSERT INTO notes VALUES (?)').run('during');
      // One snapshot: the second read sees what the first saw.
      expect(notes(app)).toEqual(first);
      return first;
    });
    expect(seen).toEqual(['before']);
    expect(app.inTransaction).toBe(false);
    expect(notes(app)).toEqual(['before', 'during']);
  });

  it('ends before a write transaction, so the write is committed when inTransaction returns', () => {
    const { app, other } = twoConnections();
    withReadSnapshot(app, () => {
      notes(app);
      other.prepare('INSERT INTO notes VALUES (?)').run('from the CLI');
      inTransaction(app, () => app.prepare('INSERT INTO notes VALUES (?)').run('from the request'));
      expect(notes(other)).toEqual(['from the CLI', 'from the request']);
      expect(app.inTransaction).toBe(false);
    });
    expect(notes(app)).toEqual(['from the CLI', 'from the request']);
  });

  it('runs the work again without a snapshot when a write outside inTransaction meets a newer database', () => {
    const { app, other } = twoConnections();
    let runs = 0;
    withReadSnapshot(app, () => {
      runs += 1;
      notes(app);
      if (runs === 1) other.prepare('INSERT INTO notes VALUES (?)').run('from the CLI');
      app.prepare('INSERT INTO notes VALUES (?)').run(`run ${runs}`);
    });
    expect(runs).toBe(2);
    expect(notes(other)).toEqual(['from the CLI', 'run 2']);
  });

  it('keeps what was written before a failure, as without a snapshot', () => {
    const { app, other } = twoConnections();
    expect(() =>
      withReadSnapshot(app, () => {
        app.prepare('INSERT INTO notes VALUES (?)').run('written');
        throw new Error('then it failed');
      }),
    ).toThrow('then it failed');
    expect(app.inTransaction).toBe(false);
    expect(notes(other)).toEqual(['written']);
  });
});
