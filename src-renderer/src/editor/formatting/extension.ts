import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { formattingKeymap } from './keymap';
import { FORMATTING_UPDATE_EVENT } from './requests';
import { slashMenu } from './slash-menu';

/** Tells the toolbar (outside the view) that the formats at the cursor may have changed. */
const announceUpdates = EditorView.updateListener.of((update) => {
  if (update.selectionSet || update.docChanged) update.view.dom.dispatchEvent(new Event(FORMATTING_UPDATE_EVENT, { bubbles: true }));
});

/** Formatting without markdown: the writing shortcuts and the `/` block menu (the toolbar is React's). */
export function formattingExtension(): Extension {
  return [formattingKeymap, slashMenu, announceUpdates];
}
