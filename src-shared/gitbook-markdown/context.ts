import { slugify } from './headings';
import type { ContentRef, ContentRefReusableContent, ImageRef } from './types';

/** What the node converters share while converting one markdown body. */
export interface ConvertContext {
  /** The next node key. Keys count up in conversion order, so the same markdown gives the same keys. */
  key(): string;
  /** A heading's anchor: unique in the document, spelled as search spells section anchors. */
  anchor(title: string): string;
  /**
   * What a URL written in the markdown points at, as a document reference. EVERY URL a block or
   * inline emits goes through here, so links to pages, anchors and space files become page, anchor
   * and file references wherever they appear (an image can only be a URL or a file).
   */
  ref(url: string, usage: 'image'): ImageRef;
  ref(url: string, usage: RefUsage): ContentRef;
  /** The reusable content an include's path names (`undefined`: unknown, see `IncludeResolver`). */
  include(path: string): ContentRefReusableContent | undefined;
  /** Blocks stay where they are written, even where GitBook's 0.137.0 spec admits none (fit.ts). */
  keepStructure: boolean;
}

/** How a URL is used: a link (may point at a page or anchor), an image, or a downloadable file. */
export type RefUsage = 'link' | 'image' | 'file';

/**
 * Resolves a URL written in a page's markdown to what it points at in the space (`undefined`: a
 * plain URL). The server builds one from the content being read; without one every URL stays a URL.
 */
export type RefResolver = (url: string, usage: RefUsage) => ContentRef | undefined;

/**
 * Resolves the path of an include (`{% include "../../.gitbook/includes/x.md" %}`, as written: relative
 * to the page file's directory) to the reusable content it names. Apart from `RefResolver` on purpose:
 * an include is no link, and resolvers that see every URL (links extraction) must not count it as one.
 */
export type IncludeResolver = (path: string) => ContentRefReusableContent | undefined;

export function urlRef(url: string): { kind: 'url'; url: string } {
  return { kind: 'url', url };
}

function refWith(resolve: RefResolver | undefined): ConvertContext['ref'] {
  function ref(url: string, usage: 'image'): ImageRef;
  function ref(url: string, usage: RefUsage): ContentRef;
  function ref(url: string, usage: RefUsage): ContentRef {
    const resolved = resolve?.(url, usage);
    if (!resolved) return urlRef(url);
    // An image block cannot show a page: what is not a file stays the URL it was written as.
    if (usage === 'image' && resolved.kind !== 'file' && resolved.kind !== 'url') return urlRef(url);
    return resolved;
  }
  return ref;
}

export function newContext(resolve?: RefResolver, keepStructure = false, resolveInclude?: IncludeResolver): ConvertContext {
  let next = 0;
  const anchors = new Set<string>();
  const key = () => `k${(next += 1)}`;
  return {
    key,
    keepStructure,
    ref: refWith(resolve),
    include: (path) => {
      const ref = resolveInclude?.(path);
      return ref?.kind === 'reusable-content' && ref.reusableContent ? ref : undefined;
    },
    anchor(title) {
      const base = slugify(title) || 'section';
      let anchor = base;
      for (let n = 2; anchors.has(anchor); n += 1) anchor = `${base}-${n}`;
      anchors.add(anchor);
      return anchor;
    },
  };
}
