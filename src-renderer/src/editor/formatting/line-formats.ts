import type { ChangeSpec, EditorState, Line, TransactionSpec } from '@codemirror/state';
import { selectedLines } from './selected-lines';

/** A line's block prefix as markdown writes it: indentation, a quote, a list marker (with a task box), a heading. */
const LIST_MARKER = /^(\s*)([*+-]|\d+[.)])\s+(\[[ xX]\]\s+)?/;
const HEADING = /^#{1,6}\s+/;
const QUOTE = /^>\s?/;

type ListKind = 'bullet' | 'numbered' | 'task';

function listKindOf(text: string): ListKind | undefined {
  const match = LIST_MARKER.exec(text);
  if (!match) return undefined;
  if (match[3]) return 'task';
  return /\d/.test(match[2]!) ? 'numbered' : 'bullet';
}

/** Replaces the first `length` characters of a line. */
const replaceStart = (line: Line, length: number, insert: string): ChangeSpec => ({ from: line.from, to: line.from + length, insert });

const edit = (changes: ChangeSpec[]): TransactionSpec => ({ changes, userEvent: 'input', scrollIntoView: true });

/**
 * Makes the selected lines headings of `level` (1–3), or paragraphs with level 0. Lines already headings
 * of that level become paragraphs again, so the Heading button toggles.
 */
export function setHeading(state: EditorState, level: 0 | 1 | 2 | 3): TransactionSpec {
  const lines = selectedLines(state);
  const prefix = level === 0 ? '' : `${'#'.repeat(level)} `;
  const already = level > 0 && lines.every((line) => HEADING.exec(line.text)?.[0].trimEnd() === prefix.trimEnd());
  return edit(
    lines.map((line) => {
      const current = HEADING.exec(line.text)?.[0].length ?? 0;
      return replaceStart(line, current, already ? '' : prefix);
    }),
  );
}

/**
 * Turns the selected lines into a list of `kind`, or back into paragraphs when they all are one already.
 * A list of another kind changes kind in place; blank lines are left alone. Numbers count from 1.
 */
export function toggleList(state: EditorState, kind: ListKind): TransactionSpec {
  const lines = selectedLines(state).filter((line, _, all) => all.length === 1 || line.text.trim() !== '');
  const already = lines.every((line) => listKindOf(line.text) === kind);
  let number = 0;
  return edit(
    lines.map((line) => {
      const match = LIST_MARKER.exec(line.text);
      const indent = match?.[1] ?? /^\s*/.exec(line.text)![0];
      const existing = match?.[0].length ?? indent.length;
      if (already) return replaceStart(line, existing, indent);
      number += 1;
      const marker = kind === 'bullet' ? '* ' : kind === 'task' ? '* [ ] ' : `${number}. `;
      return replaceStart(line, existing, indent + marker);
    }),
  );
}

/** Quotes the selected lines (`> `), or unquotes them when they all are quoted. */
export function toggleQuote(state: EditorState): TransactionSpec {
  const lines = selectedLines(state);
  const already = lines.every((line) => QUOTE.test(line.text));
  return edit(lines.map((line) => (already ? replaceStart(line, QUOTE.exec(line.text)![0].length, '') : replaceStart(line, 0, '> '))));
}

/** How far a nested list item is indented under its parent: past the parent's marker, as GitBook writes it. */
function nestIndent(state: EditorState, line: Line): string {
  for (let n = line.number - 1; n >= 1; n -= 1) {
    const above = state.doc.line(n);
    const match = LIST_MARKER.exec(above.text);
    if (!match) return '  ';
    const aboveIndent = match[1]!.length;
    const ownIndent = /^\s*/.exec(line.text)![0].length;
    if (aboveIndent === ownIndent) return ' '.repeat(match[0].length - (match[3]?.length ?? 0) - aboveIndent);
  }
  return '  ';
}

/**
 * Tab in a list: nests the selected list items under the item above (false when the selection is not in
 * a list, so Tab keeps its usual meaning there).
 */
export function indentListItems(state: EditorState): TransactionSpec | false {
  const lines = selectedLines(state);
  if (!lines.every((line) => LIST_MARKER.test(line.text))) return false;
  return edit(lines.map((line) => ({ from: line.from, insert: nestIndent(state, line) })));
}

/** Shift-Tab in a list: moves the selected items one level out (false outside a list). */
export function outdentListItems(state: EditorState): TransactionSpec | false {
  const lines = selectedLines(state);
  if (!lines.every((line) => LIST_MARKER.test(line.text))) return false;
  return edit(
    lines.map((line) => {
      const indent = /^\s*/.exec(line.text)![0].length;
      const parentIndent = parentIndentOf(state, line, indent);
      return { from: line.from, to: line.from + indent - parentIndent };
    }),
  );
}

/** The indentation of the item a nested item sits under (0 at the top level). */
function parentIndentOf(state: EditorState, line: Line, indent: number): number {
  if (indent === 0) return 0;
  for (let n = line.number - 1; n >= 1; n -= 1) {
    const match = LIST_MARKER.exec(state.doc.line(n).text);
    if (!match) break;
    if (match[1]!.length < indent) return match[1]!.length;
  }
  return Math.max(0, indent - 2);
}
