import type { MarkdownIt, StateBlock } from 'markdown-it';
import { lineText, pushLeaf } from './container-rule';

/**
 * GitBook's reusable content as Git Sync writes it: `{% include "../../.gitbook/includes/<slug>.md" %}`
 * on a line of its own, the path relative to the page file's directory. A block wherever a block may
 * stand (in hints, tabs, list items, quotes…), never inside code. Its argument is a quoted path, not an
 * attribute list, which is why tag-rule.ts (and `readTag`) leaves it alone.
 */

/** An mdast node for an include (see parse.ts: plugins hand over mdast nodes). */
export interface IncludeNode {
  type: 'gitbookInclude';
  /** As written between the quotes. */
  path: string;
}

export const isIncludeNode = (node: unknown): node is IncludeNode => (node as { type?: unknown } | null)?.type === 'gitbookInclude';

/**
 * One line's worth of pattern (not structure): `{%`, `include`, one quoted path, `%}`, any whitespace
 * between them, whitespace control (`{%-`, `-%}`) allowed as readTag allows it.
 */
const INCLUDE = /^\{%-?\s*include\s+(?:"([^"\n]+)"|'([^'\n]+)')\s*-?%\}$/;

/** The path of an include line (surrounding whitespace allowed), or undefined when the line is no include. */
function readInclude(line: string): string | undefined {
  const match = INCLUDE.exec(line.trim());
  const path = match?.[1] ?? match?.[2];
  return path?.trim() ? path : undefined;
}

/**
 * The include line Git Sync writes for a path: double quotes (single ones around a path holding a double quote).
 * Undefined for a path no include line can hold (empty, both quotes, a line break).
 */
export function includeLine(path: string): string | undefined {
  const line = path.includes('"') ? `{% include '${path}' %}` : `{% include "${path}" %}`;
  return readInclude(line) === path ? line : undefined;
}

export function includePlugin(md: MarkdownIt): void {
  // As tag lines: before fences and HTML, and able to interrupt a paragraph.
  md.block.ruler.before('fence', 'gitbook_include', includeRule, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
}

function includeRule(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  // Indented four columns past its container, the line is indented code.
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const text = lineText(state, startLine);
  if (!text.startsWith('{%')) return false;
  const path = readInclude(text);
  if (path === undefined) return false;
  if (!silent) pushLeaf(state, { type: 'gitbookInclude', path } satisfies IncludeNode, startLine);
  return true;
}
