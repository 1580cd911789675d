import type { Table, TableDefinition } from '../types';
import { cardsHtml } from './cards';
import type { RenderContext } from './context';
import { escapeHtml } from './safe';
import { cellHtml, orderedRecords } from './table-cells';

/**
 * GitBook's table block: a small database shown as a grid (a table, its columns aligned by class,
 * the header row left out when hidden) or as cards (cards.ts).
 */
export function tableHtml(block: Table, ctx: RenderContext): string {
  const { view } = block.data;
  if (view.type === 'cards') return cardsHtml(block, ctx);
  const columns = view.columns.map((id) => block.data.definition[id]).filter((column) => column !== undefined);
  const head = view.hideHeader ? '' : `<thead><tr>${columns.map((column) => `<th${alignClass(column)}>${escapeHtml(column.title)}</th>`).join('')}</tr></thead>`;
  const rows = orderedRecords(block)
    .map((record) => `<tr>${columns.map((column) => `<td${alignClass(column)}>${cellHtml(block, record, column, ctx)}</td>`).join('')}</tr>`)
    .join('');
  return `<div class="table-wrap${block.data.fullWidth ? ' full-width' : ''}"><table>${head}<tbody>${rows}</tbody></table></div>`;
}

function alignClass(column: TableDefinition): string {
  return column.type === 'text' && column.textAlignment !== 'left' ? ` class="align-${column.textAlignment}"` : '';
}
