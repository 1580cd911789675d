import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../../src-main/store/database';
import { startWalCheckpoints } from '../../src-main/store/wal-checkpoints';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function storeWithLog() {
  const dir = mkdtempSync(join(tmpdir(), 'folio-wal-'));
  dirs.push(dir);
  const db = openDatabase(dir);
  db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, data BLOB)');
  const fill = (rows = 200) => {
    const insert = db.prepare('INSERT INTO filler (data) VALUES (?)');
    for (let i = 0; i < rows; i += 1) db.transaction(() => insert.run(Buffer.alloc(3_000, i)))();
  };
  return { db, fill, mainFileSize: () => statSync(join(dir, DATABASE_FILE)).size };
}

describe('WAL checkpoints', () => {
  it('never checkpoints inside a commit: the log keeps the pages until the checkpointer runs', () => {
    const { db, fill, mainFileSize } = storeWithLog();
    const before = mainFileSize();
    // 1,500 commits of 3 KB rows: well past the 1,000 log pages at which SQLite would checkpoint inside a commit.
    fill(1_500);
    expect(mainFileSize()).toBe(before);
    db.close();
  });

  it('copies the log into the database on its own thread, and stops when told', async () => {
    const { db, fill, mainFileSize } = storeWithLog();
    const stop = startWalCheckpoints(db, 20);
    const before = mainFileSize();
    fill();
    const deadline = Date.now() + 5_000;
    while (mainFileSize() === before && Date.now() < deadline) await sleep(20);
    expect(mainFileSize()).toBeGreaterThan(before);

    stop();
    await sleep(100);
    const stopped = mainFileSize();
    fill();
    await sleep(200);
    expect(mainFileSize()).toBe(stopped);
    db.close();
  });
});
