import type { Block, Columns, Expandable, Stepper, Tabs } from '../../src-shared/gitbook-markdown/types';
import type { BlockHost } from './block-host';
import { box } from './boxes';
import type { Frame } from './cursor';
import { markedItems } from './lists';
import { inlineRuns } from './runs';
import { label } from './text-blocks';
import { COLORS } from './theme';

/**
 * GitBook's blocks that arrange other blocks on screen (tabs, steps, expandables, columns). Paper
 * cannot switch, expand or sit side by side at a readable size, so each prints all its content, in
 * reading order.
 */

/** Tabs: each tab's title as a small heading, followed by its content. */
export function tabs(host: BlockHost, node: Tabs, frame: Frame): void {
  node.nodes.forEach((tab, i) => {
    if (i > 0) host.cursor.gap(10);
    label(host, tab.data.title?.trim() || `Tab ${i + 1}`, frame);
    if (tab.nodes.length > 0) host.cursor.gap(4);
    host.blocks(tab.nodes, frame);
  });
}

/** A stepper: its steps numbered, each step's content beside its number. */
export function stepper(host: BlockHost, node: Stepper, frame: Frame): void {
  const steps = node.nodes.map((step, i) => ({ marker: { kind: 'step' as const, text: String(i + 1) }, blocks: step.nodes }));
  markedItems(host, steps, frame, true);
}

/** An expandable: its title, then its body, expanded, in a frame. */
export function expandable(host: BlockHost, node: Expandable, frame: Frame): void {
  const [titleFragment, bodyFragment] = [
    node.fragments.find((f) => f.fragment === 'expandable-title') ?? node.fragments[0],
    node.fragments.find((f) => f.fragment === 'expandable-body') ?? node.fragments[1],
  ];
  box(host.cursor, frame, { border: COLORS.border, padX: 10, padY: 8 }, (inner) => {
    const title = (titleFragment?.nodes ?? []).flatMap((p) => ('nodes' in p && p.type === 'paragraph' ? inlineRuns(p.nodes, { bold: true, color: COLORS.heading }, host.links) : []));
    host.cursor.rich(title.length > 0 ? title : [{ text: 'Details', style: { bold: true, color: COLORS.heading } }], inner);
    const body = (bodyFragment?.nodes ?? []) as Block[];
    if (body.length === 0) return;
    host.cursor.gap(6);
    host.blocks(body, inner);
  });
}

/** Columns: one after the other, at the page's width. */
export function columns(host: BlockHost, node: Columns, frame: Frame): void {
  node.nodes.forEach((column, i) => {
    if (i > 0) host.cursor.gap(9);
    host.blocks(column.nodes, frame);
  });
}
