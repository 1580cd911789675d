import { autocompletion, type Completion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import { BLOCK_SNIPPETS, type BlockSnippet } from './block-snippets';
import { insertBlock } from './insert-block';
import { requestFromPage } from './requests';

/** `/` at the start of a line or after a space, then what is typed to filter (letters, digits, dashes). */
const SLASH_QUERY = /(?:^|\s)\/[\w-]*$/;

/** What choosing a block does: insert its markdown in place of the `/query`, or ask the page for an image, a file or a reusable content. */
function applyBlock(snippet: BlockSnippet) {
  return (view: EditorView, _completion: Completion, from: number, to: number) => {
    const slashAt = from - 1;
    // An image or a file comes from disk: the page opens its chooser and inserts the uploaded file's block.
    if (snippet.id === 'image' || snippet.id === 'file' || snippet.id === 'reusable-content') {
      view.dispatch({ changes: { from: slashAt, to }, userEvent: 'input' });
      requestFromPage(view, snippet.id);
      return;
    }
    view.dispatch(insertBlock(view.state, snippet.id, { from: slashAt, to }));
  };
}

const OPTIONS: Completion[] = BLOCK_SNIPPETS.map((snippet, index) => ({
  label: snippet.label,
  detail: snippet.detail,
  // CodeMirror's fuzzy filter matches the label; keywords are tried when the label does not match.
  apply: applyBlock(snippet),
  boost: -index / 100,
  type: 'keyword',
}));

const withKeywords: Completion[] = BLOCK_SNIPPETS.map((snippet, index) => ({ ...OPTIONS[index]!, displayLabel: snippet.label, label: `${snippet.label} ${snippet.keywords}` }));

/**
 * The block menu: a completion source that opens on `/` and lists every block, filtered by what follows.
 * A query that matches no label is tried against the blocks' keywords (`/callout` finds Hint).
 */
export function slashCommands(context: CompletionContext): CompletionResult | null {
  if (context.state.readOnly) return null;
  const match = context.matchBefore(SLASH_QUERY);
  if (!match) return null;
  const slash = match.text.lastIndexOf('/');
  const from = match.from + slash + 1;
  const query = context.state.sliceDoc(from, context.pos).toLowerCase();
  const byLabel = OPTIONS.filter((option) => option.label.toLowerCase().includes(query));
  const options = byLabel.length > 0 || !query ? OPTIONS : withKeywords;
  // No validFor: the source runs again on every key, so a query can move from labels to keywords.
  return { from, options };
}

/** The `/` menu as a CodeMirror extension: only this source, so markdown's HTML tag completion stays off. */
export const slashMenu = autocompletion({ override: [slashCommands], icons: false, activateOnTyping: true, closeOnBlur: true });
