import type { EditorView } from '@codemirror/view';
import type { ContentRefReusableContent, JSONDocument } from '../../../../src-shared/gitbook-markdown/types';
import { resolveInEditor } from './block-html';
import { type IncludeLookup, includedDocuments, lookupSignature, type ReusableContentSource } from './includes';

/**
 * How a widget shows the reusable contents it places. What an include shows arrives later than the page (the
 * store fetches the list and each markdown on first use) and changes when the reusable content is edited or
 * renamed, so a widget holding includes follows the source and redraws, but only when an answer it used changed.
 */

export type IncludedDocuments = (ref: ContentRefReusableContent) => JSONDocument | undefined;

/** The unsubscribe of each widget DOM following a source, called when CodeMirror destroys the widget. */
const following = new WeakMap<HTMLElement, () => void>();

export function followIncludes(wrapper: HTMLElement, view: EditorView, source: ReusableContentSource, draw: (documents: IncludedDocuments) => void): void {
  let seen = new Set<string>();
  let signature = '';
  const redraw = () => {
    seen = new Set();
    draw(includedDocuments(source, { seen, resolveRef: resolveInEditor }));
    signature = lookupSignature(source, seen);
  };
  redraw();
  const unsubscribe = source.subscribe(() => {
    // A view destroyed without destroying its widgets first stops listening here.
    if (!view.dom.isConnected) return stopFollowingIncludes(wrapper);
    if (lookupSignature(source, seen) === signature) return;
    redraw();
    // The widget's height changed outside a transaction: CodeMirror measures again.
    view.requestMeasure();
  });
  following.set(wrapper, unsubscribe);
}

export function stopFollowingIncludes(wrapper: HTMLElement): void {
  following.get(wrapper)?.();
  following.delete(wrapper);
}

/**
 * An include line drawn as the reusable content it places: its rendered markdown under a quiet label naming it,
 * or a note when it is missing (deleted, or a slug no reusable content has), loading or failed.
 */
export function includeCard(doc: JSONDocument, source: ReusableContentSource | undefined, content: DocumentFragment): HTMLElement {
  const block = doc.nodes[0];
  const slug = block?.type === 'reusable-content' ? block.data.ref.reusableContent : '';
  return includeCardOf(slug, source?.lookup(slug) ?? { status: 'missing' }, content);
}

/** The card of an include of `slug`, as `found` says it stands (the side preview draws the same: preview-includes.ts). */
export function includeCardOf(slug: string, found: IncludeLookup, content: DocumentFragment | HTMLElement): HTMLElement {
  const card = document.createElement('div');
  card.className = `cm-lp-include cm-lp-include--${found.status}`;
  card.setAttribute('role', 'group');
  const label = document.createElement('p');
  label.className = 'cm-lp-include__label';
  card.append(label);
  switch (found.status) {
    case 'ready':
      card.setAttribute('aria-label', `Reusable content: ${found.title}`);
      label.textContent = `Reusable content · ${found.title}`;
      card.append(content);
      break;
    case 'loading':
      card.setAttribute('aria-label', 'Reusable content');
      label.textContent = `Loading reusable content “${slug}”…`;
      break;
    case 'missing':
      card.setAttribute('aria-label', 'Missing reusable content');
      label.textContent = `Missing reusable content “${slug}”: nothing shows here.`;
      break;
    case 'error':
      card.setAttribute('aria-label', 'Reusable content');
      label.textContent = `Could not load reusable content “${slug}”: ${found.message}`;
      break;
  }
  return card;
}
