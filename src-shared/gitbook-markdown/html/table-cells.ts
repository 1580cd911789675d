import type { Block, ContentRef, Table, TableDefinition, TableRecord } from '../types';
import type { RenderContext } from './context';
import { imgHtml } from './images';
import { contentRefTitle } from './link-cards';
import { escapeHtml, hrefAttributes, safeHref } from './safe';

/** The records and cells of a table block, shared by its grid and cards views. */

export function orderedRecords(block: Table): TableRecord[] {
  return Object.values(block.data.records).sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0));
}

/** A cell's content: a text column's fragment, a files column's images, a content-ref column's link. */
export function cellHtml(block: Table, record: TableRecord, column: TableDefinition, ctx: RenderContext): string {
  const value = record.values[column.id];
  if (value === undefined) return '';
  switch (column.type) {
    case 'text':
      return typeof value === 'string' ? fragmentHtml(block.fragments.find((fragment) => fragment.fragment === value), ctx) : '';
    case 'files':
      return fileRefs(value)
        .map((ref) => imgHtml(ref, '', ctx))
        .join('');
    case 'content-ref': {
      if (!isRef(value)) return '';
      const title = escapeHtml(contentRefTitle(value, ctx));
      const href = ctx.inLink ? undefined : safeHref(ctx.links.href(value));
      return href === undefined ? title : `<a ${hrefAttributes(href)}>${title}</a>`;
    }
    default:
      return '';
  }
}

/** A cell of one paragraph is its text (as a markdown table cell reads); several are paragraphs. */
function fragmentHtml(fragment: { nodes: readonly Block[] } | undefined, ctx: RenderContext): string {
  const nodes = fragment?.nodes ?? [];
  const [only] = nodes;
  if (nodes.length === 1 && only?.type === 'paragraph') return ctx.inlines(only.nodes);
  return ctx.blocks(nodes);
}

/** A files cell's values: file ids of the space, or URLs. */
export function fileRefs(value: TableRecord['values'][string]): Array<{ kind: 'file'; file: string } | { kind: 'url'; url: string }> {
  const values = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  return values.map((entry) => (/^[a-z][a-z0-9+.-]*:|^\/|^\./i.test(entry) ? { kind: 'url', url: entry } : { kind: 'file', file: entry }));
}

export function isRef(value: TableRecord['values'][string]): value is ContentRef {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { kind?: unknown }).kind === 'string';
}
