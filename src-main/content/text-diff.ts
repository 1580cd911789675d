import diff from 'fast-diff';
import type * as Y from 'yjs';

type Op = [number, string];

/**
 * Makes `text` read `next` by applying a minimal diff onto it, never by replacing it: a document
 * rebuilt from text would have a new history and duplicate content when merged with replicas of
 * the old one (lesson 3). Call inside a document transaction.
 *
 * The diff works on whole words: rewriting "cat" as "cow" deletes the word and inserts the new one
 * rather than keeping the "c". Character-level edits would interleave with a concurrent rewrite of
 * the same word elsewhere into fragments no writer typed ("owdog"); whole words merge as both words.
 */
export function applyTextDiff(text: Y.Text, next: string): void {
  const current = text.toString();
  if (current === next) return;
  let index = 0;
  for (const [op, chunk] of wordDiff(current, next)) {
    if (op === diff.EQUAL) index += chunk.length;
    else if (op === diff.DELETE) text.delete(index, chunk.length);
    else {
      text.insert(index, chunk);
      index += chunk.length;
    }
  }
}

const TOKEN = /\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu;
/** Code units used to stand for tokens: all of the BMP but the surrogates. */
const FIRST = 0x100;
const LAST = 0xffff;
const SURROGATES = [0xd800, 0xdfff] as const;

/** A diff over words, whitespace runs and single symbols (each token encoded as one code unit). */
export function wordDiff(before: string, after: string): Op[] {
  const codes = new Map<string, string>();
  const tokens: string[] = [];
  let next = FIRST;
  const encode = (text: string): string | undefined => {
    let out = '';
    for (const token of text.match(TOKEN) ?? []) {
      let code = codes.get(token);
      if (code === undefined) {
        if (next === SURROGATES[0]) next = SURROGATES[1] + 1;
        if (next > LAST) return undefined;
        code = String.fromCharCode(next++);
        codes.set(token, code);
        tokens.push(token);
      }
      out += code;
    }
    return out;
  };
  const a = encode(before);
  const b = encode(after);
  // Too many distinct words to encode: fall back to characters (correct, if less tidy to merge).
  if (a === undefined || b === undefined) return diff(before, after) as Op[];
  const decode = (encoded: string) => {
    let out = '';
    for (let i = 0; i < encoded.length; i += 1) {
      const c = encoded.charCodeAt(i);
      out += tokens[c < SURROGATES[0] ? c - FIRST : c - FIRST - (SURROGATES[1] - SURROGATES[0] + 1)]!;
    }
    return out;
  };
  return (diff(a, b) as Op[]).map(([op, chunk]) => [op, decode(chunk)] as Op);
}
