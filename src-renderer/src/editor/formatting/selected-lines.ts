import type { EditorState, Line } from '@codemirror/state';

/** Every line any selection range touches, each once, in document order. */
export function selectedLines(state: EditorState): Line[] {
  const seen = new Set<number>();
  const lines: Line[] = [];
  for (const range of state.selection.ranges) {
    const first = state.doc.lineAt(range.from).number;
    // A selection ending at the very start of a line does not take that line in.
    const lastLine = state.doc.lineAt(range.to);
    const last = range.to > range.from && lastLine.from === range.to ? lastLine.number - 1 : lastLine.number;
    for (let n = first; n <= Math.max(first, last); n += 1) {
      if (seen.has(n)) continue;
      seen.add(n);
      lines.push(state.doc.line(n));
    }
  }
  return lines.sort((a, b) => a.number - b.number);
}
