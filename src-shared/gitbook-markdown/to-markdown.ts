import {
  arrayOf,
  escapeLineStarts,
  escapeText,
  imageMarkdown,
  isObject,
  leavesOf,
  linkable,
  plainText,
  refHref,
  renderBlockInline,
  renderCell,
  stringOf,
  type InlineContext,
  type IncludeWriter,
  type InlineOptions,
  type RefWriter,
  type Json,
} from './to-markdown-inline';
import { cellHtml, codeHtml, hasMarkedCode, imagesHtml, isHtmlCell, withHeadingAnchor } from './gitbook-html/write-blocks';
import { needsHtmlTable, tableHtml } from './gitbook-html/write-table';
import { openAPIBlockMarkdown, openAPIBlockText } from './openapi-blocks';
import { reusableContentLines } from './tags/include';
import { type TagWriter, writeGitBookBlock } from './tags/to-markdown';

/**
 * GitBook's JSON document (`JSONDocument`, as clients send it in change-request page bodies and
 * comment bodies) as markdown, the inverse of `markdownToDocument`: a document converted from
 * markdown and written back gives markdown that converts to the same document.
 *
 * What markdown has a construct for keeps it: paragraphs and marks (bold, italic, strikethrough,
 * code), headings, links, images, lists (nested, numbered from `start`, task lists), code blocks,
 * quotes, GitBook hints, dividers and tables. What it has none for keeps its text: expandables,
 * tabs and steppers become their content (under a bold title line where they have a title),
 * emoji their character, and any other node the text it holds. Nothing a reader sees is dropped.
 *
 * The input is checked loosely: it must be an object with a `nodes` array; anything malformed
 * deeper down is read as best it can be. Throws an Error naming what is wrong otherwise.
 */
interface DocumentToMarkdownOptions {
  /** Writes page, anchor and file references as markdown paths (the inverse of the reading resolver). */
  writeRef?: RefWriter;
  /** Writes reusable-content blocks as `{% include "path" %}`; without it (or unknown to it) they are left out. */
  writeInclude?: IncludeWriter;
}

export function documentToMarkdown(document: unknown, options: DocumentToMarkdownOptions = {}): string {
  if (!isObject(document)) throw new Error(`a document must be a JSON object, not ${describe(document)}`);
  if (document.object !== undefined && document.object !== 'document') {
    throw new Error(`a document's "object" must be "document", not ${describe(document.object)}`);
  }
  if (!Array.isArray(document.nodes)) {
    throw new Error(`a document must have a "nodes" array${'nodes' in document ? `, not ${describe(document.nodes)}` : ''}`);
  }
  const lines = joinChunks(flow(document.nodes, newContext(options), 'document'));
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return `a ${typeof value}`;
}

/**
 * Deeper than this a document is refused: markdown-it reads no deeper than 100 levels, so what lies
 * below would be lost on reading, and recursion this deep risks the stack.
 */
const MAX_DEPTH = 100;

type Context = InlineContext;

function newContext({ writeRef, writeInclude }: DocumentToMarkdownOptions): Context {
  let depth = 0;
  return {
    notes: [],
    ...(writeRef ? { writeRef } : {}),
    ...(writeInclude ? { writeInclude } : {}),
    enter() {
      depth += 1;
      if (depth > MAX_DEPTH) throw new Error(`the document nests deeper than ${MAX_DEPTH} levels`);
    },
    leave() {
      depth -= 1;
    },
  };
}

/**
 * Where blocks are written. GitBook admits no code block, image or table in a quote or a hint, and
 * `markdownToDocument` turns those into paragraphs there. Hint tags are lines of their own, which
 * a quote's `>` prefixes spoil: in a quote, and in list items inside one, hints lose their frame.
 */
type Where = 'document' | 'quote' | 'hint' | 'item' | 'quoted-item';

/** One block's markdown lines; `marker` is the list marker when the block is a list. */
interface Chunk {
  lines: string[];
  kind: string;
  marker?: string;
}

/** Blocks in order, blank lines between them; annotation bodies follow the block they were met in. */
function flow(nodes: readonly unknown[], ctx: Context, where: Where): Chunk[] {
  const chunks: Chunk[] = [];
  const base = ctx.notes.length;
  for (const node of nodes) {
    writeBlock(node, chunks, ctx, where);
    while (ctx.notes.length > base) {
      for (const note of ctx.notes.splice(base, 1)[0]!) writeBlock(note, chunks, ctx, where);
    }
  }
  return chunks;
}

function tagWriter(ctx: Context, where: Where): TagWriter {
  return {
    ctx,
    blocks: (nodes, inside) => joinChunks(flow(nodes, ctx, inside)),
    inline: (nodes) => paragraph(nodes, ctx, where),
    fence: fenced,
  };
}

function joinChunks(chunks: readonly Chunk[]): string[] {
  return chunks.flatMap((chunk, i) => (i > 0 ? ['', ...chunk.lines] : chunk.lines));
}

const HINT_STYLES = ['info', 'success', 'warning', 'danger'];

function writeBlock(node: unknown, chunks: Chunk[], ctx: Context, where: Where): void {
  if (typeof node === 'string') node = textNode(node);
  if (!isObject(node)) return;
  ctx.enter();
  const add = (lines: string[], kind: string, marker?: string) => {
    if (lines.length > 0) chunks.push({ lines, kind, ...(marker ? { marker } : {}) });
  };
  const writeAll = (children: readonly unknown[]) => children.forEach((child) => writeBlock(child, chunks, ctx, where));
  const data = isObject(node.data) ? node.data : {};
  const nodes = arrayOf(node.nodes);
  const type = node.object === 'text' || node.object === 'inline' || Array.isArray(node.leaves) ? '#inline' : (stringOf(node.type) ?? '');
  const heading = /^heading-(\d+)$/.exec(type);
  // GitBook's tag blocks, expandables and math (tags/to-markdown.ts). Tag lines cannot stand in a quote's `>` lines, nor a hint in a hint.
  const tagged = where === 'quote' || where === 'quoted-item' || (where === 'hint' && type === 'hint') ? undefined : writeGitBookBlock(node, tagWriter(ctx, where));
  if (tagged) {
    add(tagged, 'tag');
    ctx.leave();
    return;
  }
  switch (heading ? 'heading' : type) {
    case '#inline':
      add(paragraph([node], ctx, where), 'paragraph');
      break;
    case 'paragraph':
      add(paragraph(nodes, ctx, where), 'paragraph');
      break;
    case 'heading':
      add(withHeadingAnchor(headingLines(Math.min(Math.max(Number(heading![1]), 1), 3), nodes, ctx), data), 'heading');
      break;
    case 'list-unordered':
    case 'list-ordered':
    case 'list-tasks': {
      const list = listChunk(node, type, chunks.at(-1)?.marker, ctx, where === 'quote' || where === 'quoted-item' ? 'quoted-item' : 'item');
      add(list.lines, 'list', list.marker);
      break;
    }
    case 'blockquote': {
      const inner = joinChunks(flow(nodes, ctx, 'quote'));
      add(inner.length > 0 ? inner.map((line) => (line === '' ? '>' : `> ${line}`)) : ['>'], 'blockquote');
      break;
    }
    case 'hint': {
      // Markdown cannot frame a hint inside a quote, and GitBook nests no hint in a hint.
      if (where === 'quote' || where === 'quoted-item' || where === 'hint') {
        writeAll(nodes);
        break;
      }
      const style = typeof data.style === 'string' && HINT_STYLES.includes(data.style) ? data.style : 'info';
      add([`{% hint style="${style}" %}`, ...joinChunks(flow(nodes, ctx, 'hint')), '{% endhint %}'], 'hint');
      break;
    }
    case 'code': {
      // Bold or italic code: fenced code cannot show it, GitBook writes `<pre>` (gitbook-html/).
      if (hasMarkedCode(node)) {
        add(codeHtml(node).split('\n'), 'code');
        break;
      }
      const lines = nodes.length > 0 ? nodes.flatMap((line) => plainText(line).split(/\r\n|\r|\n/)) : [''];
      add(fenced(lines, stringOf(data.syntax)), 'code');
      break;
    }
    case 'divider':
      add(['---'], 'divider');
      break;
    case 'images':
    case 'image':
    case 'drawing': {
      // GitBook's `<figure>`s (gitbook-html/); a drawing, or an image without an address, as markdown.
      const html = type === 'drawing' ? undefined : imagesHtml(type === 'images' ? nodes : [node], type === 'images' ? data : {}, ctx);
      if (html) add([html], 'images');
      else writeImages(type === 'images' ? nodes : [node], chunks, ctx, where);
      break;
    }
    case 'table':
      add(needsHtmlTable(node) ? [tableHtml(node, ctx)] : tableLines(node, ctx), 'table');
      break;
    case 'openapi-operation': {
      const ref = isObject(data.ref) ? data.ref : {};
      const tag = { spec: stringOf(ref.spec) ?? '', path: stringOf(data.path) ?? '', method: stringOf(data.method) ?? '' };
      if (!tag.spec || !tag.path || !tag.method) break;
      // Tag lines need a line of their own at the top level (a quote's `>` spoils them; GitBook nests none).
      if (where === 'document') add(openAPIBlockMarkdown(tag), 'openapi-operation');
      else add(paragraph([textNode(openAPIBlockText(tag))], ctx, where), 'paragraph');
      break;
    }
    case 'reusable-content':
      // A line of its own, read back as the block anywhere (a quote's `>` included).
      add(reusableContentLines(data, ctx), 'tag');
      break;
    case 'math':
      add(paragraph([{ object: 'inline', type: 'inline-math', data: { formula: stringOf(data.formula) ?? '' } }], ctx, where), 'paragraph');
      break;
    case 'expandable': {
      const fragments = arrayOf(node.fragments).filter(isObject);
      const title = fragments.find((f) => f.fragment === 'expandable-title' || f.type === 'expandable-title');
      for (const line of arrayOf(title?.nodes)) add(titleLine(isObject(line) ? arrayOf(line.nodes) : [line], ctx, where), 'paragraph');
      for (const fragment of fragments) if (fragment !== title) writeAll(arrayOf(fragment.nodes));
      writeAll(nodes);
      break;
    }
    case 'tabs-item': {
      const title = stringOf(data.title);
      if (title) add(titleLine([textNode(title)], ctx, where), 'paragraph');
      writeAll(nodes);
      break;
    }
    default: {
      // Steppers, columns, conditional blocks, updates, prompts and blocks Folio does not know:
      // their content, fragments first; a void block's link, if it has one.
      const before = chunks.length;
      for (const fragment of arrayOf(node.fragments)) if (isObject(fragment)) writeAll(arrayOf(fragment.nodes));
      if (nodes.some((n) => typeof n === 'string' || (isObject(n) && (n.object === 'text' || n.object === 'inline')))) {
        add(paragraph(nodes, ctx, where), 'paragraph');
      } else {
        writeAll(nodes);
      }
      const href = stringOf(data.url) ?? refHref(data.ref, ctx);
      if (chunks.length === before && href) add(paragraph([linkNode(href, stringOf(data.caption) ?? href)], ctx, where), 'paragraph');
      break;
    }
  }
  ctx.leave();
}

const textNode = (text: string, marks: string[] = []) => ({
  object: 'text',
  leaves: [{ object: 'leaf', text, marks: marks.map((type) => ({ object: 'mark', type })) }],
});

const linkNode = (href: string, text: string) => ({ object: 'inline', type: 'link', data: { ref: { kind: 'url', url: href } }, nodes: [textNode(text)] });

/** A paragraph's lines; none for an empty paragraph, which markdown cannot hold. */
function paragraph(nodes: readonly unknown[], ctx: Context, where: Where, options: InlineOptions = {}): string[] {
  if (where === 'quote' || where === 'hint') {
    // Code-marked lines are what a code block becomes where GitBook admits none: written back as
    // the code block, they convert to the same paragraph.
    const code = codeOnly(nodes);
    if (code !== undefined) return fenced(code.split(/\r\n|\r|\n/), undefined);
  }
  return renderBlockInline(nodes, ctx, options, (inline) => {
    const markdown = escapeLineStarts(inline);
    return markdown === '' ? [] : markdown.split('\n');
  });
}

function titleLine(nodes: readonly unknown[], ctx: Context, where: Where): string[] {
  return paragraph(nodes, ctx, where, { extra: ['bold'] });
}

function codeOnly(nodes: readonly unknown[]): string | undefined {
  let text = '';
  for (const node of nodes) {
    if (!isObject(node) || !(node.object === 'text' || Array.isArray(node.leaves))) return undefined;
    for (const leaf of leavesOf(node)) {
      if (leaf.text === '') continue;
      const marks = leaf.marks.filter((m) => m === 'bold' || m === 'italic' || m === 'strikethrough' || m === 'code');
      if (marks.length !== 1 || marks[0] !== 'code') return undefined;
      text += leaf.text;
    }
  }
  return /[\r\n]/.test(text) ? text : undefined;
}

function headingLines(level: number, nodes: readonly unknown[], ctx: Context): string[] {
  // Only setext headings (levels 1 and 2) can hold a line break.
  return renderBlockInline(nodes, ctx, { flat: level > 2 }, (inline) => {
    const lines = escapeLineStarts(inline).split('\n');
    if (lines.length > 1) return [...lines, level === 1 ? '===' : '---'];
    // A closing run of #s would be read as the end of the heading, not its text.
    const text = lines[0]!.replace(/(^|[ \t])(#+)$/, '$1\\$2');
    return [text === '' ? '#'.repeat(level) : `${'#'.repeat(level)} ${text}`];
  });
}

function fenced(lines: readonly string[], syntax: string | undefined): string[] {
  const info = (syntax ?? '').replace(/\s+/g, ' ').trim().replace(/\\/g, '\\\\').replace(/&(?=#?[0-9A-Za-z]+;)/g, '\\&');
  // A backtick fence's info string cannot hold a backtick; a tilde fence's can.
  const char = info.includes('`') ? '~' : '`';
  const runs = lines.flatMap((line) => line.match(char === '`' ? /`+/g : /~+/g) ?? []);
  const fence = char.repeat(Math.max(3, ...runs.map((run) => run.length + 1)));
  return [`${fence}${info}`, ...lines, fence];
}

function listChunk(node: Json, type: string, previous: string | undefined, ctx: Context, where: Where): { lines: string[]; marker: string } {
  const items = arrayOf(node.nodes).filter(isObject);
  const ordered = type === 'list-ordered';
  // A list right after a list with the same marker would continue it: alternate the marker.
  const marker = ordered ? (previous === '.' ? ')' : '.') : previous === '-' ? '*' : '-';
  const data = isObject(node.data) ? node.data : {};
  const start = typeof data.start === 'number' && Number.isFinite(data.start) ? Math.min(Math.max(Math.trunc(data.start), 0), 999_999_999) : 1;
  const checkedOf = (item: Json) => (isObject(item.data) && typeof item.data.checked === 'boolean' ? item.data.checked : undefined);
  // Items without `checked` in a task list stay plain items, unless no item has one at all.
  const boxEvery = type === 'list-tasks' && items.every((item) => checkedOf(item) === undefined);
  const lines = items.flatMap((item, i) => {
    const bullet = ordered ? `${Math.min(start + i, 999_999_999)}${marker}` : marker;
    const checked = type === 'list-tasks' ? checkedOf(item) : undefined;
    const box = checked === undefined ? (boxEvery ? '[ ]' : '') : checked ? '[x]' : '[ ]';
    const body = flow(item.type === 'list-item' ? arrayOf(item.nodes) : [item], ctx, where);
    return itemLines(bullet, box, body);
  });
  return { lines, marker };
}

function itemLines(bullet: string, box: string, body: readonly Chunk[]): string[] {
  const head = box ? `${bullet} ${box}` : bullet;
  const lines = joinChunks(body);
  const first = body[0];
  if (!first) return [head];
  const pad = ' '.repeat(bullet.length + 1);
  const indented = lines.map((line) => (line === '' ? '' : pad + line));
  // A hint tag must have its line to itself; a task box must be followed by a paragraph.
  if (first.kind === 'hint' || first.kind === 'tag' || (box && first.kind !== 'paragraph')) return [head, ...indented];
  // `- ---` is a divider, not an item holding one.
  const opening = bullet === '-' && lines[0] === '---' ? '***' : lines[0];
  return [`${head} ${opening}`, ...indented.slice(1)];
}

function writeImages(images: readonly unknown[], chunks: Chunk[], ctx: Context, where: Where): void {
  const parts: string[] = [];
  const texts: unknown[] = [];
  for (const image of images) {
    if (!isObject(image)) continue;
    const data = isObject(image.data) ? image.data : {};
    const fragments = arrayOf(image.fragments).filter(isObject);
    const caption = (fragments.find((f) => f.fragment === 'caption') ?? fragments[0])?.nodes;
    const captionText = arrayOf(caption).map(plainText).join(' ').trim();
    const src = refHref(data.ref, ctx);
    if (src !== undefined && linkable(src)) parts.push(imageMarkdown(src, stringOf(data.alt), captionText));
    else texts.push(...[stringOf(data.alt), captionText].filter((t): t is string => !!t).map((t) => textNode(t)));
  }
  if (parts.length > 0) chunks.push({ lines: [parts.join(' ')], kind: 'images' });
  if (texts.length > 0) {
    const lines = paragraph(texts, ctx, where);
    if (lines.length > 0) chunks.push({ lines, kind: 'paragraph' });
  }
}

const ALIGN: Record<string, string> = { center: ':---:', right: '---:' };

/**
 * A GitBook table as a GFM table: the view's columns (definition titles as the header, text
 * alignment as the delimiter row), one row per record in `orderIndex` order. A text cell's value
 * names the fragment holding its content; other column types hold their value in the record.
 * Markdown cells are one line: line breaks and further paragraphs are joined with `<br>`.
 */
function tableLines(node: Json, ctx: Context): string[] {
  const table = tableCells(node, ctx);
  if (!table) {
    // No columns to lay cells out in: the cells' content, one paragraph each.
    return cellBlocks(arrayOf(node.fragments).flatMap((f) => (isObject(f) ? arrayOf(f.nodes) : [])), ctx).flatMap((cell, i) => (i > 0 ? ['', cell] : [cell]));
  }
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [row(table.header), row(table.align), ...table.rows.map(row)];
}

function tableCells(node: Json, ctx: Context): { header: string[]; align: string[]; rows: string[][] } | undefined {
  const data = isObject(node.data) ? node.data : {};
  const definition = isObject(data.definition) ? data.definition : {};
  const view = isObject(data.view) ? data.view : {};
  const listed = arrayOf(view.columns).filter((c): c is string => typeof c === 'string');
  const columns = listed.length > 0 ? listed : Object.keys(definition);
  if (columns.length === 0) return undefined;
  const fragments = new Map<string, Json>();
  for (const fragment of arrayOf(node.fragments)) {
    if (isObject(fragment) && typeof fragment.fragment === 'string') fragments.set(fragment.fragment, fragment);
  }
  const defOf = (id: string) => (isObject(definition[id]) ? definition[id] : {});
  const records = Object.values(isObject(data.records) ? data.records : {})
    .filter(isObject)
    .sort((a, b) => {
      const [x, y] = [String(a.orderIndex ?? ''), String(b.orderIndex ?? '')];
      return x < y ? -1 : x > y ? 1 : 0;
    });
  return {
    header: columns.map((id) => escapeText((stringOf(defOf(id).title) ?? '').replace(/\s+/g, ' ').trim())),
    align: columns.map((id) => ALIGN[stringOf(defOf(id).textAlignment) ?? ''] ?? '---'),
    rows: records.map((record) => {
      const values = isObject(record.values) ? record.values : {};
      return columns.map((id) => cellMarkdown(values[id], defOf(id), fragments, ctx));
    }),
  };
}

function cellMarkdown(value: unknown, def: Json, fragments: ReadonlyMap<string, Json>, ctx: Context): string {
  // Several paragraphs, a list or code: GitBook's `<p>`, `<ul>`, `<pre>` in the cell (gitbook-html/).
  const blocks = typeof value === 'string' ? arrayOf(fragments.get(value)?.nodes) : [];
  if (isHtmlCell(blocks)) return cellHtml(blocks, ctx, { gfm: true });
  if (typeof value === 'string' && fragments.has(value)) return cellBlocks(arrayOf(fragments.get(value)!.nodes), ctx).join('<br>');
  if (Array.isArray(value)) return value.map((v) => cellMarkdown(v, def, fragments, ctx)).filter((v) => v !== '').join(', ');
  if (isObject(value)) {
    // An image record ({ ref, alt }) or a content reference.
    const image = isObject(value.ref) ? value : undefined;
    const href = refHref(image ? image.ref : value, ctx);
    if (href === undefined) return '';
    if ((image || def.type === 'image') && linkable(href)) return imageMarkdown(href, stringOf(image?.alt), undefined);
    return renderCell([linkNode(href, href)], ctx);
  }
  if (typeof value === 'boolean') return def.type === 'checkbox' ? (value ? '\\[x\\]' : '\\[ \\]') : String(value);
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return '';
  if (def.type === 'files') return renderCell([linkNode(refHref({ kind: 'file', file: value }, ctx)!, value)], ctx);
  const option = def.type === 'select' ? arrayOf(def.options).find((o) => isObject(o) && o.value === value) : undefined;
  const label = isObject(option) ? (stringOf(option.label) ?? value) : value;
  return renderCell([textNode(label)], ctx);
}

const isInline = (node: unknown) => typeof node === 'string' || (isObject(node) && (node.object === 'text' || node.object === 'inline' || Array.isArray(node.leaves)));

/** A cell's blocks as one-line markdown each: inline content as it is, other blocks their text. */
function cellBlocks(nodes: readonly unknown[], ctx: Context): string[] {
  return nodes
    .flatMap((node): string[] => {
      if (isInline(node)) return [renderCell([node], ctx)];
      if (!isObject(node)) return [];
      ctx.enter();
      const out = cellBlock(node, ctx);
      ctx.leave();
      return out;
    })
    .filter((cell) => cell !== '');
}

function cellBlock(node: Json, ctx: Context): string[] {
  const children = arrayOf(node.nodes);
  const fragments = arrayOf(node.fragments).flatMap((f) => (isObject(f) ? arrayOf(f.nodes) : []));
  const data = isObject(node.data) ? node.data : {};
  if (children.some(isInline)) return [renderCell(children, ctx)];
  switch (node.type) {
    case 'code':
      return [renderCell([textNode(children.map(plainText).join('\n'), ['code'])], ctx)];
    case 'math':
      return [renderCell([textNode(`$$${stringOf(data.formula) ?? ''}$$`)], ctx)];
    case 'table': {
      // A table in a cell: a line per row, cells apart by a pipe.
      const table = tableCells(node, ctx);
      if (table) return [table.header, ...table.rows].map((cells) => cells.join(' \\| '));
      break;
    }
    default:
      break;
  }
  const title = stringOf(data.title);
  const href = stringOf(data.url) ?? refHref(data.ref, ctx);
  const image = node.type === 'image' || node.type === 'drawing';
  const target = href === undefined || children.length > 0 ? [] : [image && linkable(href) ? imageMarkdown(href, stringOf(data.alt), undefined) : renderCell([linkNode(href, href)], ctx)];
  return [...(title ? [renderCell([textNode(title, ['bold'])], ctx)] : []), ...target, ...cellBlocks([...fragments, ...children], ctx)];
}
