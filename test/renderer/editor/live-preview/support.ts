import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorSelection, EditorState } from '@codemirror/state';
import type { DecorationSet } from '@codemirror/view';
import { livePreview } from '../../../../src-renderer/src/editor/live-preview';

/** An editor state as the page editor has it (markdown with GFM, the live preview), the cursor at `cursor`. */
export function previewState(doc: string, cursor = 0): EditorState {
  return EditorState.create({ doc, selection: EditorSelection.cursor(cursor), extensions: [markdown({ base: markdownLanguage }), livePreview()] });
}

/** The whole parse of a state (a fresh state holds only what was parsed within CodeMirror's time budget). */
export function fullTree(state: EditorState): NonNullable<ReturnType<typeof ensureSyntaxTree>> {
  const tree = ensureSyntaxTree(state, state.doc.length, 60_000);
  if (!tree) throw new Error('The markdown could not be parsed');
  return tree;
}

export interface FoundDecoration {
  from: number;
  to: number;
  /** The text it covers. */
  text: string;
  kind: 'hidden' | 'widget' | 'line' | 'mark';
  className?: string;
  widget?: string;
}

export function decorationsOf(state: EditorState, set: DecorationSet): FoundDecoration[] {
  const found: FoundDecoration[] = [];
  set.between(0, state.doc.length, (from, to, value) => {
    const spec = value.spec as { widget?: object; class?: string; attributes?: { class?: string } };
    const kind = spec.widget ? 'widget' : value.point ? (from === to ? 'line' : 'hidden') : 'mark';
    const lineKind = from === to && !spec.widget && spec.class !== undefined;
    found.push({
      from,
      to,
      text: state.doc.sliceString(from, to),
      kind: lineKind ? 'line' : kind,
      ...(spec.class ? { className: spec.class } : {}),
      ...(spec.widget ? { widget: spec.widget.constructor.name } : {}),
    });
  });
  return found;
}
