import type { IncludeResolver, RefResolver } from '../../../../src-shared/gitbook-markdown/context';
import { markdownToDocument } from '../../../../src-shared/gitbook-markdown/markdown-to-document';
import { includeLine as includeLineOf } from '../../../../src-shared/gitbook-markdown/tags/include-rule';
import type { Block, ContentRefReusableContent, JSONDocument } from '../../../../src-shared/gitbook-markdown/types';

/**
 * Reusable contents in the live preview. A page places one with `{% include "…/.gitbook/includes/<slug>.md" %}`;
 * as on the server (src-main/content/includes.ts), the slug alone names it, whatever folder the path is written
 * from. The editor has no ids for includes, so the slug stands for the reusable content in the documents it
 * draws (`reusableContent: <slug>`), and the app's reusable contents store answers what each slug shows.
 */

/** What an include of a slug shows now. */
export type IncludeLookup =
  | { status: 'loading' }
  /** No reusable content has this slug in the content being edited (deleted, or never created). */
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; title: string; markdown: string };

/** The app's reusable contents, as the live preview reads them. */
export interface ReusableContentSource {
  /** What the include of `slug` shows; asks for what is not loaded yet (`subscribe` hears when it arrives). */
  lookup(slug: string): IncludeLookup;
  /** Called whenever what a lookup answers may have changed; returns an unsubscribe. */
  subscribe(listener: () => void): () => void;
}

const INCLUDES_FOLDER = ['.gitbook', 'includes'];

/** The slug an include's path names (`../.gitbook/includes/setup.md` → `setup`), or undefined for any other path. */
export function includedSlug(path: string): string | undefined {
  const parts = path.trim().split('/');
  const file = parts.pop() ?? '';
  const folder = parts.slice(-2).map((part) => part.toLowerCase());
  if (folder.join('/') !== INCLUDES_FOLDER.join('/') || !/\.md$/i.test(file)) return undefined;
  const slug = file.slice(0, -3);
  return slug ? slug : undefined;
}

/** The markdown line that places a reusable content (written from the top, as Folio writes it). */
export function includeLine(slug: string): string {
  const path = `${INCLUDES_FOLDER.join('/')}/${slug}.md`;
  return includeLineOf(path) ?? `{% include "${path}" %}`;
}

/** Resolves every include to a reference named by its slug (the store decides later whether it exists). */
export const resolveIncludeBySlug: IncludeResolver = (path) => {
  const slug = includedSlug(path);
  return slug === undefined ? undefined : { kind: 'reusable-content', reusableContent: slug };
};

/** Whether a document places reusable contents anywhere (inside tabs, columns… included). */
export function hasIncludes(doc: JSONDocument): boolean {
  const visit = (node: unknown): boolean => {
    const block = node as (Block & { nodes?: unknown[]; fragments?: Array<{ nodes?: unknown[] }> }) | null;
    if (!block || typeof block !== 'object') return false;
    if (block.type === 'reusable-content') return true;
    return [...(block.nodes ?? []), ...(block.fragments ?? []).flatMap((fragment) => fragment.nodes ?? [])].some(visit);
  };
  return doc.nodes.some(visit);
}

/**
 * What the renderer shows for a reference (`renderDocument`'s `reusableContent` option): the reusable content's
 * document when the source has its markdown, read once per markdown. `seen` collects the slugs looked up, so a
 * widget knows which answers it depends on.
 */
export function includedDocuments(
  source: ReusableContentSource,
  options: { seen?: Set<string>; resolveRef?: RefResolver } = {},
): (ref: ContentRefReusableContent) => JSONDocument | undefined {
  return (ref) => {
    const slug = ref.reusableContent;
    options.seen?.add(slug);
    const found = source.lookup(slug);
    return found.status === 'ready' ? documentOf(found.markdown, options.resolveRef) : undefined;
  };
}

const documents = new Map<string, JSONDocument>();
const MAX_DOCUMENTS = 200;

/** Always called with the same `resolveRef` (the editor's), so the markdown alone keys the cache. */
function documentOf(markdown: string, resolveRef?: RefResolver): JSONDocument {
  let doc = documents.get(markdown);
  if (!doc) {
    doc = markdownToDocument(markdown, { resolveRef, resolveInclude: resolveIncludeBySlug });
    if (documents.size >= MAX_DOCUMENTS) documents.delete(documents.keys().next().value!);
    documents.set(markdown, doc);
  }
  return doc;
}

/** A string that changes whenever what any of `slugs` shows changes (the widget redraws only then). */
export function lookupSignature(source: ReusableContentSource, slugs: Iterable<string>): string {
  return [...slugs]
    .map((slug) => {
      const found = source.lookup(slug);
      return `${slug}\u0000${found.status}\u0000${found.status === 'ready' ? `${found.title}\u0000${found.markdown}` : ''}`;
    })
    .join('\u0001');
}
