import { arrayOf, type InlineContext, isObject, type Json, refHref, stringOf } from '../to-markdown-inline';
import { cellHtml } from './write-blocks';
import { escapeAttribute, escapeHtml } from './write-inline';

/**
 * A table block as the HTML table GitBook writes when markdown's table cannot say it: a cards view,
 * column widths, a hidden header or a full-width table (see gitbook-html/tables.ts for the reading).
 */

const dataOf = (node: Json): Json => (isObject(node.data) ? node.data : {});

/** Whether GitBook writes this table as HTML rather than as a markdown table. */
export function needsHtmlTable(node: Json): boolean {
  const data = dataOf(node);
  const view = isObject(data.view) ? data.view : {};
  if (view.type === 'cards') return true;
  const widths = isObject(view.columnWidths) ? Object.keys(view.columnWidths) : [];
  return view.hideHeader === true || typeof data.fullWidth === 'boolean' || widths.length > 0;
}

export function tableHtml(node: Json, ctx: InlineContext): string {
  const data = dataOf(node);
  const view = isObject(data.view) ? data.view : {};
  const definition = isObject(data.definition) ? data.definition : {};
  const shown = arrayOf(view.columns).filter((id): id is string => typeof id === 'string');
  // Hidden columns (a card's target and cover) are written too, in the definition's order.
  const columns = [...new Set([...Object.keys(definition), ...shown])];
  const cards = view.type === 'cards';
  const widths = isObject(view.columnWidths) ? view.columnWidths : {};
  const attrs = [
    cards && view.cardSize === 'large' ? ' data-card-size="large"' : '',
    typeof data.fullWidth === 'boolean' ? ` data-full-width="${data.fullWidth}"` : '',
    !cards && view.hideHeader === true ? ' data-header-hidden' : '',
    cards ? ' data-view="cards"' : '',
  ].join('');
  const header = columns.map((id) => {
    const def = isObject(definition[id]) ? definition[id] : {};
    const type = stringOf(def.type) ?? 'text';
    const width = widths[id];
    const align = stringOf(def.textAlignment);
    const th = [
      shown.includes(id) ? '' : ' data-hidden',
      cards && view.targetDefinition === id ? ' data-card-target' : '',
      cards && view.coverDefinition === id ? ' data-card-cover' : '',
      cards && view.coverDefinitionDark === id ? ' data-card-cover-dark' : '',
      type !== 'text' ? ` data-type="${escapeAttribute(type)}"` : '',
      typeof width === 'number' && Number.isFinite(width) ? ` width="${width}"` : '',
      type === 'text' && (align === 'center' || align === 'right') ? ` align="${align}"` : '',
    ].join('');
    return `<th${th}>${escapeHtml(stringOf(def.title) ?? '')}</th>`;
  });
  const fragments = new Map<string, Json>();
  for (const fragment of arrayOf(node.fragments)) if (isObject(fragment) && typeof fragment.fragment === 'string') fragments.set(fragment.fragment, fragment);
  const records = Object.values(isObject(data.records) ? data.records : {})
    .filter(isObject)
    .sort((a, b) => {
      const [x, y] = [String(a.orderIndex ?? ''), String(b.orderIndex ?? '')];
      return x < y ? -1 : x > y ? 1 : 0;
    });
  const rows = records.map((record) => {
    const values = isObject(record.values) ? record.values : {};
    const cells = columns.map((id) => `<td>${cellValueHtml(values[id], isObject(definition[id]) ? definition[id] : {}, fragments, ctx)}</td>`);
    return `<tr>${cells.join('')}</tr>`;
  });
  return `<table${attrs}><thead><tr>${header.join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function cellValueHtml(value: unknown, def: Json, fragments: ReadonlyMap<string, Json>, ctx: InlineContext): string {
  if (value === undefined || value === null) return '';
  if (def.type === 'files') {
    const files = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    return files.map((file) => linkHtml(fileIsUrl(file) ? file : refHref({ kind: 'file', file }, ctx))).join('');
  }
  if (isObject(value)) return linkHtml(refHref(value, ctx));
  if (typeof value === 'string' && fragments.has(value)) return cellHtml(arrayOf(fragments.get(value)!.nodes), ctx);
  return escapeHtml(String(value));
}

/** A files column holds file ids; what reads as a URL or a path was a file outside the space. */
const fileIsUrl = (value: string) => /^[a-z][a-z0-9+.-]*:|^\/|^\./i.test(value) || value.includes('/');

/** `<a href="page.md">page.md</a>`: how GitBook writes a card's target or cover. */
function linkHtml(href: string | undefined): string {
  if (href === undefined) return '';
  const hash = href.indexOf('#');
  // An anchor is named by itself, a URL in full, a page or file by its last path segment.
  const name = /^[a-z][a-z0-9+.-]*:/i.test(href) ? href : hash >= 0 ? href.slice(hash) : (href.split('/').filter((part) => part !== '').at(-1) ?? href);
  let label = name;
  try {
    label = decodeURIComponent(name);
  } catch {
    // A malformed escape: the name as written.
  }
  return `<a href="${escapeAttribute(href)}">${escapeHtml(label)}</a>`;
}
