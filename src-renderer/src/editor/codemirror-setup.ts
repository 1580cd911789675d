import { defaultKeymap } from '@codemirror/commands';
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { syntaxHighlighting } from '@codemirror/language';
import { languages } from '@codemirror/language-data';
import { Compartment, EditorSelection, EditorState } from '@codemirror/state';
import { drawSelection, dropCursor, EditorView, highlightSpecialChars, keymap, placeholder } from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';
import { yCollab, yUndoManagerKeymap } from 'y-codemirror.next';
import * as Y from 'yjs';
import { formattingExtension } from './formatting/extension';
import { livePreview, type LivePreviewOptions } from './live-preview';
import type { PagePresence } from './page-presence';

interface PageEditorViewOptions {
  parent: HTMLElement;
  text: Y.Text;
  readOnly: boolean;
  /** Image files pasted or dropped onto the editor; the cursor is already where they go. */
  onImages(files: File[]): void;
  /** What the live preview loads images and names pages with. */
  livePreview?: LivePreviewOptions;
  /** The markdown as stored, without the live preview (the writer's "Show markdown"). */
  showMarkdown?: boolean;
  /** Who else is on the page: their carets and selections show, and this editor's are shared. */
  presence?: PagePresence;
  /** The text box's accessible name; "Page content" unless the body is another's (a reusable content's). */
  contentLabel?: string;
}

export interface PageEditorView {
  view: EditorView;
  setReadOnly(readOnly: boolean): void;
  /** Switches between the live preview and the markdown as stored, keeping the text, selection and undo. */
  setShowMarkdown(showMarkdown: boolean): void;
  /** Moves the cursor to the start of a 0-based line and scrolls it to the top. */
  revealLine(line: number): void;
  /** Replaces the selection with `text` as one undoable edit. */
  insert(text: string): void;
  destroy(): void;
}

/**
 * The page editor: CodeMirror 6 over the page's Y.Text (y-codemirror.next), markdown with syntax
 * colours (code blocks in their own language, loaded on demand), wrapped lines.
 *
 * Undo and redo belong to Yjs' UndoManager, not to CodeMirror's history (which is left out): it undoes
 * only this writer's edits, never a change that arrived from another window or a merge, and it keeps
 * working when remote changes move the text around. Ctrl/Cmd-Z undoes; Ctrl/Cmd-Shift-Z and Ctrl-Y redo.
 */
export function createPageEditorView(options: PageEditorViewOptions): PageEditorView {
  const undoManager = new Y.UndoManager(options.text);
  const editable = new Compartment();
  const preview = new Compartment();
  const previewOf = (showMarkdown: boolean | undefined) => (showMarkdown ? [] : livePreview(options.livePreview));
  const editability = (readOnly: boolean) => [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)];

  const view = new EditorView({
    parent: options.parent,
    state: EditorState.create({
      doc: options.text.toString(),
      extensions: [
        yCollab(options.text, options.presence?.awareness ?? null, { undoManager }),
        options.presence ? editingPresence(options.presence) : [],
        keymap.of([...yUndoManagerKeymap, ...defaultKeymap]),
        markdown({ base: markdownLanguage, codeLanguages: languages }),
        syntaxHighlighting(classHighlighter),
        highlightSpecialChars(),
        drawSelection(),
        dropCursor(),
        EditorView.lineWrapping,
        placeholder('Start writing…'),
        editable.of(editability(options.readOnly)),
        EditorView.contentAttributes.of({ 'aria-label': options.contentLabel ?? 'Page content', 'aria-multiline': 'true' }),
        imageHandlers(options.onImages),
        formattingExtension(),
        preview.of(previewOf(options.showMarkdown)),
      ],
    }),
  });

  return {
    view,
    setReadOnly(readOnly) {
      view.dispatch({ effects: editable.reconfigure(editability(readOnly)) });
    },
    setShowMarkdown(showMarkdown) {
      view.dispatch({ effects: preview.reconfigure(previewOf(showMarkdown)) });
    },
    revealLine(line) {
      const at = view.state.doc.line(Math.min(Math.max(line + 1, 1), view.state.doc.lines)).from;
      view.dispatch({ selection: EditorSelection.cursor(at), effects: EditorView.scrollIntoView(at, { y: 'start', yMargin: 16 }) });
    },
    insert(text) {
      if (view.state.readOnly) return;
      view.dispatch(view.state.replaceSelection(text), { scrollIntoView: true, userEvent: 'input' });
    },
    destroy() {
      view.destroy();
      undoManager.destroy();
    },
  };
}

/** Tells the others this person is editing while the editor has the focus and can be typed in. */
function editingPresence(presence: PagePresence) {
  return EditorView.updateListener.of((update) => {
    if (update.focusChanged || update.startState.readOnly !== update.state.readOnly) presence.setEditing(update.view.hasFocus && !update.state.readOnly);
  });
}

const imageFilesOf = (data: DataTransfer | null) => [...(data?.files ?? [])].filter((file) => file.type.startsWith('image/'));

/** Pasted and dropped images become uploads; everything else is CodeMirror's usual paste and drop. */
function imageHandlers(onImages: (files: File[]) => void) {
  return EditorView.domEventHandlers({
    paste(event, view) {
      const files = imageFilesOf(event.clipboardData);
      if (files.length === 0 || view.state.readOnly) return false;
      event.preventDefault();
      onImages(files);
      return true;
    },
    drop(event, view) {
      const files = imageFilesOf(event.dataTransfer);
      if (files.length === 0 || view.state.readOnly) return false;
      event.preventDefault();
      const at = view.posAtCoords({ x: event.clientX, y: event.clientY });
      if (at !== null) view.dispatch({ selection: EditorSelection.cursor(at) });
      onImages(files);
      return true;
    },
  });
}
