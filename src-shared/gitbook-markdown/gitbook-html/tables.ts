import { generateNKeysBetween } from 'fractional-indexing';
import type { HTMLElement } from 'node-html-parser';
import type { ConvertContext } from '../context';
import type { ContentRef, Table, TableCellBlock, TableDefinition, TableRecord, TableView } from '../types';
import { cellBlocks } from './cell-blocks';
import { domPhrasing, elementsOnly, tagOf } from './nodes';

/**
 * A table GitBook writes as HTML: a grid with column widths (`<th width="188">`), a hidden header
 * (`data-header-hidden`), full width (`data-full-width="true"`), or a cards view:
 *
 *     <table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th>
 *     <th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody><tr><td>Title</td>
 *     <td><a href="page.md">page.md</a></td><td><a href=".gitbook/assets/cover.png">cover.png</a></td></tr></tbody></table>
 *
 * Columns, records and cell fragments are named as `convertTable` names them. Undefined when the
 * element is not a table laid out so.
 */
export function tableOf(table: HTMLElement, ctx: ConvertContext): Table | undefined {
  const rows = rowsOf(table);
  if (!rows) return undefined;
  const [head, ...body] = rows;
  const headers = (head ?? []).filter((cell) => tagOf(cell) === 'th' || tagOf(cell) === 'td');
  const key = ctx.key();
  const columns = headers.map((_, i) => `${key}-c${i}`);
  const definition: Record<string, TableDefinition> = {};
  const widths: Record<string, number> = {};
  const attrs = table.attributes;
  const cards = attrs['data-view'] === 'cards';
  const view: { target?: string; cover?: string; coverDark?: string } = {};
  headers.forEach((th, i) => {
    const id = columns[i]!;
    const title = th.text.replace(/\s+/g, ' ').trim();
    const type = th.attributes['data-type'];
    if (type === 'files' || type === 'content-ref' || type === 'image') definition[id] = { id, title, type };
    else definition[id] = { id, title, type: 'text', textAlignment: alignmentOf(th.attributes.align) };
    const width = Number(th.attributes.width);
    if (th.attributes.width !== undefined && Number.isFinite(width)) widths[id] = width;
    if (th.attributes['data-card-target'] !== undefined) view.target = id;
    if (th.attributes['data-card-cover'] !== undefined) view.cover = id;
    if (th.attributes['data-card-cover-dark'] !== undefined) view.coverDark = id;
  });
  const shown = columns.filter((_, i) => headers[i]!.attributes['data-hidden'] === undefined);
  const order = generateNKeysBetween(null, null, body.length);
  const records: Record<string, TableRecord> = {};
  const fragments: Table['fragments'] = [];
  body.forEach((row, r) => {
    const values: TableRecord['values'] = {};
    columns.forEach((column, c) => {
      const cell = row[c];
      const def = definition[column]!;
      if (def.type === 'text') {
        const name = `${key}-r${r}-c${c}`;
        values[column] = name;
        fragments.push({ object: 'fragment', key: ctx.key(), fragment: name, nodes: cellContent(cell, ctx) });
        return;
      }
      const href = cell?.querySelector('a')?.attributes.href ?? cell?.querySelector('img')?.attributes.src;
      if (href === undefined) return;
      values[column] = def.type === 'files' ? [fileValue(ctx.ref(href, 'image'))] : def.type === 'image' ? ctx.ref(href, 'image') : ctx.ref(href, 'link');
    });
    records[`${key}-r${r}`] = { orderIndex: order[r]!, values };
  });
  const tableView: TableView = cards
    ? {
        type: 'cards',
        columns: shown,
        cardSize: attrs['data-card-size'] === 'large' ? 'large' : 'medium',
        ...(view.target ? { targetDefinition: view.target } : {}),
        ...(view.cover ? { coverDefinition: view.cover } : {}),
        ...(view.coverDark ? { coverDefinitionDark: view.coverDark } : {}),
      }
    : { type: 'grid', columns: shown, hideHeader: attrs['data-header-hidden'] !== undefined, ...(Object.keys(widths).length > 0 ? { columnWidths: widths } : {}) };
  const fullWidth = attrs['data-full-width'];
  return {
    object: 'block',
    type: 'table',
    key,
    isVoid: true,
    data: { view: tableView, ...(fullWidth === 'true' || fullWidth === 'false' ? { fullWidth: fullWidth === 'true' } : {}), records, definition },
    fragments,
  };
}

function alignmentOf(align: string | undefined): 'left' | 'center' | 'right' {
  return align === 'center' || align === 'right' ? align : 'left';
}

/** A files column holds file ids; a URL that is no file of the space stays the URL. */
function fileValue(ref: ContentRef): string {
  return ref.kind === 'file' ? ref.file : ref.kind === 'url' ? ref.url : '';
}

function cellContent(cell: HTMLElement | undefined, ctx: ConvertContext): TableCellBlock[] {
  return cellBlocks(cell ? domPhrasing(cell.childNodes) : [], ctx);
}

/** The rows of a table (header row first) as their cells; undefined if it holds anything else. */
function rowsOf(table: HTMLElement): HTMLElement[][] | undefined {
  const rows: HTMLElement[][] = [];
  const sections = elementsOnly(table);
  if (!sections) return undefined;
  for (const section of sections) {
    const tag = tagOf(section);
    const sectionRows = tag === 'tr' ? [section] : tag === 'thead' || tag === 'tbody' ? elementsOnly(section) : undefined;
    if (!sectionRows || sectionRows.some((row) => tagOf(row) !== 'tr')) return undefined;
    for (const row of sectionRows) {
      const cells = elementsOnly(row);
      if (!cells || cells.some((cell) => tagOf(cell) !== 'td' && tagOf(cell) !== 'th')) return undefined;
      rows.push(cells);
    }
  }
  return rows.length > 0 ? rows : undefined;
}
