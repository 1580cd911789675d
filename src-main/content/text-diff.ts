import diff from 'fast-diff';
import type * as Y from 'yjs';

/**
 * Makes `text` read `next` by applying a minimal character diff onto it, never by replacing it:
 * a document rebuilt from text would have a new history and duplicate content when merged with
 * replicas of the old one (lesson 3). Call inside a document transaction.
 */
export function applyTextDiff(text: Y.Text, next: string): void {
  const current = text.toString();
  if (current === next) return;
  let index = 0;
  for (const [op, chunk] of diff(current, next)) {
    if (op === diff.EQUAL) index += chunk.length;
    else if (op === diff.DELETE) text.delete(index, chunk.length);
    else {
      text.insert(index, chunk);
      index += chunk.length;
    }
  }
}
