import MarkdownIt from 'markdown-it';
import { type ConvertContext, newContext } from './context';
import { imgTag } from './gitbook-html/write-inline';
import { groupHtmlMarks, isHtmlMarkWrapper, wrapperParts } from './gitbook-html/write-marks';
import { phrasingPieces, type Piece } from './inlines';
import { parseGitBookMarkdown } from './tags/parse';
import type { ContentRefReusableContent } from './types';

/**
 * Inline content of a GitBook JSON document (text leaves with marks, links, inline images, emoji
 * and other inlines) written as markdown that `markdownToDocument` reads back as the same leaves.
 * The input is what a client sent, so every shape is checked as it is read, never assumed.
 */

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** What inline rendering shares with block rendering. */
export interface InlineContext {
  /** Bodies of inline annotations met while rendering, written as blocks after the current one. */
  notes: unknown[][];
  /** Nesting guard: client documents may nest arbitrarily deep. */
  enter(): void;
  leave(): void;
  /** Where page, anchor and file references point as markdown paths (see `RefWriter`). */
  writeRef?: RefWriter;
  /** The include paths of reusable contents (see `IncludeWriter`). */
  writeInclude?: IncludeWriter;
}

/** A page, anchor or file reference (ids as sent, unchecked). */
export type SpaceRef = { kind: 'page'; page: string } | { kind: 'anchor'; anchor: string; page?: string } | { kind: 'file'; file: string };

/**
 * The inverse of `markdownToDocument`'s resolver: a reference as the relative markdown path GitBook
 * writes from the page's own file (`../other/page.md`, `page.md#anchor`, `../.gitbook/assets/a.png`).
 * `undefined`: no such page or file here, written as Folio's own `/pages/<id>` or `/files/<id>`.
 */
export type RefWriter = (ref: SpaceRef) => string | undefined;

/**
 * The inverse of `markdownToDocument`'s `resolveInclude`: the path a page's `{% include "…" %}` names a
 * reusable content by, relative to the page's own file (`../../.gitbook/includes/<slug>.md`).
 * `undefined`: no such reusable content here, and the block is left out (as when reading).
 */
export type IncludeWriter = (ref: ContentRefReusableContent) => string | undefined;

export interface InlineOptions {
  /** In a table cell: line breaks become `<br>` and pipes are escaped in code too. */
  cell?: boolean;
  /** A line break becomes a space (a heading that cannot hold one). */
  flat?: boolean;
  /** Marks added to every leaf (a title line is bold). */
  extra?: readonly string[];
}

type Mark = 'bold' | 'italic' | 'strikethrough';
const MARKS: readonly Mark[] = ['bold', 'italic', 'strikethrough'];
const MARK_ORDER: readonly string[] = ['bold', 'italic', 'strikethrough', 'code', 'keyboard', 'superscript', 'subscript', 'color'];
const DELIMITER: Record<Mark, string> = { bold: '**', italic: '*', strikethrough: '~~' };

/** A run of text with its marks, a link around atoms, or a piece of markdown (an image). */
type Atom =
  | { text: string; marks: Mark[]; code?: boolean }
  | { link: string; inner: Atom[]; marks: Mark[] }
  | { markdown: string; marks: Mark[] }
  /** Marks markdown has no syntax for, as GitBook's HTML tags around the markdown (gitbook-html/write-marks). */
  | { wrap: { open: string; close: string; types: string[] }; inner: Atom[]; marks: Mark[] };

/** Whitespace as markdown-it sees it around emphasis delimiters (line breaks included). */
const WS = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000';
const EDGES = new RegExp(`^([${WS}]*)([\\s\\S]*?)([${WS}]*)$`);
const PUNCT_START = /^[\p{P}\p{S}]+/u;
const PUNCT_END = /[\p{P}\p{S}]+$/u;

const markdownIt = new MarkdownIt();

/**
 * Whether markdown-it makes a link of this URL: it refuses `javascript:`, `vbscript:`, `file:` and
 * non-image `data:` URLs, whose links would read back as literal text. Those keep only their text.
 */
export const linkable = (url: string) => markdownIt.validateLink(markdownIt.normalizeLink(url));

/** The leaves of a text node: GitBook's `leaves`, or Slate's newer text-with-marks shape. */
export function leavesOf(node: Json): Array<{ text: string; marks: string[] }> {
  const marksOf = (marks: unknown) => arrayOf(marks).map((m) => (isObject(m) ? stringOf(m.type) : stringOf(m))).filter((m): m is string => !!m);
  if (Array.isArray(node.leaves)) {
    return node.leaves.filter(isObject).map((leaf) => ({ text: stringOf(leaf.text) ?? '', marks: marksOf(leaf.marks) }));
  }
  return typeof node.text === 'string' ? [{ text: node.text, marks: marksOf(node.marks) }] : [];
}

const isTextNode = (node: Json) => node.object === 'text' || Array.isArray(node.leaves) || (node.object === undefined && typeof node.text === 'string');

/** The text a reader sees in any node, formatting left out: for code lines, captions, titles. */
export function plainText(node: unknown): string {
  if (typeof node === 'string') return node;
  if (!isObject(node)) return '';
  if (isTextNode(node)) return leavesOf(node).map((l) => l.text).join('');
  if (node.object === 'inline') return inlineText(node);
  return [...arrayOf(node.fragments), ...arrayOf(node.nodes)].map(plainText).join('');
}

function inlineText(node: Json): string {
  const data = isObject(node.data) ? node.data : {};
  switch (node.type) {
    case 'emoji':
      return emoji(data, node);
    case 'inline-math':
      return `$$${stringOf(data.formula) ?? ''}$$`;
    case 'expression':
      return stringOf(data.expression) ?? '';
    case 'button':
      return stringOf(data.label) ?? '';
    case 'inline-image':
      return stringOf(data.alt) ?? '';
    default:
      return arrayOf(node.nodes).map(plainText).join('');
  }
}

/** GitBook stores an emoji as its code point(s) in hex (`1f600`, `1f44d-1f3fb`). */
function emoji(data: Json, node: Json): string {
  const code = stringOf(data.code) ?? '';
  if (/^[0-9a-f]{1,6}(-[0-9a-f]{1,6})*$/i.test(code)) {
    const points = code.split('-').map((hex) => parseInt(hex, 16));
    if (points.every((p) => p <= 0x10ffff)) return String.fromCodePoint(...points);
  }
  return code || arrayOf(node.nodes).map(plainText).join('');
}

/**
 * Where a content reference points, as a markdown link target: URLs as they are; pages, anchors and
 * files as the context's `writeRef` spells them, else as Folio's `/pages/<id>` and `/files/<id>`
 * (anchors as `#anchor`, on their page if one is named). EVERY reference written goes through here.
 * Other kinds (users, spaces, collections, ...) have no address in markdown: undefined.
 */
export function refHref(ref: unknown, ctx: Pick<InlineContext, 'writeRef'>): string | undefined {
  if (!isObject(ref)) return undefined;
  const spaceRef = spaceRefOf(ref);
  if (spaceRef && ctx.writeRef) {
    const written = ctx.writeRef(spaceRef);
    if (written !== undefined) return written;
  }
  const id = (value: unknown) => (typeof value === 'string' && value !== '' ? encodeURIComponent(value) : undefined);
  switch (ref.kind) {
    case 'url':
      return stringOf(ref.url);
    case 'page': {
      const page = id(ref.page);
      return page && `/pages/${page}`;
    }
    case 'file': {
      const file = id(ref.file);
      return file && `/files/${file}`;
    }
    case 'anchor': {
      const anchor = stringOf(ref.anchor);
      if (anchor === undefined) return undefined;
      const page = id(ref.page);
      return `${page ? `/pages/${page}` : ''}#${anchor}`;
    }
    default:
      return undefined;
  }
}

function spaceRefOf(ref: Json): SpaceRef | undefined {
  const id = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const page = id(ref.page);
  const file = id(ref.file);
  const anchor = stringOf(ref.anchor);
  if (ref.kind === 'page' && page) return { kind: 'page', page };
  if (ref.kind === 'file' && file) return { kind: 'file', file };
  if (ref.kind === 'anchor' && anchor !== undefined) return { kind: 'anchor', anchor, ...(page ? { page } : {}) };
  return undefined;
}

/** Inline content as one line of markdown for a table cell (breaks as `<br>`). */
export function renderCell(nodes: readonly unknown[], ctx: InlineContext): string {
  const options = { cell: true };
  return writeChecked(atomsOf(nodes, ctx, options, false), options, false).markdown;
}

/**
 * Inline content as the lines of a block: `frame` turns the inline markdown into the block's
 * lines (escaping line starts, adding a heading's `#`). The lines are parsed back to check that
 * they give the same text and marks. Where markdown cannot express a mark at a boundary the
 * checks before already moved or dropped it; if the text still reads back differently (runs of
 * `*` can pair up other than meant), the formatting goes step by step (italic, whose `*` is the
 * ambiguous one next to bold's `**`; then all but code; then code) so that the text is kept.
 */
export function renderBlockInline(nodes: readonly unknown[], ctx: InlineContext, options: InlineOptions, frame: (markdown: string) => string[]): string[] {
  const atoms = atomsOf(nodes, ctx, options, false);
  const attempts = [atoms, plain(atoms, true, ['bold', 'strikethrough']), plain(atoms, true, []), plain(atoms, false, [])];
  let lines: string[] = [];
  for (const [i, attempt] of attempts.entries()) {
    const written = writeChecked(attempt, options, true);
    lines = frame(written.markdown);
    if (lines.length === 0 || i === attempts.length - 1 || readsBack(lines.join('\n'), written.leaves)) break;
  }
  return lines;
}

/** Atoms with fewer marks: only `keep`, and code if `keepCode`. */
function plain(atoms: readonly Atom[], keepCode: boolean, keep: readonly Mark[]): Atom[] {
  return atoms.map((atom): Atom => {
    const marks = atom.marks.filter((m) => keep.includes(m));
    if ('link' in atom || 'wrap' in atom) return { ...atom, marks, inner: plain(atom.inner, keepCode, keep) };
    if ('text' in atom) return { text: atom.text, marks, ...(keepCode && atom.code ? { code: true } : {}) };
    return { ...atom, marks };
  });
}

function atomsOf(nodes: readonly unknown[], ctx: InlineContext, options: InlineOptions, inLink: boolean): Atom[] {
  const extra = options.extra ?? [];
  const atoms: Atom[] = [];
  const text = (value: string, marks: readonly string[] = []) => pushText(atoms, value, [...marks, ...extra], options);
  const link = (href: string | undefined, inner: Atom[]) => {
    if (href === undefined || inLink || !linkable(href)) atoms.push(...inner);
    else atoms.push({ link: href, inner, marks: sharedMarks(inner) });
  };
  for (const node of groupHtmlMarks(nodes)) {
    if (typeof node === 'string') {
      text(node);
      continue;
    }
    if (!isObject(node)) continue;
    if (isHtmlMarkWrapper(node)) {
      const inner = atomsOf(arrayOf(node.nodes), ctx, options, inLink);
      // The tags go outside the markdown marks (`<mark style="color:red;">**RED**</mark>`), as GitBook writes them.
      atoms.push({ wrap: wrapperParts(node), inner, marks: [] });
      continue;
    }
    if (isTextNode(node)) {
      for (const leaf of leavesOf(node)) text(leaf.text, leaf.marks);
      continue;
    }
    ctx.enter();
    const data = isObject(node.data) ? node.data : {};
    for (const fragment of arrayOf(node.fragments)) {
      // An annotation's body (or any fragment of an inline) is kept, as blocks after this one.
      if (isObject(fragment) && arrayOf(fragment.nodes).length > 0) ctx.notes.push(arrayOf(fragment.nodes));
    }
    switch (node.object === 'block' ? 'block' : node.type) {
      case 'link':
        link(refHref(data.ref, ctx), atomsOf(arrayOf(node.nodes), ctx, options, true));
        break;
      case 'inline-image': {
        const src = refHref(data.ref, ctx);
        if (src === undefined || !linkable(src)) text(stringOf(data.alt) ?? '');
        // GitBook writes a sized inline image as its `<img data-size>` tag.
        else if (data.size === 'original' || data.size === 'line') atoms.push({ markdown: imgTag(src, stringOf(data.alt), {}, data.size), marks: [] });
        else atoms.push({ markdown: imageMarkdown(src, stringOf(data.alt), stringOf(data.caption)), marks: [] });
        break;
      }
      case 'mention':
      case 'button': {
        const href = refHref(data.ref, ctx);
        const inner: Atom[] = [];
        pushText(inner, (node.type === 'button' ? stringOf(data.label) : undefined) ?? href ?? '', extra, options);
        link(href, inner);
        break;
      }
      case 'icon':
        // An icon has no text; nothing a reader would miss in markdown.
        break;
      case 'inline-math': {
        // `$$formula$$`, read back as the formula (tags/math-rule.ts); one that cannot be written so stays text.
        const formula = (stringOf(data.formula) ?? '').trim();
        if (formula === '' || formula.includes('$$')) text(inlineText(node));
        else atoms.push({ markdown: `$$${formula}$$`, marks: [] });
        break;
      }
      case 'emoji':
      case 'expression':
        text(inlineText(node));
        break;
      case 'block':
        text(plainText(node));
        break;
      default:
        // Annotations and inlines Folio does not know: their text.
        atoms.push(...atomsOf(arrayOf(node.nodes), ctx, options, inLink));
        break;
    }
    ctx.leave();
  }
  return atoms;
}

function pushText(atoms: Atom[], value: string, marks: readonly string[], options: InlineOptions): void {
  const text = value.replace(/\r\n?/g, '\n');
  if (text === '') return;
  const known = MARKS.filter((m) => marks.includes(m));
  if (!marks.includes('code')) {
    atoms.push({ text: options.flat ? text.replace(/\n/g, ' ') : text, marks: known });
    return;
  }
  // A code span cannot hold a line break: one span per line, breaks between them.
  text.split('\n').forEach((line, i) => {
    if (i > 0) atoms.push({ text: options.flat ? ' ' : '\n', marks: known });
    if (line !== '') atoms.push({ text: line, marks: known, code: true });
  });
}

/** Marks every word of a link has are written around it (`**[a](u)**`), the rest inside. */
function sharedMarks(inner: readonly Atom[]): Mark[] {
  const worded = inner.filter((a) => !('text' in a) || a.code || a.text.trim() !== '');
  return MARKS.filter((m) => worded.length > 0 && worded.every((a) => a.marks.includes(m)));
}

/**
 * A URL that can be written `<url>` and read back with itself as the text: ASCII, and nothing
 * markdown-it would decode for display (percent escapes, punycode host names).
 */
const isAutolink = (url: string) => /^[A-Za-z][A-Za-z0-9+.-]{1,31}:[!-~]*$/.test(url) && !/[<>\\%]|xn--/i.test(url);

/** An image, its caption as the title (the one caption-like text markdown has). */
export function imageMarkdown(src: string, alt: string | undefined, caption: string | undefined): string {
  const title = caption ? ` "${escapeEntities(oneLine(caption).replace(/[\\"]/g, '\\$&'))}"` : '';
  return `![${escapeText(oneLine(alt ?? ''))}](${destination(src)}${title})`;
}

const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ');

/** A link destination: bare when markdown allows it, in angle brackets when it has spaces. */
function destination(url: string): string {
  // Control characters (line breaks among them) cannot stand in a destination: percent-encoded.
  const clean = [...url].map((c) => (c.charCodeAt(0) < 0x20 || c === '\x7f' ? encodeURIComponent(c) : c)).join('');
  if (/[\s<>]/.test(clean)) return `<${escapeEntities(clean.replace(/[\\<>]/g, '\\$&'))}>`;
  return escapeEntities(clean.replace(/[\\()]/g, '\\$&'));
}

const escapeEntities = (text: string) => text.replace(/&(?=#?[0-9A-Za-z]+;)/g, '\\&');

/**
 * Text escaped so that it reads back as itself: every character that could start inline syntax,
 * `&` where it would spell an entity, and what linkify would turn into a link (`www.`, `x://`,
 * `a@b`). What matters only at the start of a line is escaped by `escapeLineStarts`.
 */
export function escapeText(text: string): string {
  return escapeEntities(text.replace(/[\\`*_[\]<~|]/g, '\\$&'))
    .replace(/:(?=\/\/)/g, '\\:')
    .replace(/(www)\./gi, '$1\\.')
    .replace(/(?<=\S)@(?=\S)/g, '\\@')
    // `$$` would open a formula (tags/math-rule.ts).
    .replace(/\$(?=\$)/g, '\\$');
}

/**
 * Per line of inline markdown: what would start a block (a heading, quote, list, setext
 * underline, hint tag) is escaped, and leading whitespace, which markdown drops, is written as
 * character references. Trailing whitespace of the last line likewise.
 */
export function escapeLineStarts(markdown: string): string {
  const lines = markdown.split('\n').map((line) =>
    line
      .replace(/^[ \t\u00a0]+/, references)
      .replace(/^[#>+=-]/, '\\$&')
      .replace(/^(\d{1,9})([.)])/, '$1\\$2')
      .replace(/^\{%/, '\\{%'),
  );
  const last = lines.length - 1;
  lines[last] = lines[last]!.replace(/[ \t\u00a0]+$/, references);
  return lines.join('\n');
}

const references = (run: string) => [...run].map((c) => `&#${c.charCodeAt(0)};`).join('');

function codeSpan(text: string, cell: boolean): string {
  const body = cell ? text.replace(/\|/g, '\\|') : text;
  const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // A span loses one space at each end when it has one at both, and cannot start or end with `.
  const pad = /^`|`$/.test(body) || (/^ [\s\S]* $/.test(body) && body.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

/** What the written markdown should read back as: text runs with their marks, and inline nodes. */
type Expected = Array<[text: string, marks: string]>;

interface Delimiter {
  pos: number;
  length: number;
  mark: Mark;
  open: boolean;
  /** The atom the delimiter opens, or the last atom of the run it closes. */
  atom: number;
}

interface Written {
  markdown: string;
  leaves: Expected;
  delimiters: Delimiter[];
}

/**
 * Writes atoms, opening and closing emphasis delimiters as marks change. Whitespace at the edges of
 * a marked run goes outside its delimiters (`** a**` is not emphasis in markdown), so a line break
 * or space never needs a delimiter next to it. `end`: the end of a paragraph, where a line break
 * has no markdown and is left out.
 */
function writeAtoms(atoms: readonly Atom[], options: InlineOptions, end: boolean): Written {
  let out = '';
  let pending = '';
  const leaves: Expected = [];
  const delimiters: Delimiter[] = [];
  const stack: Mark[] = [];
  const lastAtom: Partial<Record<Mark, number>> = {};
  // Marks in the order markdownToDocument gives them.
  const marksKey = (more: readonly string[] = []) => MARK_ORDER.filter((m) => stack.includes(m as Mark) || more.includes(m)).join();
  const whitespace = (text: string) => (options.cell ? text.replace(/\n/g, '<br>') : text.replace(/\n/g, '\\\n'));
  const flush = () => {
    leaves.push([pending, marksKey()]);
    out += whitespace(pending);
    pending = '';
  };
  const closeTo = (marks: readonly Mark[]) => {
    const keep = stack.findIndex((m) => !marks.includes(m));
    if (keep === -1) return;
    while (stack.length > keep) {
      const mark = stack.pop()!;
      delimiters.push({ pos: out.length, length: DELIMITER[mark].length, mark, open: false, atom: lastAtom[mark]! });
      out += DELIMITER[mark];
    }
  };
  // Of marks opening together, the one that lasts longest goes outside: it need not be closed and
  // reopened when a shorter one ends. extents[i][m]: how many atoms from i on have mark m.
  const extents = atoms.map(() => [0, 0, 0]);
  for (let i = atoms.length - 1; i >= 0; i -= 1) {
    MARKS.forEach((m, j) => {
      extents[i]![j] = atoms[i]!.marks.includes(m) ? 1 + (extents[i + 1]?.[j] ?? 0) : 0;
    });
  }
  const extent = (mark: Mark, from: number) => extents[from]![MARKS.indexOf(mark)]!;
  const open = (marks: readonly Mark[], atom: number) => {
    const opening = MARKS.filter((m) => marks.includes(m) && !stack.includes(m)).sort((a, b) => extent(b, atom) - extent(a, atom));
    for (const mark of opening) {
      stack.push(mark);
      delimiters.push({ pos: out.length, length: DELIMITER[mark].length, mark, open: true, atom });
      out += DELIMITER[mark];
    }
    for (const mark of stack) lastAtom[mark] = atom;
  };
  const write = (markdown: string) => {
    // `!` right before a link's `[` would make it an image.
    if (markdown.startsWith('[') && out.endsWith('!')) out = `${out.slice(0, -1)}\\!`;
    out += markdown;
  };
  atoms.forEach((atom, i) => {
    if (!('text' in atom) || atom.code) {
      closeTo(atom.marks);
      flush();
      open(atom.marks, i);
      if ('wrap' in atom) {
        const inner = writeChecked(
          atom.inner.map((a) => ({ ...a, marks: a.marks.filter((m) => !atom.marks.includes(m)) })),
          options,
          false,
        );
        for (const [text, marks] of inner.leaves) leaves.push([text, marksKey([...(marks ? marks.split(',') : []), ...atom.wrap.types])]);
        write(`${atom.wrap.open}${inner.markdown}${atom.wrap.close}`);
      } else if ('link' in atom) {
        const inner = writeChecked(
          atom.inner.map((a) => ({ ...a, marks: a.marks.filter((m) => !atom.marks.includes(m)) })),
          options,
          false,
        );
        const only = inner.leaves.filter(([text]) => text !== '');
        const auto = only.length === 1 && only[0]![0] === atom.link && only[0]![1] === '' && isAutolink(atom.link);
        leaves.push(['', '[']);
        for (const [text, marks] of inner.leaves) leaves.push([text, marksKey(marks ? marks.split(',') : [])]);
        leaves.push(['', ']']);
        write(auto ? `<${atom.link}>` : `[${inner.markdown}](${destination(atom.link)})`);
      } else if ('markdown' in atom) {
        leaves.push(['', atom.markdown.startsWith('$$') ? '$' : '!']);
        write(atom.markdown);
      } else {
        leaves.push([atom.text, marksKey(['code'])]);
        write(codeSpan(atom.text, !!options.cell));
      }
      return;
    }
    const [, lead = '', core = '', trail = ''] = EDGES.exec(atom.text) ?? [];
    closeTo(atom.marks);
    if (core === '') {
      pending += atom.text;
      return;
    }
    pending += lead;
    flush();
    open(atom.marks, i);
    leaves.push([core, marksKey()]);
    write(escapeText(core).replace(/\n/g, options.cell ? '<br>' : '\\\n'));
    pending = trail;
  });
  closeTo([]);
  if (end) pending = pending.replace(/\n/g, '');
  flush();
  return { markdown: out, leaves, delimiters };
}

const { isMdAsciiPunct, isPunctCharCode, isWhiteSpace } = markdownIt.utils;

/** markdown-it's `scanDelims`: whether the delimiter run at `start` (of `length`) can open and close. */
function flanking(src: string, start: number, length: number): { open: boolean; close: boolean } {
  const before = start > 0 ? (src.codePointAt(start - 1) ?? 32) : 32;
  // A low surrogate before: the code point starts one further back.
  const last = start > 1 && before >= 0xdc00 && before <= 0xdfff ? (src.codePointAt(start - 2) ?? 32) : before;
  const next = start + length < src.length ? (src.codePointAt(start + length) ?? 32) : 32;
  const lastPunct = isMdAsciiPunct(last) || isPunctCharCode(last);
  const nextPunct = isMdAsciiPunct(next) || isPunctCharCode(next);
  const lastSpace = isWhiteSpace(last);
  const nextSpace = isWhiteSpace(next);
  return {
    open: !nextSpace && (!nextPunct || lastSpace || lastPunct),
    close: !lastSpace && (!lastPunct || nextSpace || nextPunct),
  };
}

/**
 * Writes atoms so that every delimiter can do its job. CommonMark cannot open emphasis between a
 * letter and punctuation (`a**(b)**`) nor close it between punctuation and a letter (`**b.**c`):
 * there the punctuation at the edge of the run moves out of the mark, or, when the edge is a code
 * span or a link, that atom goes out of it. Each repair shrinks a mark, so this ends.
 */
function writeChecked(atoms: readonly Atom[], options: InlineOptions, end: boolean): Written {
  let current = merged(atoms);
  for (;;) {
    const written = writeAtoms(current, options, end);
    // Adjacent delimiters of the same character are one run for markdown.
    const runs: Delimiter[][] = [];
    let runEnd = -1;
    for (const d of written.delimiters) {
      const run = runs.at(-1);
      if (run && d.pos === runEnd && DELIMITER[run[0]!.mark][0] === DELIMITER[d.mark][0]) run.push(d);
      else runs.push([d]);
      runEnd = d.pos + d.length;
    }
    // One repair per atom per pass, all of them at once: long paragraphs take few passes.
    const failures = new Map<number, Delimiter>();
    for (const run of runs) {
      const can = flanking(written.markdown, run[0]!.pos, run.reduce((sum, d) => sum + d.length, 0));
      const failed = run.find((d) => (d.open ? !can.open : !can.close));
      if (failed && !failures.has(failed.atom)) failures.set(failed.atom, failed);
    }
    if (failures.size === 0) return written;
    const next = [...current];
    for (const failed of [...failures.values()].sort((a, b) => b.atom - a.atom)) next.splice(failed.atom, 1, ...repair(next[failed.atom]!, failed));
    current = merged(next);
  }
}

/** The atom a failed delimiter belongs to, with its edge punctuation (or all of it) out of the mark. */
function repair(atom: Atom, failed: Delimiter): Atom[] {
  const without = (a: Atom): Atom => ({ ...a, marks: a.marks.filter((m) => m !== failed.mark) });
  if (!('text' in atom) || atom.code) return [without(atom)];
  const [, lead = '', core = '', trail = ''] = EDGES.exec(atom.text) ?? [];
  const edge = (failed.open ? PUNCT_START : PUNCT_END).exec(core)?.[0] ?? '';
  if (edge === '' || edge === core) return [without(atom)];
  const inner = failed.open ? core.slice(edge.length) : core.slice(0, -edge.length);
  const moved = without({ ...atom, text: failed.open ? lead + edge : edge + trail });
  const kept = { ...atom, text: failed.open ? inner + trail : lead + inner };
  return failed.open ? [moved, kept] : [kept, moved];
}

/**
 * Adjacent runs of text with the same marks as one: two code spans side by side would run their
 * backticks together (`a``b` is not two spans).
 */
function merged(atoms: readonly Atom[]): Atom[] {
  const out: Atom[] = [];
  for (const atom of atoms) {
    const last = out.at(-1);
    if (last && 'text' in last && 'text' in atom && !!last.code === !!atom.code && last.marks.join() === atom.marks.join()) {
      out[out.length - 1] = { ...last, text: last.text + atom.text };
    } else {
      out.push(atom);
    }
  }
  return out;
}

// Only text and marks are compared, so a context without hints, blocks or a resolver will do.
const CHECK_CONTEXT: ConvertContext = newContext();

/** Whether markdown for one paragraph or heading parses back as the expected text and marks. */
function readsBack(markdown: string, expected: Expected): boolean {
  const blocks = parseGitBookMarkdown(markdown).children.filter((node) => node.type !== 'definition');
  const block = blocks[0];
  if (blocks.length !== 1 || !block || (block.type !== 'paragraph' && block.type !== 'heading')) return false;
  const actual: Expected = [];
  const collect = (pieces: readonly Piece[]) => {
    for (const piece of pieces) {
      if (piece.object === 'leaf') actual.push([piece.text, piece.marks.map((m) => m.type).join()]);
      else if (piece.type === 'inline-image') actual.push(['', '!']);
      else if (piece.type === 'inline-math') actual.push(['', '$']);
      else if (piece.type === 'emoji') actual.push(['', ':']);
      else {
        actual.push(['', '[']);
        collect(piece.nodes.flatMap((n): Piece[] => (n.object === 'text' ? n.leaves : [n])));
        actual.push(['', ']']);
      }
    }
  };
  collect(phrasingPieces(block.children, CHECK_CONTEXT));
  return same(actual, expected);
}

/** Compares text runs with adjacent runs of equal marks merged and empty runs left out. */
function same(a: Expected, b: Expected): boolean {
  const merge = (runs: Expected) => {
    const out: Expected = [];
    for (const [text, marks] of runs) {
      const last = out.at(-1);
      if (marks === '[' || marks === ']' || marks === '!') out.push([text, marks]);
      else if (text === '') continue;
      else if (last && last[1] === marks) last[0] += text;
      else out.push([text, marks]);
    }
    return JSON.stringify(out);
  };
  return merge(a) === merge(b);
}
