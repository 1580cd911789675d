import type { Block, ContentRefReusableContent, ReusableContentBlock } from '../types';
import type { RenderContext } from './context';

/**
 * A reusable-content block shows the reusable content's own document in place, as GitBook's site does,
 * inside `<div class="reusable-content">` (which the stylesheet leaves unstyled: the content reads as
 * part of the page). Reusable contents may include others; a cycle (one including itself, directly or
 * through others) and nesting past `MAX_INCLUDE_DEPTH` show nothing, so rendering always ends.
 */

/** How many reusable contents deep one may show inside another (the page's own includes are depth 1). */
export const MAX_INCLUDE_DEPTH = 5;

export function reusableContentHtml(block: ReusableContentBlock, ctx: RenderContext): string {
  const written = block.data?.ref;
  if (written?.kind !== 'reusable-content' || typeof written.reusableContent !== 'string' || !ctx.options.reusableContent) return '';
  if (ctx.including.length >= MAX_INCLUDE_DEPTH) return '';
  // A reference without a space names a reusable content of the space of the content holding it (spec).
  const space = written.space ?? ctx.including.at(-1)?.space;
  const ref: ContentRefReusableContent = { kind: 'reusable-content', reusableContent: written.reusableContent, ...(space === undefined ? {} : { space }) };
  if (ctx.including.some((outer) => outer.reusableContent === ref.reusableContent && outer.space === ref.space)) return '';
  const doc = ctx.options.reusableContent(ref);
  if (!doc || !Array.isArray(doc.nodes)) return '';
  const nodes = withUniqueAnchors(doc.nodes, ctx.anchors());
  return `<div class="reusable-content">${ctx.within(ref).blocks(nodes)}</div>`;
}

type Node = Block & { nodes?: unknown[]; fragments?: Array<{ nodes?: unknown[] }>; meta?: { id?: unknown } };

const isHeading = (node: Node) => node.type === 'heading-1' || node.type === 'heading-2' || node.type === 'heading-3';
const isBlock = (node: unknown): node is Node => (node as { object?: unknown } | null)?.object === 'block';

/** Every heading anchor (`meta.id`) of a document's blocks, at any depth. */
export function headingAnchors(blocks: readonly Block[]): Set<string> {
  const anchors = new Set<string>();
  const visit = (node: Node) => {
    if (isHeading(node) && typeof node.meta?.id === 'string') anchors.add(node.meta.id);
    for (const child of [...(node.nodes ?? []), ...(node.fragments ?? []).flatMap((fragment) => fragment.nodes ?? [])]) if (isBlock(child)) visit(child);
  };
  blocks.forEach((block) => visit(block as Node));
  return anchors;
}

/**
 * The included blocks, their headings' anchors renamed where the page already has them (`setup` becomes
 * `setup-2`, as the converter spells a repeated title's anchor): ids stay unique in the page, and the
 * page's own anchors, which links and search point at, never change. The document given is not modified.
 */
function withUniqueAnchors(blocks: readonly Block[], taken: Set<string>): Block[] {
  const rename = (node: Node): Node => {
    let out = node;
    if (isHeading(node) && typeof node.meta?.id === 'string') out = { ...node, meta: { ...node.meta, id: unique(node.meta.id, taken) } } as Node;
    if (Array.isArray(out.nodes)) out = { ...out, nodes: out.nodes.map((child) => (isBlock(child) ? rename(child) : child)) } as Node;
    if (Array.isArray(out.fragments)) {
      out = { ...out, fragments: out.fragments.map((fragment) => (Array.isArray(fragment.nodes) ? { ...fragment, nodes: fragment.nodes.map((child) => (isBlock(child) ? rename(child) : child)) } : fragment)) } as Node;
    }
    return out;
  };
  return blocks.map((block) => rename(block as Node));
}

function unique(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  taken.add(id);
  return id;
}
