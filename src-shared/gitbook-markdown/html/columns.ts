import type { Column, Columns } from '../types';
import type { RenderContext } from './context';

/** The tracks of the columns grid: 60 divide evenly into halves, thirds, quarters, fifths, sixths and tenths. */
export const COLUMN_TRACKS = 60;

/**
 * Columns side by side on a CSS grid. A column's width (a percentage) is how many of the grid's tracks it
 * spans, as a class (`column-span-30`), since the CSP allows no inline style; columns without a width share
 * what is left.
 */
export function columnsHtml(block: Columns, ctx: RenderContext): string {
  const widths = block.nodes.map((column) => percentOf(column.data.width));
  const fixed = widths.reduce<number>((sum, width) => sum + (width ?? 0), 0);
  const free = widths.filter((width) => width === undefined).length;
  const share = free ? Math.max(0, 100 - fixed) / free : 0;
  const columns = block.nodes.map((column, index) => columnHtml(column, widths[index] ?? share, ctx));
  return `<div class="columns${block.data.fullWidth ? ' full-width' : ''}">${columns.join('')}</div>`;
}

function columnHtml(column: Column, percent: number, ctx: RenderContext): string {
  const span = Math.min(COLUMN_TRACKS, Math.max(1, Math.round((percent / 100) * COLUMN_TRACKS)));
  const align = column.data.verticalAlignment && column.data.verticalAlignment !== 'top' ? ` column-${column.data.verticalAlignment}` : '';
  return `<div class="column column-span-${span}${align}">${ctx.blocks(column.nodes)}</div>`;
}

/** `{ unit: '%', value: 50 }`, `50%`, `"50"` and `50` are half; a fraction (`0.5`) too. */
function percentOf(width: Column['data']['width']): number | undefined {
  if (width === undefined) return undefined;
  if (typeof width === 'object' && width.unit !== '%') return undefined;
  const value = typeof width === 'object' ? width.value : Number.parseFloat(String(width));
  if (!Number.isFinite(value) || value <= 0) return undefined;
  return value <= 1 ? value * 100 : Math.min(100, value);
}
