import type { ConvertContext } from '../context';
import { leaf } from '../inlines';
import { paragraph } from '../table';
import type { InlineContext } from '../to-markdown-inline';
import type { Block, ContentRefReusableContent, Paragraph, ReusableContentBlock } from '../types';
import { type IncludeNode, includeLine } from './include-rule';

/**
 * `{% include "path" %}` as GitBook's reusable-content block. The path as written is kept beside the
 * block (as parse.ts keeps source lines beside the tree), not in it: the spec's block has no place for
 * it, and fit.ts needs it where the spec admits no reusable content.
 */
const writtenPaths = new WeakMap<ReusableContentBlock, string>();

/**
 * The include's block, or none. An include the resolver does not know (or any include, without a
 * resolver) is left out of the document, as GitBook drops a reference to a reusable content that is
 * missing: there is nothing to show in its place. Its key is taken either way, so the blocks after it
 * keep the keys they have with any resolver (block-ranges.ts converts without one).
 */
export function includeBlocks(node: IncludeNode, ctx: ConvertContext): Block[] {
  const key = ctx.key();
  const ref = ctx.include(node.path);
  if (!ref) return [];
  const block: ReusableContentBlock = { object: 'block', type: 'reusable-content', key, isVoid: true, data: { ref } };
  writtenPaths.set(block, node.path);
  return [block];
}

/**
 * An include where the spec admits no reusable content (a hint, a tab, a list item, a quote: both specs
 * admit it only at the top level and in an expandable's body). Its content is not at hand while
 * converting, so it stays what Folio read it as before it knew includes: its line, as text.
 */
export function includeAsText(block: ReusableContentBlock, ctx: ConvertContext): Paragraph[] {
  const path = writtenPaths.get(block);
  const line = path === undefined ? undefined : includeLine(path);
  return line === undefined ? [] : [paragraph(block.key, [leaf(line)], ctx)];
}

/** A reusable-content block's include line, through the writer's `writeInclude`; none when it has no path for it. */
export function reusableContentLines(data: Record<string, unknown>, ctx: Pick<InlineContext, 'writeInclude'>): string[] {
  const ref = data.ref as Partial<ContentRefReusableContent> | undefined;
  if (ref?.kind !== 'reusable-content' || typeof ref.reusableContent !== 'string' || !ref.reusableContent) return [];
  const path = ctx.writeInclude?.({ kind: 'reusable-content', reusableContent: ref.reusableContent, ...(typeof ref.space === 'string' ? { space: ref.space } : {}) });
  const line = path === undefined ? undefined : includeLine(path);
  return line === undefined ? [] : [line];
}
