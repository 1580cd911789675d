import diff from 'fast-diff';
import type { RenderedBlock } from './revision-html';

type Op = [number, string];

/**
 * The current page compared with a revision, as HTML: blocks are compared whole (a block moved or
 * untouched reads as it is), and a block rewritten in place — same kind, same structure, other words —
 * shows its words added and removed inside it. Everything added is in `<ins>`, everything removed in
 * `<del>` (the stylesheet names them "Added" / "Removed" for screen readers, which do not announce the
 * elements themselves). `before` is the revision, `after` the page now.
 */
export function diffBlocks(before: readonly RenderedBlock[], after: readonly RenderedBlock[]): string {
  const ops = sequenceDiff(
    before.map((b) => b.identity),
    after.map((b) => b.identity),
  );
  let out = '';
  let i = 0;
  let j = 0;
  let removed: RenderedBlock[] = [];
  let added: RenderedBlock[] = [];
  const flush = () => {
    out += pairUp(removed, added);
    removed = [];
    added = [];
  };
  for (const [op, count] of ops) {
    if (op === diff.EQUAL) {
      flush();
      for (let k = 0; k < count; k += 1) out += after[j + k]!.html;
      i += count;
      j += count;
    } else if (op === diff.DELETE) {
      removed.push(...before.slice(i, i + count));
      i += count;
    } else {
      added.push(...after.slice(j, j + count));
      j += count;
    }
  }
  flush();
  return out;
}

/** Blocks removed and added at one spot: the k-th of each compared word by word when they share a shape. */
function pairUp(removed: RenderedBlock[], added: RenderedBlock[]): string {
  let out = '';
  const pairs = Math.max(removed.length, added.length);
  for (let k = 0; k < pairs; k += 1) {
    const old = removed[k];
    const now = added[k];
    const inline = old && now ? inlineDiff(old.html, now.html) : undefined;
    if (inline !== undefined) out += inline;
    else {
      if (old) out += `<del class="revision-diff__block">${old.html}</del>`;
      if (now) out += `<ins class="revision-diff__block">${now.html}</ins>`;
    }
  }
  return out;
}

/** A diff of two sequences of strings (each item encoded as one character, as fast-diff works on text). */
function sequenceDiff(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const codes = new Map<string, string>();
  const encode = (items: readonly string[]) => items.map((item) => codes.get(item) ?? codes.set(item, codeFor(codes.size)).get(item)!).join('');
  return (diff(encode(a), encode(b)) as Op[]).map(([op, text]) => [op, text.length]);
}

/** Code units standing for items: all of the BMP from U+0100 but the surrogates. */
const MAX_CODES = 0xffff - 0x100 - 0x800;

function codeFor(index: number): string {
  const code = 0x100 + index;
  return String.fromCharCode(code < 0xd800 ? code : code + 0x800);
}

/**
 * A piece of the renderer's HTML: a tag or a run of text. The HTML comes from our own renderer, which
 * escapes `<`, `>` and quotes in every text and attribute, so `<` always opens a tag and `>` closes it:
 * a scan is exact here (a parser would be needed for HTML from elsewhere).
 */
function pieces(html: string): { tags: string[]; texts: string[] } {
  const tags: string[] = [];
  const texts: string[] = [];
  let text = '';
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open === -1) {
      text += html.slice(at);
      break;
    }
    text += html.slice(at, open);
    const close = html.indexOf('>', open);
    texts.push(text);
    text = '';
    tags.push(html.slice(open, close + 1));
    at = close + 1;
  }
  texts.push(text);
  return { tags, texts };
}

/** A tag without its attributes' values: two versions of a block have the same shape when only words differ. */
const tagName = (tag: string) => /^<\/?[a-z0-9-]+/i.exec(tag)?.[0] ?? tag;

/** The words of one block marked up as added and removed, or undefined when the blocks differ in shape. */
export function inlineDiff(oldHtml: string, newHtml: string): string | undefined {
  const old = pieces(oldHtml);
  const now = pieces(newHtml);
  if (old.tags.length !== now.tags.length || old.tags.some((tag, k) => tagName(tag) !== tagName(now.tags[k]!))) return undefined;
  // Inside <pre> a run of whitespace is what the reader sees: compare it like any word.
  let out = '';
  now.texts.forEach((text, k) => {
    out += wordDiffHtml(old.texts[k]!, text);
    if (k < now.tags.length) out += now.tags[k];
  });
  return out;
}

/** Words (letters and digits), whitespace runs, character references (`&amp;`) and single symbols. */
const TOKEN = /&#?[a-z0-9]+;|\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/giu;

function wordDiffHtml(before: string, after: string): string {
  if (before === after) return after;
  const codes = new Map<string, string>();
  const tokens: string[] = [];
  const encode = (text: string) =>
    (text.match(TOKEN) ?? [])
      .map((token) => {
        let code = codes.get(token);
        if (code === undefined) {
          code = codeFor(tokens.length);
          codes.set(token, code);
          tokens.push(token);
        }
        return code;
      })
      .join('');
  const decode = (encoded: string) => Array.from(encoded, (c) => tokens[codeIndex(c)]!).join('');
  const [a, b] = [encode(before), encode(after)];
  // More distinct words than code units to stand for them (never on a real paragraph): the whole text changed.
  if (tokens.length > MAX_CODES) return `<del>${before}</del><ins>${after}</ins>`;
  return (diff(a, b) as Op[])
    .map(([op, chunk]) => {
      const text = decode(chunk);
      if (op === diff.EQUAL) return text;
      return op === diff.INSERT ? `<ins>${text}</ins>` : `<del>${text}</del>`;
    })
    .join('');
}

function codeIndex(c: string): number {
  const code = c.charCodeAt(0);
  return (code < 0xd800 ? code : code - 0x800) - 0x100;
}
