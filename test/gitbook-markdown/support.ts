import { markdownToDocument } from '../../src-shared/gitbook-markdown/markdown-to-document';
import type { Block, ContentRef, InlineContent, JSONDocument } from '../../src-shared/gitbook-markdown/types';
import { assertMatchesSchema } from '../support/spec';

/** Converts markdown and checks the document against GitBook's JSONDocument schema, 0.137.0 and newest. */
export function convert(markdown: string): JSONDocument {
  const doc = markdownToDocument(markdown);
  assertMatchesSchema('JSONDocument', doc, '0.137.0');
  assertMatchesSchema('JSONDocument', doc, 'latest');
  return doc;
}

/** The text a reader sees in inline content; inline images show as [img]. */
export function textOf(nodes: readonly InlineContent[]): string {
  return nodes
    .map((n) => (n.object === 'text' ? n.leaves.map((l) => l.text).join('') : n.type === 'link' ? textOf(n.nodes) : '[img]'))
    .join('');
}

/** The leaves of inline content as [text, marks] pairs, empty padding leaves left out. */
export function leavesOf(nodes: readonly InlineContent[]): Array<[string, string[]]> {
  return nodes.flatMap((n) =>
    n.object === 'text' ? n.leaves.filter((l) => l.text !== '').map((l): [string, string[]] => [l.text, l.marks.map((m) => m.type)]) : [],
  );
}

/** A compact outline of blocks: type, then the text or the children's outline. */
export function outline(blocks: readonly Block[]): unknown[] {
  return blocks.map((b) => {
    if (b.type === 'divider' || b.type === 'table') return b.type;
    if (b.type === 'images') return [b.type, b.nodes.map((i) => refTarget(i.data.ref))];
    if (b.type === 'paragraph' || b.type.startsWith('heading')) return [b.type, textOf((b as { nodes: InlineContent[] }).nodes)];
    if (b.type === 'code') return [b.type, b.nodes.map((l) => textOf(l.nodes)).join('\n')];
    if (b.type === 'openapi-operation') return [b.type, `${b.data.ref.spec} ${b.data.method} ${b.data.path}`];
    if (b.type === 'math') return [b.type, b.data.formula];
    if (b.type === 'expandable') return [b.type, textOf(b.fragments[0].nodes[0]!.nodes), outline(b.fragments[1].nodes)];
    if (!('nodes' in b)) return b.type;
    return [b.type, outline((b as { nodes: Block[] }).nodes)];
  });
}

/** Every key in a document (blocks, inlines, texts, fragments). */
export function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (!value || typeof value !== 'object') return [];
  const node = value as Record<string, unknown>;
  const own = typeof node.key === 'string' ? [node.key] : [];
  return [...own, ...keysOf(node.nodes), ...keysOf(node.fragments)];
}

/** What a reference points at, as one string (a URL, a page, an anchor or a file id). */
export function refTarget(ref: ContentRef): string {
  switch (ref.kind) {
    case 'url':
      return ref.url;
    case 'page':
      return `page:${ref.page}`;
    case 'anchor':
      return `anchor:${ref.page ?? ''}#${ref.anchor}`;
    case 'file':
      return `file:${ref.file}`;
  }
}
