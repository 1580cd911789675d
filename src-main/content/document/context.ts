import { slugify } from '../../../src-shared/markdown/headings';
import type { HintTag } from './hints';

/** What the node converters share while converting one markdown body. */
export interface ConvertContext {
  /** The next node key. Keys count up in conversion order, so the same markdown gives the same keys. */
  key(): string;
  /** A heading's anchor: unique in the document, spelled as search spells section anchors. */
  anchor(title: string): string;
  /** The hint tag a marker left by `parseWithHints` stands for. */
  hintTag(html: string): HintTag | undefined;
}

export function newContext(tags: HintTag[]): ConvertContext {
  let next = 0;
  const anchors = new Set<string>();
  return {
    key: () => `k${(next += 1)}`,
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
