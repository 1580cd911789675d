import type { ContentRef, Fragment, Table, TableCellBlock, TableDefinition, TableRecord } from '../../src-shared/gitbook-markdown/types';
import type { BlockHost } from './block-host';
import { blockText, fragmentText } from './block-text';
import { box } from './boxes';
import type { Frame } from './cursor';
import { inlineRuns, type Run } from './runs';
import { COLORS } from './theme';

type Alignment = 'left' | 'center' | 'right';

/** A table block's records in order. */
function records(node: Table): TableRecord[] {
  return Object.values(node.data.records).sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0));
}

function fragmentNamed(node: Table, name: unknown): Fragment<TableCellBlock> | undefined {
  return typeof name === 'string' ? node.fragments.find((f) => f.fragment === name) : undefined;
}

function isRef(value: unknown): value is ContentRef {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { kind?: unknown }).kind === 'string';
}

/** A table block as plain cells: the header (column titles), the rows, each column's alignment. */
export function tableCells(host: BlockHost, node: Table): { header: string[]; rows: string[][]; alignments: Alignment[] } {
  const columns = node.data.view.columns.map((id) => node.data.definition[id]).filter((d): d is TableDefinition => Boolean(d));
  const cell = (definition: TableDefinition, value: TableRecord['values'][string] | undefined): string => {
    if (definition.type === 'text') return fragmentText(fragmentNamed(node, value));
    if (definition.type === 'files' || definition.type === 'image') return (Array.isArray(value) ? value : []).map((id) => host.links.references.file?.(id)?.name ?? id).join(', ');
    return isRef(value) ? host.links.title(value) : '';
  };
  return {
    header: columns.map((definition) => definition.title),
    rows: records(node).map((record) => columns.map((definition) => cell(definition, record.values[definition.id]))),
    alignments: columns.map((definition) => (definition.type === 'text' ? definition.textAlignment : 'left')),
  };
}

/**
 * A cards table as a list of cards: each card's title (its first text column) linking where the
 * card leads, then its other text. Covers are left out: on paper they would only repeat the title
 * as a picture, at the cost of a page's height.
 */
export function cards(host: BlockHost, node: Table, frame: Frame): void {
  const view = node.data.view.type === 'cards' ? node.data.view : undefined;
  const skip = new Set([view?.targetDefinition, view?.coverDefinition, view?.coverDefinitionDark]);
  const textColumns = node.data.view.columns.filter((id) => !skip.has(id) && node.data.definition[id]?.type === 'text');
  records(node).forEach((record, i) => {
    if (i > 0) host.cursor.gap(7);
    const targetValue = view?.targetDefinition ? record.values[view.targetDefinition] : undefined;
    const target = isRef(targetValue) ? targetValue : undefined;
    const [titleColumn, ...rest] = textColumns.map((id) => fragmentNamed(node, record.values[id]));
    box(host.cursor, frame, { border: COLORS.border, padX: 10, padY: 8 }, (inner) => {
      host.cursor.rich(title(host, titleColumn, target), inner);
      for (const fragment of rest) {
        if (!fragment || fragment.nodes.every((block) => blockText(block) === '')) continue;
        host.cursor.gap(3);
        host.blocks(fragment.nodes, { ...inner, color: COLORS.quote, tight: true });
      }
    });
  });
}

function title(host: BlockHost, fragment: Fragment<TableCellBlock> | undefined, target: ContentRef | undefined): Run[] {
  const leadsTo = target ? { color: COLORS.link, ...host.links.target(target) } : {};
  const style = { bold: true, color: COLORS.heading, ...leadsTo };
  const runs = (fragment?.nodes ?? []).flatMap((block) => (block.type === 'paragraph' ? inlineRuns(block.nodes, style, host.links) : [{ text: blockText(block), style }]));
  const text = runs.map((run) => run.text).join('').trim();
  const shown = text ? runs : [{ text: target ? host.links.title(target) : 'Card', style }];
  const suffix = target ? host.links.urlSuffix(target, text) : undefined;
  return suffix ? [...shown, { text: ` (${suffix})`, style: { color: COLORS.muted } }] : shown;
}
