import { Prec, type EditorState, type TransactionSpec } from '@codemirror/state';
import { type EditorView, type KeyBinding, keymap } from '@codemirror/view';
import { toggleInlineMark } from './inline-marks';
import { indentListItems, outdentListItems, setHeading } from './line-formats';
import { requestFromPage } from './requests';

/** Runs a command on the view as one edit; a command answering false leaves the key to others. */
export function run(command: (state: EditorState) => TransactionSpec | false) {
  return (view: EditorView): boolean => {
    if (view.state.readOnly) return false;
    const spec = command(view.state);
    if (!spec) return false;
    view.dispatch(spec);
    return true;
  };
}

/**
 * The usual writing shortcuts. Enter continuing a list and Backspace removing its marker come from
 * lang-markdown's own keymap (markdown() adds it). Higher precedence than the default keymap, which
 * binds Mod-i to selecting the parent syntax node.
 */
export const formattingKeymap = Prec.high(
  keymap.of([
    { key: 'Mod-b', run: run((state) => toggleInlineMark(state, 'bold')) },
    { key: 'Mod-i', run: run((state) => toggleInlineMark(state, 'italic')) },
    { key: 'Mod-e', run: run((state) => toggleInlineMark(state, 'code')) },
    { key: 'Mod-Shift-x', run: run((state) => toggleInlineMark(state, 'strikethrough')) },
    { key: 'Mod-k', run: (view) => requestFromPage(view, 'link'), preventDefault: true },
    { key: 'Alt-0', run: run((state) => setHeading(state, 0)) },
    { key: 'Alt-1', run: run((state) => setHeading(state, 1)) },
    { key: 'Alt-2', run: run((state) => setHeading(state, 2)) },
    { key: 'Alt-3', run: run((state) => setHeading(state, 3)) },
    { key: 'Tab', run: run(indentListItems) },
    { key: 'Shift-Tab', run: run(outdentListItems) },
  ] satisfies KeyBinding[]),
);
