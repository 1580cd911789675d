import type { EditorState, TransactionSpec } from '@codemirror/state';
import { readTag } from '../../../../src-shared/gitbook-markdown/tags/attributes';
import type { HintStyle } from '../../../../src-shared/gitbook-markdown/types';

/**
 * Edits the block widgets make, each a change to the markdown text (so it merges, syncs and undoes
 * like typing): a hint's style, and where the cursor goes when a widget is clicked.
 */

export const HINT_STYLES: readonly HintStyle[] = ['info', 'success', 'warning', 'danger'];

/**
 * Sets the `style` of the hint whose `{% hint … %}` line starts at `lineStart`: its value is replaced
 * where it is written (other attributes keep their spelling), or ` style="…"` is added after the name.
 */
export function hintStyleChange(state: EditorState, lineStart: number, style: HintStyle): TransactionSpec | undefined {
  const line = state.doc.lineAt(lineStart);
  const tag = readTag(line.text);
  if (tag?.name !== 'hint') return undefined;
  if (tag.attributes.style === style) return undefined;
  const value = valueRange(line.text);
  if (value) return { changes: { from: line.from + value.from, to: line.from + value.to, insert: style }, userEvent: 'input' };
  const nameEnd = line.text.indexOf('hint') + 'hint'.length;
  return { changes: { from: line.from + nameEnd, insert: ` style="${style}"` }, userEvent: 'input' };
}

/** Where the value of `style=` is in a tag line (inside its quotes, or bare). readTag has checked the line. */
function valueRange(text: string): { from: number; to: number } | undefined {
  const key = /\sstyle\s*=\s*/.exec(text);
  if (!key) return undefined;
  const start = key.index + key[0].length;
  const quote = text[start];
  if (quote === '"' || quote === "'") {
    const end = text.indexOf(quote, start + 1);
    return end < 0 ? undefined : { from: start + 1, to: end };
  }
  const bare = /^[^\s"'%}]+/.exec(text.slice(start));
  return bare ? { from: start, to: start + bare[0].length } : undefined;
}

/**
 * Where the cursor goes when a block widget is clicked: inside the block, on its first line of content
 * (after a tag's opening line), so the source shows and typing edits the block.
 */
export function cursorInside(state: EditorState, blockFrom: number, blockTo: number): number {
  const first = state.doc.lineAt(blockFrom);
  if (first.to >= blockTo) return first.to;
  const second = state.doc.line(first.number + 1);
  return Math.min(second.to, blockTo);
}
