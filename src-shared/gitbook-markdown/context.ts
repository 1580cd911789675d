import { slugify } from './headings';
import type { HintTag } from './hints';
import { type OpenAPITag, openAPIBlockOf } from './openapi-blocks';
import type { OpenAPIOperationBlock } from './types';

/** What the node converters share while converting one markdown body. */
export interface ConvertContext {
  /** The next node key. Keys count up in conversion order, so the same markdown gives the same keys. */
  key(): string;
  /** A heading's anchor: unique in the document, spelled as search spells section anchors. */
  anchor(title: string): string;
  /** The hint tag a marker left by `parseWithHints` stands for. */
  hintTag(html: string): HintTag | undefined;
  /** The OpenAPI operation block a marker left by `extractOpenAPIBlocks` stands for. */
  openAPIBlock(html: string): OpenAPIOperationBlock | undefined;
}

export function newContext(tags: HintTag[], openAPITags: readonly OpenAPITag[] = []): ConvertContext {
  let next = 0;
  const anchors = new Set<string>();
  const key = () => `k${(next += 1)}`;
  return {
    key,
    openAPIBlock: (html) => (/^\s*<!--folio-openapi-\d+-->\s*$/.test(html) ? openAPIBlockOf(html, openAPITags, key()) : undefined),
    anchor(title) {
      const base = slugify(title) || 'section';
      let anchor = base;
      for (let n = 2; anchors.has(anchor); n += 1) anchor = `${base}-${n}`;
      anchors.add(anchor);
      return anchor;
    },
    hintTag(html) {
      const match = /^<!--folio-hint-(\d+)-->$/.exec(html.trim());
      return match ? tags[Number(match[1])] : undefined;
    },
  };
}
