import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as Y from 'yjs';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src-main/app/context';
import { DocLoadError, DocStore } from '../../src-main/content/doc-store';
import { openDatabase, type Db } from '../../src-main/store/database';
import { countPendingUpdates } from '../../src-main/store/ydocs';

const opened: Array<{ db: Db; dir: string }> = [];
function openStore(dir = mkdtempSync(join(tmpdir(), 'folio-docs-')), options = {}) {
  const db = openDatabase(dir);
  opened.push({ db, dir });
  return { db, dir, docs: new DocStore(db, systemClock, options) };
}
afterEach(() => {
  for (const { db, dir } of opened.splice(0)) {
    if (db.open) db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

const text = (docs: DocStore, id: string) => docs.get(id).getText('body').toString();

describe('DocStore', () => {
  it('persists changes and reloads them in a new process', () => {
    const { db, dir, docs } = openStore();
    docs.write((w) => w.change('page:a', (doc) => doc.getText('body').insert(0, 'Hello')));
    docs.write((w) => w.change('page:a', (doc) => doc.getText('body').insert(5, ', world')));
    db.close();
    const again = openStore(dir).docs;
    expect(text(again, 'page:a')).toBe('Hello, world');
  });

  it('returns null and writes nothing when a change changes nothing', () => {
    const { db, docs } = openStore();
    const update = docs.write((w) => w.change('page:a', () => {}));
    expect(update).toBeNull();
    expect(db.prepare('SELECT COUNT(*) AS n FROM yupdates').get()).toEqual({ n: 0 });
  });

  it('drops the in-memory document when the transaction fails, so memory matches disk', () => {
    const { docs } = openStore();
    docs.write((w) => w.change('page:a', (doc) => doc.getText('body').insert(0, 'kept')));
    expect(() =>
      docs.write((w) => {
        w.change('page:a', (doc) => doc.getText('body').insert(4, ' lost'));
        throw new Error('a later step of the request failed');
      }),
    ).toThrow(/later step/);
    expect(text(docs, 'page:a')).toBe('kept');
  });

  it('applies the same update twice, or updates out of order, harmlessly and durably', () => {
    const source = new Y.Doc();
    const updates: Uint8Array[] = [];
    source.on('update', (u: Uint8Array) => updates.push(u));
    source.getText('body').insert(0, 'abc');
    source.getText('body').insert(3, 'def');
    source.getText('body').delete(0, 1);

    const { db, dir, docs } = openStore();
    // The last two first: they wait for the first one, and must survive a restart while waiting.
    docs.write((w) => {
      w.applyUpdate('page:a', updates[2]!);
      w.applyUpdate('page:a', updates[1]!);
    });
    db.close();
    const { docs: reopened } = openStore(dir);
    reopened.write((w) => {
      w.applyUpdate('page:a', updates[0]!);
      w.applyUpdate('page:a', updates[0]!);
    });
    expect(text(reopened, 'page:a')).toBe('bcdef');
    expect(reopened.write((w) => w.applyUpdate('page:a', updates[1]!))).toBeNull();
  });

  it('sends a replica only what its state vector lacks', () => {
    const { docs } = openStore();
    docs.write((w) => w.change('page:a', (doc) => doc.getText('body').insert(0, 'first ')));
    const replica = new Y.Doc();
    Y.applyUpdate(replica, docs.diff('page:a'));
    docs.write((w) => w.change('page:a', (doc) => doc.getText('body').insert(6, 'second')));
    const missing = docs.diff('page:a', Y.encodeStateVector(replica));
    expect(missing.byteLength).toBeLessThan(docs.diff('page:a').byteLength);
    Y.applyUpdate(replica, missing);
    expect(replica.getText('body').toString()).toBe('first second');
  });

  it('folds the update log into a snapshot without changing the content', () => {
    const { db, dir, docs } = openStore(undefined, { compactAfter: 1_000_000 });
    for (let i = 0; i < 50; i += 1) docs.write((w) => w.change('page:a', (doc) => doc.getText('body').insert(i, 'x')));
    expect(countPendingUpdates(db, 'page:a')).toBe(50);
    expect(docs.compact('page:a')).toBe(true);
    expect(countPendingUpdates(db, 'page:a')).toBe(0);
    docs.write((w) => w.change('page:a', (doc) => doc.getText('body').insert(0, '>')));
    db.close();
    expect(text(openStore(dir).docs, 'page:a')).toBe(`>${'x'.repeat(50)}`);
  });

  it('compacts in the background once the log is long', async () => {
    const { db, docs } = openStore(undefined, { compactAfter: 10 });
    for (let i = 0; i < 12; i += 1) docs.write((w) => w.change('page:a', (doc) => doc.getText('body').insert(0, 'y')));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(countPendingUpdates(db, 'page:a')).toBe(0);
    expect(text(docs, 'page:a')).toBe('y'.repeat(12));
  });

  it('evicts idle and least recently used documents and reloads them on demand', () => {
    const { docs } = openStore(undefined, { maxCached: 2 });
    for (const id of ['a', 'b', 'c']) docs.write((w) => w.change(id, (doc) => doc.getText('body').insert(0, id)));
    expect(docs.isCached('a')).toBe(false);
    expect(text(docs, 'a')).toBe('a');
    expect(docs.isCached('a')).toBe(true);
  });

  it('refuses to load a corrupt document instead of serving or saving an empty one', () => {
    const { db, docs } = openStore();
    docs.write((w) => w.change('page:a', (doc) => doc.getText('body').insert(0, 'precious')));
    db.prepare("INSERT INTO yupdates (doc_id, seq, data, created_at) VALUES ('page:a', 999, x'ffffffff', 'now')").run();
    docs.forget('page:a');
    expect(() => docs.get('page:a')).toThrow(DocLoadError);
    expect(() => docs.write((w) => w.change('page:a', (doc) => doc.getText('body').insert(0, '!')))).toThrow(DocLoadError);
  });
});
