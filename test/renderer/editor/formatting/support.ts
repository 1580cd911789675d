import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { EditorSelection, EditorState, type TransactionSpec } from '@codemirror/state';

/**
 * An editor state from text where `|` is the cursor and `«`…`»` a selection, with the
 * markdown language the page editor uses (the syntax tree the toolbar reads).
 */
export function stateOf(text: string): EditorState {
  const cursor = text.indexOf('|');
  const open = text.indexOf('«');
  let doc = text;
  let selection = EditorSelection.single(0);
  if (cursor >= 0) {
    doc = text.slice(0, cursor) + text.slice(cursor + 1);
    selection = EditorSelection.single(cursor);
  } else if (open >= 0) {
    const close = text.indexOf('»', open) - 1;
    doc = text.slice(0, open) + text.slice(open + 1, close + 1) + text.slice(close + 2);
    selection = EditorSelection.single(open, close);
  }
  return EditorState.create({ doc, selection, extensions: [markdown({ base: markdownLanguage })] });
}

/** The text after a command, with the selection marked the way `stateOf` reads it. */
export function after(state: EditorState, spec: TransactionSpec | false): string {
  if (!spec) throw new Error('the command did not apply');
  const next = state.update(spec).state;
  const { from, to, empty } = next.selection.main;
  const doc = next.doc.toString();
  if (empty) return `${doc.slice(0, from)}|${doc.slice(from)}`;
  return `${doc.slice(0, from)}«${doc.slice(from, to)}»${doc.slice(to)}`;
}

/** The text only, when where the cursor lands does not matter to a test. */
export function textAfter(state: EditorState, spec: TransactionSpec | false): string {
  if (!spec) throw new Error('the command did not apply');
  return state.update(spec).state.doc.toString();
}
