import type { RootContent } from 'mdast';
import { convertBlock } from './blocks';
import { newContext } from './context';
import { fitBlocks } from './fit';
import { groupHtmlContainers } from './gitbook-html/blocks';
import { topLevelLines } from './parse';
import { parseGitBookMarkdown } from './tags/parse';
import type { Block } from './types';

/** Where a top-level block of a page's document (`format=document`) is written in the page's markdown. */
export interface BlockSource {
  /** The block's key, as `markdownToDocument` gives it for the same markdown. */
  key: string;
  /** Offsets in the markdown (UTF-16 code units, as a Y.Text counts): the block's first character and the end of its last line. */
  from: number;
  to: number;
  /** Every key inside the block (its own, its children's, its text nodes'), so a nested key finds its block. */
  keys: ReadonlySet<string>;
}

/**
 * The top-level blocks of a markdown body with their source ranges, in document order: what lets a comment
 * anchored to text name the block holding it, and a comment posted on a block be anchored to its text.
 *
 * The blocks are converted exactly as `markdownToDocument` converts them (every node first, then each block
 * fitted to the document, which for the document container is the same as fitting them all at once), so the
 * keys are the document's keys. A block made from several markdown nodes' worth of text (an HTML container)
 * spans its children; several blocks made from one node (a downgraded block) share its range. Blocks whose
 * node has no source lines (none today) are left out.
 */
export function documentBlockSources(markdown: string): BlockSource[] {
  const tree = parseGitBookMarkdown(markdown);
  const ctx = newContext(undefined, false);
  const nodes = groupHtmlContainers(tree.children);
  const converted = nodes.map((node) => ({ node, blocks: convertBlock(node, ctx) }));
  const lineStarts = lineStartsOf(markdown);
  const sources: BlockSource[] = [];
  for (const { node, blocks } of converted) {
    const fitted = blocks.flatMap((block) => fitBlocks([block], 'document', ctx));
    const lines = linesOf(node);
    if (!lines) continue;
    const from = lineStarts[lines[0]] ?? markdown.length;
    const to = trimmedEnd(markdown, from, lineStarts[lines[1]] ?? markdown.length);
    for (const block of fitted) sources.push({ key: block.key, from, to, keys: keysOf(block) });
  }
  return sources;
}

/** The block holding `offset`: the last one starting at or before it (text between blocks belongs to the one above), else the first. */
export function blockAtOffset(sources: readonly BlockSource[], offset: number): BlockSource | undefined {
  let found: BlockSource | undefined;
  for (const source of sources) {
    if (source.from > offset) break;
    found = source;
  }
  return found ?? sources[0];
}

/** The top-level block with this key, or holding a node with it. */
export function blockWithKey(sources: readonly BlockSource[], key: string): BlockSource | undefined {
  return sources.find((source) => source.key === key) ?? sources.find((source) => source.keys.has(key));
}

function linesOf(node: RootContent): readonly [number, number] | undefined {
  const own = topLevelLines.get(node);
  if (own) return own;
  // An HTML container (`<div align="center">…</div>`) is made of the nodes between its tags.
  const children = 'children' in node ? (node.children as RootContent[]).map((child) => topLevelLines.get(child)).filter((l) => l !== undefined) : [];
  if (children.length === 0) return undefined;
  return [Math.min(...children.map((l) => l[0])), Math.max(...children.map((l) => l[1]))];
}

/** Offsets where each line starts, lines split as markdown-it splits them (`\r\n`, `\r` or `\n`). */
function lineStartsOf(markdown: string): number[] {
  const starts = [0];
  for (let i = 0; i < markdown.length; i += 1) {
    const char = markdown.charCodeAt(i);
    if (char === 0x0d && markdown.charCodeAt(i + 1) === 0x0a) continue;
    if (char === 0x0a || char === 0x0d) starts.push(i + 1);
  }
  return starts;
}

/** The end of a block's text without the line breaks and blank space after it. */
function trimmedEnd(markdown: string, from: number, to: number): number {
  let end = to;
  while (end > from && /\s/.test(markdown[end - 1]!)) end -= 1;
  return end;
}

function keysOf(block: Block): Set<string> {
  const keys = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const { key, nodes, fragments } = node as { key?: unknown; nodes?: unknown; fragments?: unknown };
    if (typeof key === 'string') keys.add(key);
    for (const list of [nodes, fragments]) if (Array.isArray(list)) list.forEach(visit);
  };
  visit(block);
  return keys;
}
