import { EditorSelection, type EditorState, type TransactionSpec } from '@codemirror/state';
import { type BlockId, blockSnippet } from './block-snippets';

/** Marks where the body goes in a snippet, to place the cursor there; never typed by a writer. */
const BODY = '\u0000';

/**
 * Inserts a block as one edit: over the selected lines (which become its body: a hint or a code fence
 * wraps them), or at the cursor with a placeholder selected to type over. `from`/`to` replace that range
 * instead (the `/query` the menu was opened with). The block gets a line of its own, separated by blank
 * lines from the text around, because GitBook's tags and fences are only read at the start of a block.
 */
export function insertBlock(state: EditorState, id: BlockId, replace?: { from: number; to: number }): TransactionSpec {
  const snippet = blockSnippet(id);
  const selection = state.selection.main;
  const fromSelection = !replace && !selection.empty;
  let from = replace?.from ?? selection.from;
  let to = replace?.to ?? selection.to;
  if (fromSelection) {
    from = state.doc.lineAt(from).from;
    const end = state.doc.lineAt(to);
    to = end.from === to && to > from ? to - 1 : end.to;
  }
  const body = fromSelection ? state.sliceDoc(from, to) : snippet.placeholder;

  const startLine = state.doc.lineAt(from);
  const endLine = state.doc.lineAt(to);
  const textBefore = state.sliceDoc(startLine.from, from);
  const textAfter = state.sliceDoc(to, endLine.to);
  // Whitespace left around on the line would indent the block or trail it: it goes.
  if (!textBefore.trim()) from = startLine.from;
  if (!textAfter.trim()) to = endLine.to;

  const lineAbove = startLine.number > 1 ? state.doc.line(startLine.number - 1).text : '';
  const lineBelow = endLine.number < state.doc.lines ? state.doc.line(endLine.number + 1).text : '';
  const prefix = textBefore.trim() ? '\n\n' : lineAbove.trim() ? '\n' : '';
  const suffix = textAfter.trim() ? '\n\n' : lineBelow.trim() ? '\n' : '';

  const markdown = snippet.markdown(body);
  // Where the body landed: a snippet that shapes itself around it (a longer fence, a wider table) is searched.
  const template = snippet.markdown(BODY);
  const bodyAt = template.includes(BODY) && template.split(BODY).join(body) === markdown ? template.indexOf(BODY) : markdown.indexOf(body);
  const insert = prefix + markdown + suffix;
  const start = from + prefix.length + Math.max(0, bodyAt);
  const selectionAfter = bodyAt < 0 ? EditorSelection.cursor(from + prefix.length + markdown.length) : fromSelection ? EditorSelection.cursor(start + body.length) : EditorSelection.range(start, start + body.length);

  return { changes: { from, to, insert }, selection: selectionAfter, userEvent: 'input', scrollIntoView: true };
}
