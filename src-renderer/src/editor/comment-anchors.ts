import { type EditorState, type Extension, type Range, StateEffect, StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, type Tooltip, ViewPlugin, type ViewUpdate, showTooltip } from '@codemirror/view';
import * as Y from 'yjs';

/**
 * Comments on words in the editor (issue 16): the commented text is highlighted, a click on a highlight opens
 * its thread, and a selection offers "Comment on selection".
 *
 * A comment holds Yjs relative positions of its words (the server stores them as posted). They are resolved
 * against this editor's own Y.Doc, the one y-codemirror binds, so a highlight follows the words through the
 * writer's typing and through remote edits as they arrive. The Y.Text and the CodeMirror document hold the same
 * text, so a Y.Text index is a CodeMirror offset.
 */

/** A comment's words as the server gives them (base64 Y.encodeRelativePosition). */
export interface CommentAnchor {
  id: string;
  start: string;
  end: string;
}

/** The selected words, as a new comment is posted on them. */
export interface CommentSelection {
  start: string;
  end: string;
  quote: string;
}

interface CommentAnchorsOptions {
  text: Y.Text;
  /** Whether the writer may comment here (the selection button shows only then). */
  canComment(): boolean;
  onComment(selection: CommentSelection): void;
  onOpen(commentId: string): void;
}

/** Replaces the anchors shown (the page's open threads). */
export const setCommentAnchors = StateEffect.define<CommentAnchor[]>();

/** The longest quote sent with a new comment (the server keeps at most this much too). */
const QUOTE_LIMIT = 200;

const anchorsField = StateField.define<CommentAnchor[]>({
  create: () => [],
  update(anchors, tr) {
    for (const effect of tr.effects) if (effect.is(setCommentAnchors)) return effect.value;
    return anchors;
  },
});

const decode = (encoded: string): Y.RelativePosition | undefined => {
  try {
    return Y.decodeRelativePosition(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
};
const encode = (position: Y.RelativePosition) => btoa(String.fromCharCode(...Y.encodeRelativePosition(position)));

/** Where an anchor's words are in the Y.Text now, or undefined (deleted, or not in this copy yet). */
function rangeOf(text: Y.Text, anchor: CommentAnchor, length: number): { from: number; to: number } | undefined {
  const doc = text.doc;
  const start = decode(anchor.start);
  const end = decode(anchor.end);
  if (!doc || !start || !end) return undefined;
  const from = Y.createAbsolutePositionFromRelativePosition(start, doc);
  const to = Y.createAbsolutePositionFromRelativePosition(end, doc);
  if (!from || !to || from.type !== text || to.type !== text) return undefined;
  const range = { from: Math.min(from.index, length), to: Math.min(to.index, length) };
  return range.to > range.from ? range : undefined;
}

function highlights(text: Y.Text, state: EditorState): DecorationSet {
  const marks: Range<Decoration>[] = [];
  for (const anchor of state.field(anchorsField)) {
    const range = rangeOf(text, anchor, state.doc.length);
    if (!range) continue;
    marks.push(
      Decoration.mark({ class: 'cm-comment-anchor', attributes: { 'data-comment-id': anchor.id, title: 'Commented: click to open the thread' } }).range(
        range.from,
        range.to,
      ),
    );
  }
  return Decoration.set(marks, true);
}

/**
 * The highlights, recomputed from the Y.Doc when the text or the anchors change. A view plugin placed after
 * yCollab's: by the time it updates, y-codemirror has written the writer's keystroke into the Y.Text (and a
 * remote change was in the Y.Text before CodeMirror saw it), so both describe the same text.
 */
function highlightPlugin(text: Y.Text) {
  return ViewPlugin.fromClass(
    class {
      decorations: DecorationSet;
      constructor(view: EditorView) {
        this.decorations = highlights(text, view.state);
      }
      update(update: ViewUpdate) {
        if (update.docChanged || update.startState.field(anchorsField) !== update.state.field(anchorsField)) {
          this.decorations = highlights(text, update.state);
        }
      }
    },
    { decorations: (plugin) => plugin.decorations },
  );
}

/** The selection bubble: one button, under the selection (the formatting toolbar sits above the editor). */
function selectionBubble(options: CommentAnchorsOptions) {
  const bubbleOf = (state: EditorState): readonly Tooltip[] => {
    const range = state.selection.main;
    // Read-only pages too: commenting needs the comment role, not the edit role.
    if (range.empty || !options.canComment()) return [];
    return [
      {
        pos: range.to,
        above: false,
        strictSide: false,
        create(view) {
          const dom = document.createElement('div');
          dom.className = 'cm-comment-bubble';
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'button button--quiet cm-comment-bubble__button';
          button.textContent = 'Comment';
          button.setAttribute('aria-label', 'Comment on selection');
          // Keeps the editor's selection (and focus) while the button is pressed.
          button.addEventListener('mousedown', (event) => event.preventDefault());
          button.addEventListener('click', () => {
            const selection = selectionOf(options.text, view);
            if (!selection) return;
            // The bubble goes (the selection collapses to its end) while the composer takes the words.
            view.dispatch({ selection: { anchor: view.state.selection.main.to } });
            options.onComment(selection);
          });
          dom.append(button);
          return { dom };
        },
      },
    ];
  };
  return StateField.define<readonly Tooltip[]>({
    create: bubbleOf,
    update: (bubble, tr) => (tr.docChanged || tr.selection ? bubbleOf(tr.state) : bubble),
    provide: (field) => showTooltip.computeN([field], (state) => state.field(field)),
  });
}

/** The selected words as relative positions of this editor's Y.Text: the start sticks to the first character, the end to the last. */
export function selectionOf(text: Y.Text, view: EditorView): CommentSelection | undefined {
  const { from, to } = view.state.selection.main;
  if (to <= from || to > text.length) return undefined;
  const quote = view.state.sliceDoc(from, to);
  return {
    start: encode(Y.createRelativePositionFromTypeIndex(text, from, 0)),
    end: encode(Y.createRelativePositionFromTypeIndex(text, to, -1)),
    quote: quote.length <= QUOTE_LIMIT ? quote : `${quote.slice(0, QUOTE_LIMIT - 1)}…`,
  };
}

/** Everything comments on words need in the editor. Add it after yCollab (appendConfig does). */
export function commentAnchors(options: CommentAnchorsOptions): Extension {
  return [
    anchorsField,
    highlightPlugin(options.text),
    selectionBubble(options),
    EditorView.domEventHandlers({
      click(event) {
        const mark = event.target instanceof Element ? event.target.closest('[data-comment-id]') : null;
        const id = mark?.getAttribute('data-comment-id');
        if (id) options.onOpen(id);
        // CodeMirror still places the cursor where the writer clicked.
        return false;
      },
    }),
  ];
}
