import type { PhrasingContent } from 'mdast';
import type { ConvertContext } from '../context';
import { leaf, phrasingPieces, withMark } from '../inlines';
import { paragraph } from '../table';
import type { Code, CodeLine, DocumentLeaf, List, ListItem, MarkType, TableCellBlock } from '../types';
import { nestInlineHtml } from './nest';
import { tableOf } from './tables';
import type { HtmlElementNode } from './nodes';

/**
 * The content of a table cell as blocks. A cell is one line of markdown (or of HTML in an HTML
 * table), so GitBook writes a cell's paragraphs as `<p>…</p><p>…</p>`, its lists as
 * `<ul><li>…</li></ul>` and its code as `<pre><code>`; text outside them is one paragraph.
 */
export function cellBlocks(children: readonly PhrasingContent[], ctx: ConvertContext): TableCellBlock[] {
  const blocks: TableCellBlock[] = [];
  let run: PhrasingContent[] = [];
  const flush = (force = false) => {
    const blank = run.every((node) => node.type === 'text' && node.value.trim() === '');
    if (!blank || (force && blocks.length === 0)) blocks.push(paragraph(ctx.key(), phrasingPieces(run, ctx), ctx));
    run = [];
  };
  for (const node of nestInlineHtml(children)) {
    const block = node.type === 'folioHtmlElement' ? blockOf(node, ctx) : undefined;
    if (!block) {
      run.push(node);
      continue;
    }
    flush();
    // The paragraph's key is taken before its content's: `blockOf` is called after the flush.
    blocks.push(block());
  }
  flush(true);
  return blocks;
}

/** A block element of a cell, converted when called (so that keys count up in document order). */
function blockOf(node: HtmlElementNode, ctx: ConvertContext): (() => TableCellBlock) | undefined {
  switch (node.tag) {
    case 'p':
      return () => paragraph(ctx.key(), phrasingPieces(node.children, ctx), ctx);
    case 'ul':
    case 'ol':
      return () => listOf(node, ctx);
    case 'pre':
      return () => codeOf(node, ctx);
    case 'table': {
      // A table in a cell of an HTML table (read from the parsed element).
      const table = node.dom;
      return table ? () => tableOf(table, ctx) ?? paragraph(ctx.key(), phrasingPieces([{ type: 'text', value: node.dom!.text }], ctx), ctx) : undefined;
    }
    default:
      return undefined;
  }
}

/** The text of code with its bold and italic runs; line breaks kept (they are the code's lines). */
function codeLeaves(nodes: readonly PhrasingContent[], marks: MarkType[]): DocumentLeaf[] {
  return nodes.flatMap((node): DocumentLeaf[] => {
    if (node.type === 'text') return [leaf(node.value, marks)];
    if (node.type !== 'folioHtmlElement') return [];
    if (node.tag === 'br') return [leaf('\n', marks)];
    const mark = node.tag === 'strong' || node.tag === 'b' ? 'bold' : node.tag === 'em' || node.tag === 'i' ? 'italic' : undefined;
    return codeLeaves(node.children, mark ? withMark(marks, mark) : marks);
  });
}

function listOf(node: HtmlElementNode, ctx: ConvertContext): List {
  const key = ctx.key();
  const ordered = node.tag === 'ol';
  const start = Number(node.attrs.start);
  const items = nestInlineHtml(node.children).filter((child): child is HtmlElementNode => child.type === 'folioHtmlElement' && child.tag === 'li');
  const nodes = items.map((item): ListItem => {
    const itemKey = ctx.key();
    return { object: 'block', type: 'list-item', key: itemKey, isVoid: false, data: {}, nodes: cellBlocks(item.children, ctx) };
  });
  return { object: 'block', type: ordered ? 'list-ordered' : 'list-unordered', key, isVoid: false, data: ordered && Number.isInteger(start) && start !== 1 ? { start } : {}, nodes };
}

/**
 * `<pre class="language-js"><code class="lang-js">…</code></pre>`: GitBook writes a code block so
 * when some of its text is bold (`<strong>` around it), which fenced code cannot show.
 */
export function codeOf(node: HtmlElementNode, ctx: ConvertContext): Code {
  const key = ctx.key();
  const [inner] = node.children;
  const code = inner?.type === 'folioHtmlElement' && inner.tag === 'code' && node.children.length === 1 ? inner : undefined;
  const className = (code?.attrs.class ?? node.attrs.class ?? '').split(/\s+/).find((name) => name.startsWith('lang-') || name.startsWith('language-'));
  const syntax = className?.slice(className.indexOf('-') + 1);
  const lines: DocumentLeaf[][] = [[]];
  for (const piece of codeLeaves(code ? code.children : node.children, [])) {
    piece.text.split('\n').forEach((text, i) => {
      if (i > 0) lines.push([]);
      if (text !== '') lines.at(-1)!.push({ ...piece, text });
    });
  }
  // The newline before `</code>` ends the last line; it opens none.
  if (lines.length > 1 && lines.at(-1)!.length === 0) lines.pop();
  const nodes = lines.map((leaves): CodeLine => {
    const lineKey = ctx.key();
    return { object: 'block', type: 'code-line', key: lineKey, isVoid: false, data: {}, nodes: [{ object: 'text', key: ctx.key(), leaves: leaves.length > 0 ? leaves : [{ object: 'leaf', text: '', marks: [] }] }] };
  });
  return { object: 'block', type: 'code', key, isVoid: false, data: syntax ? { syntax } : {}, nodes };
}
