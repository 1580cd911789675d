import type { Block, ContentRefReusableContent, InlineContent } from '../types';
import type { DocumentLinks, RenderOptions } from './links';
import { token } from './safe';

/** What the block renderers share while rendering one document. */
export interface RenderContext {
  links: DocumentLinks;
  options: RenderOptions;
  /** Inside a link (a card): inline links render as their text, since links cannot nest. */
  inLink: boolean;
  blocks(nodes: readonly Block[]): string;
  inlines(nodes: readonly InlineContent[]): string;
  /** An id unique in the document, from a node's key (keys are unique, but a document may be hand-made). */
  id(base: string): string;
  /** The same context, inside a link. */
  linkless(): RenderContext;
  /** The reusable contents being shown around this point, outermost first (their cycle and depth guard). */
  including: readonly ContentRefReusableContent[];
  /** The same context, showing reusable content `ref` inside what it shows now. */
  within(ref: ContentRefReusableContent): RenderContext;
  /** Heading anchors taken in the page: the document's own, then those given to included headings. */
  anchors(): Set<string>;
}

interface Renderers {
  blocks(nodes: readonly Block[], ctx: RenderContext): string;
  inlines(nodes: readonly InlineContent[], ctx: RenderContext): string;
}

/** `pageAnchors`: the heading anchors of the document rendered, asked for only when it includes reusable content. */
export function newRenderContext(links: DocumentLinks, options: RenderOptions, renderers: Renderers, pageAnchors: () => Set<string> = () => new Set()): RenderContext {
  const used = new Set<string>();
  let anchors: Set<string> | undefined;
  const make = (inLink: boolean, including: readonly ContentRefReusableContent[]): RenderContext => {
    const ctx: RenderContext = {
      links,
      options,
      inLink,
      including,
      within: (ref) => make(inLink, [...including, ref]),
      anchors: () => (anchors ??= pageAnchors()),
      blocks: (nodes) => renderers.blocks(nodes, ctx),
      inlines: (nodes) => renderers.inlines(nodes, ctx),
      id(base) {
        const stem = `${options.idPrefix ?? ''}${token(base)}`;
        let id = stem;
        for (let n = 2; used.has(id); n += 1) id = `${stem}-${n}`;
        used.add(id);
        return id;
      },
      linkless: () => (inLink ? ctx : make(true, including)),
    };
    return ctx;
  };
  return make(false, []);
}
