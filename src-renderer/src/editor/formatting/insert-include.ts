import { EditorSelection, type EditorState, type TransactionSpec } from '@codemirror/state';

/**
 * Places a line that stands as a block of its own (an include of a reusable content) at the cursor, in place of
 * any selection, as one edit. GitBook reads `{% … %}` lines only at the start of a block, so the line gets blank
 * lines around it where text touches it; the cursor lands after it, so the live preview draws it at once.
 */
export function insertBlockLine(state: EditorState, line: string): TransactionSpec {
  const selection = state.selection.main;
  let from = selection.from;
  let to = selection.to;
  const startLine = state.doc.lineAt(from);
  const endLine = state.doc.lineAt(to);
  const textBefore = state.sliceDoc(startLine.from, from);
  const textAfter = state.sliceDoc(to, endLine.to);
  if (!textBefore.trim()) from = startLine.from;
  if (!textAfter.trim()) to = endLine.to;

  const hasLineBelow = endLine.number < state.doc.lines;
  const lineAbove = startLine.number > 1 ? state.doc.line(startLine.number - 1).text : '';
  const lineBelow = hasLineBelow ? state.doc.line(endLine.number + 1).text : '';
  const prefix = textBefore.trim() ? '\n\n' : lineAbove.trim() ? '\n' : '';
  // At the end of the page an empty line follows, for the writer to go on below the block.
  const suffix = textAfter.trim() || !hasLineBelow ? '\n\n' : lineBelow.trim() ? '\n' : '';
  const insert = prefix + line + suffix;
  // After the block: on the line that follows it (the blank one below, when there is one).
  const after = from + insert.length + (suffix === '' ? 1 : 0);
  return { changes: { from, to, insert }, selection: EditorSelection.cursor(after), userEvent: 'input', scrollIntoView: true };
}
