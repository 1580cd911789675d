import type { MarkdownIt, StateInline } from 'markdown-it';
import type { InlineMath } from '../types';

/**
 * GitBook's math, TeX between `$$` and `$$`: inside a line of text it is an inline formula; a
 * paragraph of nothing but one formula (GitBook writes `$$` on lines of their own around it) is a math
 * block, which the converter decides (math.ts). `\$$` is a literal `$$`.
 */

/** An mdast node for a formula (see parse.ts: plugins hand over mdast nodes). */
interface InlineMathNode {
  type: 'inlineMath';
  value: string;
}

export const isInlineMathNode = (node: unknown): node is InlineMathNode => (node as { type?: unknown } | null)?.type === 'inlineMath';

const DOLLAR = 0x24;

export function mathPlugin(md: MarkdownIt): void {
  // Before backslash escapes and code spans: a formula's text is TeX, not markdown.
  md.inline.ruler.before('escape', 'gitbook_math', mathRule);
}

function mathRule(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  if (state.src.charCodeAt(start) !== DOLLAR || state.src.charCodeAt(start + 1) !== DOLLAR) return false;
  const end = state.src.indexOf('$$', start + 2);
  const formula = end < 0 ? '' : state.src.slice(start + 2, end).trim();
  if (formula === '') return false;
  if (!silent) {
    const token = state.push('folio_inline', '', 0);
    token.meta = { type: 'inlineMath', value: formula } satisfies InlineMathNode;
    token.content = state.src.slice(start, end + 2);
  }
  state.pos = end + 2;
  return true;
}

/** The document's inline formula for a node, when it is one. */
export function inlineMathOf(node: unknown, key: () => string): InlineMath | undefined {
  return isInlineMathNode(node) ? { object: 'inline', type: 'inline-math', key: key(), isVoid: true, data: { formula: node.value } } : undefined;
}
