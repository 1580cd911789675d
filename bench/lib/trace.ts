import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** One recorded edit in UTF-16 units, as Y.Text counts: delete `del` at `pos`, then insert `ins` there. */
export type Patch = readonly [pos: number, del: number, ins: string];

export interface Trace {
  endContent: string;
  /** Transactions, each a list of patches already converted to UTF-16 indices. */
  txns: Patch[][];
  patchCount: number;
}

interface SequentialTrace {
  startContent: string;
  endContent: string;
  txns: Array<{ timestamp?: string; patches: Array<[number, number, string]> }>;
}

export const TRACE_DIR = '/work/shared/data/editing-traces';

/**
 * Loads a sequential editing trace (see the traces' README) and converts its positions from Unicode
 * code points to UTF-16 indices by replaying it on a plain string. While the text holds no
 * astral-plane character the two counts agree and the conversion is the identity.
 */
export function loadSequentialTrace(path: string): Trace {
  const raw = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as SequentialTrace;
  if (raw.startContent !== '') throw new Error(`${path}: only traces starting from empty text are supported`);
  let text = '';
  let astral = 0; // surrogate pairs currently in `text`
  let patchCount = 0;
  const countAstral = (s: string) => (s.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g) ?? []).length;
  /** UTF-16 index of code point `cp`, walking from the start only when needed. */
  const toUtf16 = (cp: number): number => {
    if (astral === 0) return cp;
    let index = 0;
    for (let seen = 0; seen < cp; seen += 1) index += (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
    return index;
  };
  const txns = raw.txns.map((txn) =>
    txn.patches.map(([pos, numDeleted, inserted]): Patch => {
      patchCount += 1;
      const start = toUtf16(pos);
      const end = numDeleted ? toUtf16(pos + numDeleted) : start;
      const removed = text.slice(start, end);
      astral += countAstral(inserted) - countAstral(removed);
      text = text.slice(0, start) + inserted + text.slice(end);
      return [start, end - start, inserted];
    }),
  );
  if (text !== raw.endContent) throw new Error(`${path}: replaying the trace does not give its endContent`);
  return { endContent: raw.endContent, txns, patchCount };
}

/** The text after the first `count` transactions. */
export function textAfter(trace: Trace, count: number): string {
  let text = '';
  for (const txn of trace.txns.slice(0, count)) {
    for (const [pos, del, ins] of txn) text = text.slice(0, pos) + ins + text.slice(pos + del);
  }
  return text;
}
