import type { Block, InlineContent } from '../types';
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
}

export interface Renderers {
  blocks(nodes: readonly Block[], ctx: RenderContext): string;
  inlines(nodes: readonly InlineContent[], ctx: RenderContext): string;
}

export function newRenderContext(links: DocumentLinks, options: RenderOptions, renderers: Renderers): RenderContext {
  const used = new Set<string>();
  const make = (inLink: boolean): RenderContext => {
    const ctx: RenderContext = {
      links,
      options,
      inLink,
      blocks: (nodes) => renderers.blocks(nodes, ctx),
      inlines: (nodes) => renderers.inlines(nodes, ctx),
      id(base) {
        const stem = `${options.idPrefix ?? ''}${token(base)}`;
        let id = stem;
        for (let n = 2; used.has(id); n += 1) id = `${stem}-${n}`;
        used.add(id);
        return id;
      },
      linkless: () => (inLink ? ctx : make(true)),
    };
    return ctx;
  };
  return make(false);
}
