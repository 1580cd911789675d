import { type EditorSelection, type EditorState, type Extension, RangeSetBuilder, StateField, type Text, type Transaction } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView } from '@codemirror/view';
import { widgetDocument } from './block-html';
import { scanBlocks } from './block-scan';
import { BlockWidget } from './block-widget';

/**
 * The GitBook blocks of the page, drawn as themselves (block widgets replacing their lines) wherever the
 * selection is not. Block decorations must come from state, not from a view plugin (CodeMirror needs
 * them before it lays out the viewport), hence a StateField.
 *
 * Cost on long pages: typing in a paragraph away from any block (no `{%`, `<`, `$$`, fence or `|` on
 * the lines it touches or next to them) only maps the known blocks through the change; anything else
 * rescans the block structure (markdown-it, block rules only). Widgets are cached by their markdown, so
 * a rescan redraws only the blocks whose text changed.
 */
interface PreviewBlock {
  from: number;
  to: number;
  widget: BlockWidget;
}

interface BlocksState {
  blocks: readonly PreviewBlock[];
  decorations: DecorationSet;
}

export const previewBlocks = StateField.define<BlocksState>({
  create(state) {
    const blocks = findBlocks(state.doc);
    return { blocks, decorations: decorationsFor(blocks, state.selection) };
  },
  update(value, tr) {
    let blocks = value.blocks;
    if (tr.docChanged) blocks = needsRescan(tr, blocks) ? findBlocks(tr.state.doc) : mapBlocks(tr, blocks);
    if (blocks === value.blocks && !tr.selection) return value;
    return { blocks, decorations: decorationsFor(blocks, tr.state.selection) };
  },
  provide: (field) => EditorView.decorations.from(field, (value) => value.decorations),
});

export const blockPreview: Extension = previewBlocks;

/** The blocks of the current state (tests, and the inline decorations which leave them alone). */
export function blocksOf(state: EditorState): readonly PreviewBlock[] {
  return state.field(previewBlocks, false)?.blocks ?? [];
}

/** Widgets by markdown: the same block text is parsed and rendered once, however often the page changes. */
const widgets = new Map<string, BlockWidget | null>();
const MAX_CACHED = 2000;

function widgetFor(source: string): BlockWidget | undefined {
  let widget = widgets.get(source);
  if (widget === undefined) {
    const doc = widgetDocument(source);
    widget = doc ? new BlockWidget(source, doc) : null;
    if (widgets.size >= MAX_CACHED) widgets.delete(widgets.keys().next().value!);
    widgets.set(source, widget);
  }
  return widget ?? undefined;
}

function findBlocks(doc: Text): PreviewBlock[] {
  const blocks: PreviewBlock[] = [];
  for (const candidate of scanBlocks(doc.toString())) {
    let last = Math.min(candidate.endLine, doc.lines);
    while (last > candidate.startLine + 1 && doc.line(last).text.trim() === '') last -= 1;
    const from = doc.line(candidate.startLine + 1).from;
    const to = doc.line(last).to;
    const widget = widgetFor(doc.sliceString(from, to));
    if (widget) blocks.push({ from, to, widget });
  }
  return blocks;
}

/** What on a line may start, end or change a block. */
const STRUCTURE = /\{%|<|\$\$|```|~~~|\|/;

/**
 * Whether a change may have moved a block boundary: it touches a block, or a line it touches (or the
 * line on either side, which a new or removed line break joins or separates) has block syntax on it.
 */
function needsRescan(tr: Transaction, blocks: readonly PreviewBlock[]): boolean {
  let rescan = false;
  tr.changes.iterChanges((fromA, toA, fromB, toB) => {
    if (rescan) return;
    const touchesBlock = blocks.some((block) => fromA <= block.to && toA >= block.from);
    rescan = touchesBlock || STRUCTURE.test(aroundLines(tr.startState.doc, fromA, toA)) || STRUCTURE.test(aroundLines(tr.state.doc, fromB, toB));
  });
  return rescan;
}

/** The lines from `from` to `to`, with one more line on each side. */
function aroundLines(doc: Text, from: number, to: number): string {
  const first = doc.line(Math.max(1, doc.lineAt(from).number - 1));
  const last = doc.line(Math.min(doc.lines, doc.lineAt(to).number + 1));
  return doc.sliceString(first.from, last.to);
}

function mapBlocks(tr: Transaction, blocks: readonly PreviewBlock[]): PreviewBlock[] {
  return blocks.map((block) => ({ ...block, from: tr.changes.mapPos(block.from, 1), to: tr.changes.mapPos(block.to, -1) }));
}

function decorationsFor(blocks: readonly PreviewBlock[], selection: EditorSelection): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  for (const block of blocks) {
    const selected = selection.ranges.some((range) => range.from <= block.to && range.to >= block.from);
    if (!selected) builder.add(block.from, block.to, Decoration.replace({ widget: block.widget, block: true }));
  }
  return builder.finish();
}
