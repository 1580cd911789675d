import { EditorSelection, type EditorState, type TransactionSpec } from '@codemirror/state';

/** The inline formats a writer toggles, with the markers GitBook's Git Sync writes for them. */
type InlineMark = 'bold' | 'italic' | 'code' | 'strikethrough';

const MARKERS: Record<InlineMark, string> = { bold: '**', italic: '_', code: '`', strikethrough: '~~' };

/**
 * Italics are written `_x_`, but a writer may have typed `*x*`: both count as italic when removing.
 * A single `*` is italic only when it is not half of a bold `**`.
 */
function markersAround(mark: InlineMark): string[] {
  return mark === 'italic' ? ['_', '*'] : [MARKERS[mark]];
}

function isWrappedBy(before: string, after: string, marker: string): boolean {
  if (!before.endsWith(marker) || !after.startsWith(marker)) return false;
  if (marker !== '*') return true;
  // `**bold**`: the `*` next to the text is half of a bold marker, not italics (unless `***`).
  const boldOnly = before.endsWith('**') && after.startsWith('**') && !(before.endsWith('***') && after.startsWith('***'));
  return !boldOnly;
}

/**
 * Toggles an inline format on every selection range, as one transaction: a range (or, when it is empty,
 * the word at the cursor) is wrapped in the format's markers, or unwrapped when the markers are already
 * right around it or at its ends. An empty cursor outside any word gets an empty pair to type into.
 */
export function toggleInlineMark(state: EditorState, mark: InlineMark): TransactionSpec {
  const marker = MARKERS[mark];
  const spec = state.changeByRange((range) => {
    const word = range.empty ? state.wordAt(range.head) : null;
    const from = word ? word.from : range.from;
    const to = word ? word.to : range.to;
    const text = state.sliceDoc(from, to);
    const before = state.sliceDoc(Math.max(0, from - 3), from);
    const after = state.sliceDoc(to, to + 3);

    for (const m of markersAround(mark)) {
      if (isWrappedBy(before, after, m)) {
        return {
          changes: [
            { from: from - m.length, to: from },
            { from: to, to: to + m.length },
          ],
          range: shifted(range, -m.length, from, to),
        };
      }
      if (text.length > 2 * m.length && startsAndEndsWith(text, m)) {
        return {
          changes: [
            { from, to: from + m.length },
            { from: to - m.length, to },
          ],
          range: EditorSelection.range(from, to - 2 * m.length),
        };
      }
    }
    if (from === to) {
      return { changes: { from, insert: marker + marker }, range: EditorSelection.cursor(from + marker.length) };
    }
    return {
      changes: [
        { from, insert: marker },
        { from: to, insert: marker },
      ],
      range: range.empty ? EditorSelection.cursor(range.head + marker.length) : EditorSelection.range(range.anchor + marker.length, range.head + marker.length),
    };
  });
  return { ...spec, userEvent: 'input', scrollIntoView: true };
}

/** Selected text that carries the markers itself (`**word**` selected whole). */
function startsAndEndsWith(text: string, marker: string): boolean {
  if (!text.startsWith(marker) || !text.endsWith(marker)) return false;
  return marker !== '*' || !(text.startsWith('**') && text.endsWith('**')) || (text.startsWith('***') && text.endsWith('***'));
}

/** The selection after the markers around [from, to] are removed: it keeps covering the same text. */
function shifted(range: { anchor: number; head: number; empty: boolean }, by: number, from: number, to: number) {
  const move = (pos: number) => Math.min(Math.max(pos + by, from + by), to + by);
  return range.empty ? EditorSelection.cursor(move(range.head)) : EditorSelection.range(move(range.anchor), move(range.head));
}
