import diff from 'fast-diff';
import { wordDiff } from '../content/text-diff';

/** A run of text inside a changed line: what stayed, and what was inserted or deleted. */
interface DiffSpan {
  type: 'equal' | 'insert' | 'delete';
  text: string;
}

/**
 * One line of a page's diff, ready to show. Changed lines paired with a similar line on the other side
 * carry `spans` (the words that changed); unchanged lines far from any change fold into a `skip`.
 */
export type DiffLine =
  | { type: 'equal'; text: string }
  | { type: 'insert' | 'delete'; text: string; spans?: DiffSpan[] }
  | { type: 'skip'; count: number };

/** Unchanged lines kept around each change. */
const CONTEXT = 3;
/** Past this many lines a diff is cut: the panel is a summary, the editor has the whole page. */
const MAX_LINES = 2_000;
/** Word highlights only help when the two sides still share most of their words. */
const MIN_SHARED = 0.4;

/** A line-then-word diff of two markdown bodies: lines first (what a reader scans), then the words inside. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const lines: DiffLine[] = [];
  let deleted: string[] = [];
  let inserted: string[] = [];
  const flush = () => {
    lines.push(...pairChangedLines(deleted, inserted));
    deleted = [];
    inserted = [];
  };
  for (const [op, chunk] of diffLines(splitLines(before), splitLines(after))) {
    if (op === diff.DELETE) deleted.push(...chunk);
    else if (op === diff.INSERT) inserted.push(...chunk);
    else {
      flush();
      lines.push(...chunk.map((text) => ({ type: 'equal' as const, text })));
    }
  }
  flush();
  return capLines(foldUnchanged(lines));
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** fast-diff over lines: each distinct line becomes one code unit (as text-diff.ts does for words). */
function diffLines(a: string[], b: string[]): Array<[number, string[]]> {
  const codes = new Map<string, string>();
  const byCode: string[] = [];
  let next = 0x100;
  const encode = (lines: string[]): string | undefined => {
    let out = '';
    for (const line of lines) {
      let code = codes.get(line);
      if (code === undefined) {
        if (next === 0xd800) next = 0xe000; // skip the surrogates
        if (next > 0xffff) return undefined;
        code = String.fromCharCode(next++);
        codes.set(line, code);
        byCode.push(line);
      }
      out += code;
    }
    return out;
  };
  const ea = encode(a);
  const eb = encode(b);
  // Too many distinct lines to encode: show the page as replaced (correct, if coarse).
  if (ea === undefined || eb === undefined) return [[diff.DELETE, a] as [number, string[]], [diff.INSERT, b] as [number, string[]]];
  const decode = (encoded: string) => [...encoded].map((c) => {
    const n = c.charCodeAt(0);
    return byCode[n < 0xd800 ? n - 0x100 : n - 0x100 - 0x800]!;
  });
  return diff(ea, eb).map(([op, chunk]) => [op, decode(chunk)]);
}

/** A block of deleted lines followed by inserted ones: a rewrite, highlighted word by word when similar. */
function pairChangedLines(deleted: string[], inserted: string[]): DiffLine[] {
  const plain = (type: 'insert' | 'delete') => (text: string): DiffLine => ({ type, text });
  if (deleted.length === 0 || inserted.length === 0) return [...deleted.map(plain('delete')), ...inserted.map(plain('insert'))];
  const ops = wordDiff(deleted.join('\n'), inserted.join('\n'));
  const shared = ops.filter(([op]) => op === diff.EQUAL).reduce((n, [, text]) => n + text.trim().length, 0);
  const longest = Math.max(deleted.join('').length, inserted.join('').length);
  if (longest === 0 || shared / longest < MIN_SHARED) return [...deleted.map(plain('delete')), ...inserted.map(plain('insert'))];
  return [...spanLines(ops, diff.DELETE, 'delete'), ...spanLines(ops, diff.INSERT, 'insert')];
}

/** One side of a word diff (equal runs plus its own changes), cut back into lines. */
function spanLines(ops: Array<[number, string]>, own: number, type: 'insert' | 'delete'): DiffLine[] {
  const lines: DiffLine[] = [];
  let spans: DiffSpan[] = [];
  const push = (spanType: DiffSpan['type'], text: string) => {
    if (!text) return;
    const last = spans.at(-1);
    if (last?.type === spanType) last.text += text;
    else spans.push({ type: spanType, text });
  };
  const endLine = () => {
    lines.push({ type, text: spans.map((s) => s.text).join(''), spans });
    spans = [];
  };
  for (const [op, text] of ops) {
    if (op !== diff.EQUAL && op !== own) continue;
    const parts = text.split('\n');
    parts.forEach((part, i) => {
      if (i > 0) endLine();
      push(op === diff.EQUAL ? 'equal' : type, part);
    });
  }
  endLine();
  return lines;
}

/** Keeps CONTEXT unchanged lines around each change and folds longer unchanged runs into one `skip`. */
function foldUnchanged(lines: DiffLine[]): DiffLine[] {
  const changed = lines.map((line) => line.type !== 'equal');
  const near = (i: number) => changed.slice(Math.max(0, i - CONTEXT), i + CONTEXT + 1).some(Boolean);
  const out: DiffLine[] = [];
  let skipped = 0;
  lines.forEach((line, i) => {
    if (line.type !== 'equal' || near(i)) {
      if (skipped) out.push({ type: 'skip', count: skipped });
      skipped = 0;
      out.push(line);
    } else skipped += 1;
  });
  if (skipped) out.push({ type: 'skip', count: skipped });
  return out;
}

function capLines(lines: DiffLine[]): DiffLine[] {
  if (lines.length <= MAX_LINES) return lines;
  const rest = lines.slice(MAX_LINES).reduce((n, line) => n + (line.type === 'skip' ? line.count : 1), 0);
  return [...lines.slice(0, MAX_LINES), { type: 'skip', count: rest }];
}
