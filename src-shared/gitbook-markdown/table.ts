import { generateNKeysBetween } from 'fractional-indexing';
import type { Table as MdTable } from 'mdast';
import type { ConvertContext } from './context';
import { cellBlocks } from './gitbook-html/cell-blocks';
import { inlineContent, leaf, piecesOf, type Piece } from './inlines';
import { textContent } from './parse';
import type { Paragraph, Table, TableCellBlock, TableDefinition, TableRecord } from './types';

/**
 * A GFM table as GitBook's table block, which is a small database rather than a grid of cells:
 * one `text` column definition per markdown column (title = the header cell's plain text, the
 * markdown alignment as `textAlignment`), one record per body row ordered by a fractional index,
 * and each cell's content in a fragment whose name is the record's value for that column — the
 * way GitBook's renderer looks text cells up. Ids are derived from the block's key.
 */
export function convertTable(node: MdTable, ctx: ConvertContext): Table {
  const key = ctx.key();
  const [head, ...rows] = node.children;
  // GFM: the header row fixes the column count; shorter rows get empty cells.
  const width = head?.children.length ?? 0;
  const columns = Array.from({ length: width }, (_, i) => `${key}-c${i}`);
  const definition: Record<string, TableDefinition> = {};
  columns.forEach((id, i) => {
    definition[id] = {
      id,
      // Column titles are plain strings in GitBook: formatting in header cells is not kept.
      title: textContent(head!.children[i]!).replace(/\s+/g, ' ').trim(),
      type: 'text',
      textAlignment: node.align?.[i] ?? 'left',
    };
  });
  const order = generateNKeysBetween(null, null, rows.length);
  const records: Record<string, TableRecord> = {};
  const fragments: Table['fragments'] = [];
  rows.forEach((row, r) => {
    const values: Record<string, string> = {};
    columns.forEach((column, c) => {
      const cell = row.children[c];
      const name = `${key}-r${r}-c${c}`;
      values[column] = name;
      fragments.push({ object: 'fragment', key: ctx.key(), fragment: name, nodes: cellBlocks(cell ? cell.children : [], ctx) });
    });
    records[`${key}-r${r}`] = { orderIndex: order[r]!, values };
  });
  return {
    object: 'block',
    type: 'table',
    key,
    isVoid: true,
    data: { view: { type: 'grid', columns, hideHeader: false }, records, definition },
    fragments,
  };
}

/** A paragraph; the key comes first so that it is taken before the keys of the content's nodes. */
export function paragraph(key: string, pieces: Piece[], ctx: ConvertContext): Paragraph {
  return { object: 'block', type: 'paragraph', key, isVoid: false, data: {}, nodes: inlineContent(pieces, ctx) };
}

/** A cell's blocks as one line: paragraphs as they are, lists and code as their text, apart by spaces. */
function cellPieces(blocks: readonly TableCellBlock[]): Piece[] {
  type Node = { leaves?: Array<{ text: string }>; nodes?: unknown[]; fragments?: unknown[] };
  const text = (node: Node): string =>
    node.leaves ? node.leaves.map((l) => l.text).join('') : [...(node.fragments ?? []), ...(node.nodes ?? [])].map((child) => text(child as Node)).join(' ');
  return blocks.flatMap((block, i) => [...(i > 0 ? [leaf(' ')] : []), ...(block.type === 'paragraph' ? piecesOf(block.nodes) : [leaf(text(block as Node))])]);
}

/**
 * A table where GitBook admits none (inside a hint or a quote): one paragraph per row, the header
 * in bold, cells separated by " | ", so no cell's content is lost.
 */
export function tableAsParagraphs(table: Table, ctx: ConvertContext): Paragraph[] {
  const { columns } = table.data.view;
  const header = columns.map((id) => table.data.definition[id]!.title).join(' | ');
  const rows = Object.values(table.data.records)
    .sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : 1))
    .map((record) =>
      columns.flatMap((id, i) => {
        const cell = table.fragments.find((f) => f.fragment === record.values[id]);
        return [...(i > 0 ? [leaf(' | ')] : []), ...cellPieces(cell?.nodes ?? [])];
      }),
    );
  return [paragraph(table.key, [leaf(header, ['bold'])], ctx), ...rows.map((pieces) => paragraph(ctx.key(), pieces, ctx))];
}
