import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import * as Y from 'yjs';
import { openApp } from '../../src-main/app/app';
import { bodyDocId, bodyText } from '../../src-main/content/engine';
import { pushBodyUpdate } from '../../src-main/content/live-service';
import { createPage } from '../../src-main/content/pages-service';
import { currentPage } from '../../src-main/content/read-service';
import { refreshStalePageBodies } from '../../src-main/content/stale-bodies';
import { DATABASE_FILE } from '../../src-main/store/database';
import { fmt, fmtRatio, nowMs, stats, table, yieldTurn, type Benchmark, type Stats } from '../lib/harness';
import { openFixture } from '../lib/fixture';
import { loadSequentialTrace, TRACE_DIR, type Patch, type Trace } from '../lib/trace';

const TRACE_FILE = 'seph-blog1.json.gz';
/** Pushes between two event-loop turns (background compaction runs in them, as between an editor's IPC calls). */
const TURN_EVERY = 100;
const BASELINE_RUNS = 5;
const APPEND_RUNS = 3;
const FOLIO_RUNS = 2;

function applyTxn(text: Y.Text, txn: readonly Patch[]): void {
  text.doc!.transact(() => {
    for (const [pos, del, ins] of txn) {
      if (del) text.delete(pos, del);
      if (ins) text.insert(pos, ins);
    }
  });
}

/** Bare Yjs: the whole trace into one Y.Doc with a V1 update listener. Returns µs per transaction. */
function bareYjsRun(trace: Trace): number {
  const doc = new Y.Doc();
  const text = doc.getText('markdown');
  doc.on('update', () => {});
  const start = nowMs();
  for (const txn of trace.txns) applyTxn(text, txn);
  const ms = nowMs() - start;
  if (text.toString() !== trace.endContent) throw new Error('bare Yjs: the replay does not end at endContent');
  doc.destroy();
  return us(ms, trace.txns.length);
}

/**
 * Yjs + an SQLite append: the same, with each transaction's update appended to a table in a transaction of its
 * own, in a store opened as Folio opens its own (WAL, synchronous NORMAL): the floor of a durable keystroke.
 */
function yjsAppendRun(trace: Trace): number {
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-append-'));
  const db = new Database(join(dir, 'append.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('CREATE TABLE updates (seq INTEGER PRIMARY KEY, doc_id TEXT NOT NULL, data BLOB NOT NULL)');
    const insert = db.prepare('INSERT INTO updates (doc_id, data) VALUES (?, ?)');
    const append = db.transaction((update: Uint8Array) => insert.run('body', Buffer.from(update)));
    const doc = new Y.Doc();
    const text = doc.getText('markdown');
    doc.on('update', (update: Uint8Array) => append(update));
    const start = nowMs();
    for (const txn of trace.txns) applyTxn(text, txn);
    const ms = nowMs() - start;
    if (text.toString() !== trace.endContent) throw new Error('Yjs + append: the replay does not end at endContent');
    doc.destroy();
    return us(ms, trace.txns.length);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Folio: an editor Y.Doc whose every transaction's update goes through pushBodyUpdate. */
async function folioRun(trace: Trace): Promise<{ usPerTxn: number; pushUs: number[]; dbBytes: number }> {
  const fx = openFixture();
  try {
    const spaceId = fx.newSpace('Trace');
    const { pageId } = createPage(fx.ctx, spaceId, { title: 'seph-blog1' });
    const editor = new Y.Doc();
    Y.applyUpdate(editor, fx.app.docs.diff(bodyDocId(spaceId, pageId)), 'server');
    const text = editor.getText('markdown');
    const pushUs: number[] = [];
    editor.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === 'server') return;
      const t = nowMs();
      pushBodyUpdate(fx.ctx, spaceId, pageId, update);
      pushUs.push((nowMs() - t) * 1000);
    });
    const start = nowMs();
    for (let i = 0; i < trace.txns.length; i += 1) {
      applyTxn(text, trace.txns[i]!);
      if (i % TURN_EVERY === TURN_EVERY - 1) await yieldTurn();
    }
    const usPerTxn = us(nowMs() - start, trace.txns.length);
    // What every reader does first (content/stale-bodies.ts), then the read model and the document agree with the trace.
    refreshStalePageBodies(fx.app);
    if (currentPage(fx.ctx, spaceId, pageId).markdown !== trace.endContent) throw new Error('Folio: the read model markdown is not endContent');
    if (bodyText(fx.app.docs.get(bodyDocId(spaceId, pageId))).toString() !== trace.endContent) throw new Error('Folio: the Yjs body is not endContent');
    fx.app.close();
    const dbBytes = ['', '-wal'].reduce((sum, suffix) => {
      try {
        return sum + statSync(join(fx.dir, DATABASE_FILE + suffix)).size;
      } catch {
        return sum;
      }
    }, 0);
    // Reopened from disk, the page reads endContent from both the Yjs document and the read model.
    const again = openApp({ dataDir: fx.dir });
    try {
      const reopened =
        bodyText(again.docs.get(bodyDocId(spaceId, pageId))).toString() === trace.endContent &&
        (again.db.prepare('SELECT markdown FROM content_pages WHERE page_id = ?').get(pageId) as { markdown: string }).markdown === trace.endContent;
      if (!reopened) throw new Error('Folio: the reopened store does not read endContent');
    } finally {
      again.close();
    }
    return { usPerTxn, pushUs, dbBytes };
  } finally {
    fx.close();
  }
}

const us = (ms: number, ops: number) => (ms * 1000) / ops;

const benchmark: Benchmark = {
  name: 'trace',
  order: 1,
  title: `Editing trace: ${TRACE_FILE}, one push per keystroke, vs. bare Yjs and Yjs + an SQLite append`,
  async run({ log }) {
    const trace = loadSequentialTrace(join(TRACE_DIR, TRACE_FILE));
    const n = trace.txns.length;
    log(`trace: ${n} transactions, ${trace.patchCount} patches, ${trace.endContent.length} characters at the end`);
    bareYjsRun(trace); // warm-up
    const bare = stats(Array.from({ length: BASELINE_RUNS }, () => bareYjsRun(trace)));
    log(`bare Yjs: ${fmt(bare.median)} µs/txn`);
    const append = stats(Array.from({ length: APPEND_RUNS }, () => yjsAppendRun(trace)));
    log(`Yjs + SQLite append: ${fmt(append.median)} µs/txn`);
    const folioRuns = [];
    for (let r = 0; r < FOLIO_RUNS; r += 1) {
      folioRuns.push(await folioRun(trace));
      log(`Folio run ${r + 1}: ${fmt(folioRuns[r]!.usPerTxn)} µs/txn`);
    }
    const folio = stats(folioRuns.map((run) => run.usPerTxn));
    const push = stats(folioRuns.flatMap((run) => run.pushUs));
    const row = (label: string, s: Stats) => [label, fmt(s.median), fmt(s.p95), fmtRatio(s.median / bare.median), fmtRatio(s.median / append.median)];
    const lines = [
      `Trace: \`${TRACE_DIR}/${TRACE_FILE}\`, ${n.toLocaleString('en-US')} transactions (${trace.patchCount.toLocaleString('en-US')} patches), ` +
        `final text ${trace.endContent.length.toLocaleString('en-US')} characters; no astral-plane characters, so code-point and UTF-16 positions coincide ` +
        '(the loader converts them in general). Every transaction (one keystroke, or one paste) is one push, from the empty page to the end.',
      '',
      `- **Bare Yjs**: the trace applied to a \`Y.Doc\` with a V1 \`update\` listener (${BASELINE_RUNS} runs after a warm-up).`,
      `- **Yjs + SQLite append**: the same, each update appended to a table in a transaction of its own, in a store opened as Folio opens its own ` +
        `(WAL, synchronous NORMAL): the floor of a durable keystroke (${APPEND_RUNS} runs).`,
      '- **Folio**: an editor `Y.Doc` (the same Yjs work) whose every update goes through `pushBodyUpdate`: authorization, the content engine ' +
        "(the server's copy of the document, the change-request forks), one SQLite transaction and commit, the page marked for its markdown, " +
        `the live-revision timer; an event-loop turn every ${TURN_EVERY} pushes so background compaction runs as between IPC calls (${FOLIO_RUNS} runs, ` +
        'each on a fresh data directory).',
      '',
      table(
        ['replay, one push per transaction', 'µs/txn median', 'µs/txn p95', 'ratio to bare Yjs', 'ratio to Yjs + append'],
        [row('bare Yjs', bare), row('Yjs + SQLite append', append), row('Folio `pushBodyUpdate`', folio)],
      ),
      '',
      `One \`pushBodyUpdate\` call alone: ${fmt(push.median)} µs median, ${fmt(push.p95)} µs p95, ${fmt(push.max / 1000, 1)} ms at most (over every push of every run). ` +
        'Issue 17\'s goal: Folio ≤ 3× Yjs + SQLite append.',
      '',
      'Checked on every run: after what every reader does first (`refreshStalePageBodies`), the read model\'s markdown and the Yjs body equal the ' +
        "trace's final text; after closing and reopening the store both still do. Store size after the trace: " +
        `${fmt(stats(folioRuns.map((run) => run.dbBytes)).median / 1024 / 1024, 1)} MiB (folio.sqlite + WAL, after close).`,
    ];
    return { markdown: lines.join('\n') };
  },
};

export default benchmark;
