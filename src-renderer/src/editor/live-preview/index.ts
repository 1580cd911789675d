import { syntaxTree } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { type DecorationSet, EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import { blockPreview, previewBlocks } from './block-field';
import { inlineDecorations } from './inline-decorations';
import { livePreviewOptions, type LivePreviewOptions } from './options';

export type { LivePreviewOptions } from './options';

/** The inline decorations of what is on screen, rebuilt when the text, the view, the selection or the parse moves. */
const inlinePreview = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;

    constructor(view: EditorView) {
      this.decorations = inlineDecorations(view.state, view.visibleRanges);
    }

    update(update: ViewUpdate) {
      const reparsed = syntaxTree(update.startState) !== syntaxTree(update.state);
      const blocksMoved = update.startState.field(previewBlocks, false) !== update.state.field(previewBlocks, false);
      if (update.docChanged || update.viewportChanged || update.selectionSet || reparsed || blocksMoved) {
        this.decorations = inlineDecorations(update.state, update.view.visibleRanges);
      }
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/**
 * Live preview, as Obsidian's: the page's markdown (the Y.Text stays the source) shown formatted while
 * it is edited. Inline markup hides except where the selection is; GitBook's blocks are drawn as
 * themselves (the site's renderer) until the cursor enters them. Styles: styles/live-preview.css.
 */
export function livePreview(options: LivePreviewOptions = {}): Extension {
  return [livePreviewOptions.of(options), blockPreview, inlinePreview, EditorView.editorAttributes.of({ class: 'cm-live-preview' })];
}
