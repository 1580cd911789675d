import { statSync } from 'node:fs';
import { join } from 'node:path';
import * as Y from 'yjs';
import { openApp } from '../../src-main/app/app';
import { bodyDocId, bodyText } from '../../src-main/content/engine';
import { pushBodyUpdate } from '../../src-main/content/live-service';
import { createPage } from '../../src-main/content/pages-service';
import { currentPage } from '../../src-main/content/read-service';
import { DATABASE_FILE } from '../../src-main/store/database';
import { fmt, fmtRatio, nowMs, stats, table, yieldTurn, type Benchmark, type Stats } from '../lib/harness';
import { openFixture } from '../lib/fixture';
import { loadSequentialTrace, textAfter, TRACE_DIR, type Patch, type Trace } from '../lib/trace';

const TRACE_FILE = 'seph-blog1.json.gz';
/** Transactions per push when replaying the whole trace through the service. */
const BATCH = 100;
/** The last transactions of the whole-trace replay are pushed one by one (keystrokes on a long page). */
const TAIL = 1_000;
/** Transactions replayed from the empty page with one push each. */
const PREFIX = 5_000;
const BASELINE_RUNS = 5;
const FOLIO_RUNS = 3;

function applyTxn(text: Y.Text, txn: readonly Patch[]): void {
  text.doc!.transact(() => {
    for (const [pos, del, ins] of txn) {
      if (del) text.delete(pos, del);
      if (ins) text.insert(pos, ins);
    }
  });
}

/** Bare Yjs: the trace into one Y.Doc with a V1 update listener, timing the prefix, the whole and the tail. */
function baselineRun(trace: Trace) {
  const doc = new Y.Doc();
  const text = doc.getText('markdown');
  let bytes = 0;
  doc.on('update', (update: Uint8Array) => {
    bytes += update.length;
  });
  const n = trace.txns.length;
  const start = nowMs();
  let prefixEnd = 0;
  let tailStart = 0;
  for (let i = 0; i < n; i += 1) {
    if (i === PREFIX) prefixEnd = nowMs();
    if (i === n - TAIL) tailStart = nowMs();
    applyTxn(text, trace.txns[i]!);
  }
  const end = nowMs();
  if (text.toString() !== trace.endContent) throw new Error('baseline: the replay does not end at endContent');
  doc.destroy();
  return { totalMs: end - start, prefixMs: prefixEnd - start, tailMs: end - tailStart, bytes };
}

interface PushLog {
  /** Wall time of the whole replay segment, pushes, editor work and yields included. */
  wallMs: number;
  /** Each pushBodyUpdate call alone, in ms. */
  pushes: number[];
}

/** Replays transactions [from, to) from the editor to the service, pushing every `batch` of them. */
async function replay(
  trace: Trace,
  editor: Y.Text,
  push: (update: Uint8Array) => void,
  from: number,
  to: number,
  batch: number,
): Promise<PushLog> {
  const pending: Uint8Array[] = [];
  const listener = (update: Uint8Array) => pending.push(update);
  editor.doc!.on('update', listener);
  const pushes: number[] = [];
  const start = nowMs();
  for (let i = from; i < to; i += 1) {
    applyTxn(editor, trace.txns[i]!);
    if (pending.length >= batch || i === to - 1) {
      const update = pending.length === 1 ? pending[0]! : Y.mergeUpdates(pending);
      pending.length = 0;
      const t = nowMs();
      push(update);
      pushes.push(nowMs() - t);
      // The service compacts in the background (setImmediate); a real editor's IPC gives it those turns.
      await yieldTurn();
    }
  }
  const wallMs = nowMs() - start;
  editor.doc!.off('update', listener);
  return { wallMs, pushes };
}

function folioSession() {
  const fx = openFixture();
  const spaceId = fx.newSpace('Trace');
  const { pageId } = createPage(fx.ctx, spaceId, { title: 'seph-blog1' });
  const editor = new Y.Doc();
  Y.applyUpdate(editor, fx.app.docs.diff(bodyDocId(spaceId, pageId)));
  const push = (update: Uint8Array) => {
    pushBodyUpdate(fx.ctx, spaceId, pageId, update);
  };
  return { fx, spaceId, pageId, editor: editor.getText('markdown'), push };
}

const us = (ms: number, ops: number) => (ms * 1000) / ops;

const benchmark: Benchmark = {
  name: 'trace',
  order: 1,
  title: `Editing trace: ${TRACE_FILE} through pushBodyUpdate vs. bare Yjs`,
  async run({ log }) {
    const trace = loadSequentialTrace(join(TRACE_DIR, TRACE_FILE));
    const n = trace.txns.length;
    log(`trace: ${n} transactions, ${trace.patchCount} patches, ${trace.endContent.length} characters at the end`);

    // Baseline.
    baselineRun(trace); // warm-up
    const base: Array<ReturnType<typeof baselineRun>> = [];
    for (let r = 0; r < BASELINE_RUNS; r += 1) {
      base.push(baselineRun(trace));
    }
    const baseFull = stats(base.map((b) => us(b.totalMs, n)));
    const basePrefix = stats(base.map((b) => us(b.prefixMs, PREFIX)));
    const baseTail = stats(base.map((b) => us(b.tailMs, TAIL)));
    log(`baseline: ${fmt(baseFull.median)} µs/txn over the whole trace`);

    // Keystroke pushes from an empty page over the first PREFIX transactions.
    const prefixText = textAfter(trace, PREFIX);
    const prefixRuns: PushLog[] = [];
    for (let r = 0; r < FOLIO_RUNS; r += 1) {
      const s = folioSession();
      prefixRuns.push(await replay(trace, s.editor, s.push, 0, PREFIX, 1));
      const stored = currentPage(s.fx.ctx, s.spaceId, s.pageId).markdown;
      s.fx.close();
      if (stored !== prefixText) throw new Error('prefix replay: the stored markdown differs from the trace');
      log(`keystroke prefix run ${r + 1}: ${fmt(us(prefixRuns[r]!.wallMs, PREFIX))} µs/txn`);
    }

    // The whole trace: batches of BATCH transactions, then the last TAIL one push each.
    const fullRuns: Array<{ batched: PushLog; tail: PushLog; dbBytes: number; reopened: boolean }> = [];
    for (let r = 0; r < FOLIO_RUNS; r += 1) {
      const s = folioSession();
      const batched = await replay(trace, s.editor, s.push, 0, n - TAIL, BATCH);
      const tail = await replay(trace, s.editor, s.push, n - TAIL, n, 1);
      const stored = currentPage(s.fx.ctx, s.spaceId, s.pageId).markdown;
      const inDoc = bodyText(s.fx.app.docs.get(bodyDocId(s.spaceId, s.pageId))).toString();
      if (stored !== trace.endContent) throw new Error('full replay: the read model markdown is not endContent');
      if (inDoc !== trace.endContent) throw new Error('full replay: the Yjs body is not endContent');
      s.fx.app.close();
      const dbBytes = ['', '-wal'].reduce((sum, suffix) => {
        try {
          return sum + statSync(join(s.fx.dir, DATABASE_FILE + suffix)).size;
        } catch {
          return sum;
        }
      }, 0);
      // Reopened from disk, the page still reads endContent from both the Yjs document and the read model.
      const again = openApp({ dataDir: s.fx.dir });
      const reopened =
        bodyText(again.docs.get(bodyDocId(s.spaceId, s.pageId))).toString() === trace.endContent &&
        (again.db.prepare('SELECT markdown FROM content_pages WHERE page_id = ?').get(s.pageId) as { markdown: string }).markdown ===
          trace.endContent;
      again.close();
      s.fx.close();
      if (!reopened) throw new Error('full replay: the reopened store does not read endContent');
      fullRuns.push({ batched, tail, dbBytes, reopened });
      log(`full run ${r + 1}: ${fmt(us(batched.wallMs, n - TAIL))} µs/txn batched, ${fmt(us(tail.wallMs, TAIL))} µs/txn tail`);
    }

    const prefixUs = stats(prefixRuns.map((p) => us(p.wallMs, PREFIX)));
    const prefixPush = stats(prefixRuns.flatMap((p) => p.pushes));
    const batchedUs = stats(fullRuns.map((f) => us(f.batched.wallMs, n - TAIL)));
    const batchedPush = stats(fullRuns.flatMap((f) => f.batched.pushes));
    const tailUs = stats(fullRuns.map((f) => us(f.tail.wallMs, TAIL)));
    const tailPush = stats(fullRuns.flatMap((f) => f.tail.pushes));
    const baseBatched = stats(base.map((b) => us(b.totalMs - b.tailMs, n - TAIL)));
    const fullUs = stats(fullRuns.map((f) => us(f.batched.wallMs + f.tail.wallMs, n)));
    const minutesAt = (usPerOp: number) => (usPerOp * n) / 1e6 / 60;

    const row = (label: string, ops: number, s: Stats, baseline: Stats, push: Stats | null) => [
      label,
      ops.toLocaleString('en-US'),
      fmt(s.median),
      fmt(s.p95),
      fmt(baseline.median),
      fmtRatio(s.median / baseline.median),
      push ? fmt(push.median * 1000) : '—',
      push ? fmt(push.mean * 1000) : '—',
      push ? fmt(push.p95 * 1000) : '—',
    ];
    const lines = [
      `Trace: \`${TRACE_DIR}/${TRACE_FILE}\`, ${n.toLocaleString('en-US')} transactions (${trace.patchCount.toLocaleString('en-US')} patches), ` +
        `final text ${trace.endContent.length.toLocaleString('en-US')} characters; no astral-plane characters, so code-point and UTF-16 positions coincide ` +
        `(the loader converts them in general). An *operation* is one transaction of the trace (one keystroke, or one paste).`,
      '',
      `- **Baseline**: the trace applied to a bare \`Y.Doc\` with a V1 \`update\` listener, ${BASELINE_RUNS} runs after a warm-up; its time over the same ` +
        'range of transactions is the denominator of each ratio.',
      `- **Folio**: an editor \`Y.Doc\` (the same work as the baseline) whose updates go through \`pushBodyUpdate\` — authorization, one SQLite ` +
        'transaction and commit per push with the read model kept in step, the live-revision timer — with one event-loop turn after each push so ' +
        `background compaction runs as it would between IPC calls. ${FOLIO_RUNS} runs each, on a fresh data directory.`,
      `- One push per transaction over the whole trace would take ${fmt(minutesAt(prefixUs.median), 1)}–${fmt(minutesAt(tailUs.median), 1)} ` +
        `minutes per run (the keystroke rows' rates at the start and at the end of the page: a push costs more as the page grows), ` +
        `past this benchmark's time budget, so the whole trace is pushed in batches of ${BATCH} transactions ` +
        `(\`Y.mergeUpdates\`) except its last ${TAIL.toLocaleString('en-US')} transactions, pushed one by one on the ~56k-character page; ` +
        `the first ${PREFIX.toLocaleString('en-US')} transactions are also replayed one push each from an empty page.`,
      '',
      table(
        ['replay', 'operations', 'µs/op median', 'µs/op p95', 'baseline µs/op', 'ratio', 'push median µs', 'push mean µs', 'push p95 µs'],
        [
          row(`keystrokes, first ${PREFIX.toLocaleString('en-US')} txns (1 push/txn, page grows 0 → ${prefixText.length.toLocaleString('en-US')} chars)`, PREFIX, prefixUs, basePrefix, prefixPush),
          row(`whole trace except the tail, ${BATCH} txns/push`, n - TAIL, batchedUs, baseBatched, batchedPush),
          row(`last ${TAIL.toLocaleString('en-US')} txns, 1 push/txn (page ≈ ${trace.endContent.length.toLocaleString('en-US')} chars)`, TAIL, tailUs, baseTail, tailPush),
          row('whole trace (the two rows above)', n, fullUs, baseFull, null),
        ],
      ),
      '',
      `µs/op is wall time over the replayed range divided by its transactions (median and p95 over runs), so it includes the editor's ` +
        `own Yjs work, the event-loop turns and background compaction; push µs is one \`pushBodyUpdate\` call (over every push of every ` +
        `run). Ratio = Folio µs/op ÷ baseline µs/op over the same transactions. Baseline over the whole trace: ${fmt(baseFull.median)} µs/op median, ` +
        `${fmt(baseFull.p95)} p95 (${BASELINE_RUNS} runs).`,
      '',
      `Checked on every run: the read model's markdown (and, for the whole trace, the Yjs body) equals the trace's text; after closing and reopening ` +
        `the store the body document and \`content_pages.markdown\` both read \`endContent\`. Store size after the whole trace: ` +
        `${fmt(stats(fullRuns.map((f) => f.dbBytes)).median / 1024 / 1024, 1)} MiB (folio.sqlite + WAL, after close).`,
    ];
    return { markdown: lines.join('\n') };
  },
};

export default benchmark;
