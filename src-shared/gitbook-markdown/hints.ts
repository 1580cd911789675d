import type { Root, RootContent } from 'mdast';
import type { HintStyle } from './types';
import { parseMarkdown, parseTokens } from './parse';

/**
 * GitBook writes hints in markdown as lines of its own template syntax:
 *
 *     {% hint style="info" %}
 *     Text of the hint.
 *     {% endhint %}
 *
 * CommonMark knows nothing of these lines: parsed as they are, the tags and the text between them
 * run together into one paragraph, or a closing tag becomes a lazy continuation of a list item.
 * So each tag line is replaced, before parsing, by an HTML comment naming the tag: an HTML comment
 * starts a block of its own and may interrupt a paragraph, so the tags come out as separate
 * `html` siblings, and `groupHints` gathers what lies between a matched pair into a hint.
 */

export interface HintTag {
  kind: 'open' | 'close';
  style: HintStyle;
  /** The tag line as written, restored as text when the tag has no partner. */
  text: string;
}

/** A hint found in a list of mdast siblings. */
export interface HintNode {
  type: 'folioHint';
  style: HintStyle;
  /** The open tag; kept to restore as text if the hint turns out unclosed. */
  open: RootContent;
  children: FlowNode[];
}

export type FlowNode = RootContent | HintNode;

const OPEN = /^(\s*)\{%-?\s*hint\s+style\s*=\s*["']([A-Za-z]+)["']\s*-?%\}\s*$/;
const CLOSE = /^(\s*)\{%-?\s*endhint\s*-?%\}\s*$/;
const STYLES: readonly HintStyle[] = ['info', 'success', 'warning', 'danger'];

/**
 * Parses markdown with its hint tags turned into markers. Tag lines inside code or raw HTML are
 * content, not tags: a first pass of the block parser tells which lines those are. Markdown
 * without tags is parsed once.
 */
export function parseWithHints(markdown: string): { tree: Root; tags: HintTag[] } {
  if (!/\{%-?\s*(end)?hint\b/.test(markdown)) return { tree: parseMarkdown(markdown), tags: [] };
  const verbatim = new Set<number>();
  for (const token of parseTokens(markdown)) {
    if ((token.type === 'fence' || token.type === 'code_block' || token.type === 'html_block') && token.map) {
      for (let line = token.map[0]; line < token.map[1]; line += 1) verbatim.add(line);
    }
  }
  const tags: HintTag[] = [];
  const lines = markdown.split(/\r\n|\r|\n/).map((line, i) => {
    if (verbatim.has(i)) return line;
    const open = OPEN.exec(line);
    const close = open ? null : CLOSE.exec(line);
    if (!open && !close) return line;
    const written = (open?.[2] ?? '').toLowerCase() as HintStyle;
    // GitBook has four styles; an unknown one still marks a hint, shown as the neutral one.
    const style = STYLES.includes(written) ? written : 'info';
    tags.push({ kind: open ? 'open' : 'close', style, text: line.trim() });
    return `${(open ?? close)![1]}<!--folio-hint-${tags.length - 1}-->`;
  });
  return { tree: parseMarkdown(tags.length > 0 ? lines.join('\n') : markdown), tags };
}

/**
 * Gathers the siblings between an open and a close marker into a hint (nested hints nest). Markers
 * without a partner stay as they are and are later shown as the tag's text.
 */
export function groupHints(children: readonly RootContent[], tagOf: (html: string) => HintTag | undefined): FlowNode[] {
  const root: FlowNode[] = [];
  const open: HintNode[] = [];
  const current = () => open.at(-1)?.children ?? root;
  for (const child of children) {
    const tag = child.type === 'html' ? tagOf(child.value) : undefined;
    if (tag?.kind === 'open') {
      open.push({ type: 'folioHint', style: tag.style, open: child, children: [] });
    } else if (tag?.kind === 'close' && open.length > 0) {
      const hint = open.pop()!;
      current().push(hint);
    } else {
      current().push(child);
    }
  }
  // Unclosed hints: their content goes back where it was, after the open tag as text.
  while (open.length > 0) {
    const hint = open.pop()!;
    current().push(hint.open, ...hint.children);
  }
  return root;
}
