import type { EditorView } from '@codemirror/view';

/**
 * What the editor asks of the page around it: a link from the picker, an image from disk. CodeMirror
 * keymaps and the `/` menu live inside the view, the dialogs in React; a DOM event on the view's element
 * joins them without the view knowing the page (PageEditor listens).
 */
export type FormattingRequest = 'link' | 'image' | 'file' | 'reusable-content';

export const FORMATTING_REQUEST_EVENT = 'folio-formatting-request';

export function requestFromPage(view: EditorView, request: FormattingRequest): boolean {
  if (view.state.readOnly) return false;
  view.dom.dispatchEvent(new CustomEvent<FormattingRequest>(FORMATTING_REQUEST_EVENT, { detail: request, bubbles: true }));
  return true;
}

/**
 * Ctrl/Cmd-K inserts a link while writing in the page editor (as in GitBook) and opens search everywhere
 * else, a read-only editor included: the window's search shortcut asks this first.
 */
export function editorOwnsLinkShortcut(target: EventTarget | null): boolean {
  const element = target instanceof Element ? target : null;
  return element?.closest('.cm-content')?.getAttribute('contenteditable') === 'true';
}

/** Announced on the view's element when the selection or the text changes: the toolbar's pressed states follow. */
export const FORMATTING_UPDATE_EVENT = 'folio-formatting-update';
