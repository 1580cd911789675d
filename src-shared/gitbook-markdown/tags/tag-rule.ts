import type { MarkdownIt, StateBlock } from 'markdown-it';
import type { RootContent } from 'mdast';
import { readTag, type TemplateTag } from './attributes';
import { findClosingLine, lineText, pushLeaf, tokenizeContainer } from './container-rule';

/**
 * GitBook's template-tag blocks as a markdown-it block rule. A tag is a line of its own (`{% hint
 * style="info" %}`); the tags GitBook has blocks for are read at any depth (in list items, quotes,
 * hints, tabs), never inside code, and a tag whose closing line is missing stays text. Tags GitBook
 * has no block for (Liquid's `{% if %}`, `{% for %}`…) are text too: GitBook shows them as written.
 */

/** An mdast node for a tag: its content, parsed as markdown, in `children`. */
export interface TagNode {
  type: 'gitbookTag';
  tag: TemplateTag;
  /** Whether the tag had its closing line (`{% endembed %}`); void tags never do. */
  closed: boolean;
  children: RootContent[];
}

export const isTagNode = (node: unknown): node is TagNode => (node as { type?: unknown } | null)?.type === 'gitbookTag';

/** How a tag's block ends: with its `{% endname %}` line, optionally (a caption follows), or never. */
type Ending = 'required' | 'optional' | 'void';

const ENDINGS: Record<string, Ending> = {
  hint: 'required',
  tabs: 'required',
  tab: 'required',
  stepper: 'required',
  step: 'required',
  columns: 'required',
  column: 'required',
  code: 'required',
  'content-ref': 'required',
  openapi: 'required',
  'openapi-operation': 'required',
  embed: 'optional',
  file: 'optional',
};

/** What a tag must have to be its block; without it, it is text. */
const REQUIRED: Record<string, readonly string[]> = {
  'content-ref': ['url'],
  embed: ['url'],
  file: ['src'],
  openapi: ['src', 'path', 'method'],
  'openapi-operation': ['spec', 'path', 'method'],
};

/** Integration blocks (`{% @github-files/github-code-block url="…" %}`) are void. */
const endingOf = (name: string): Ending | undefined => (name.startsWith('@') ? 'void' : ENDINGS[name]);

export function gitbookTagsPlugin(md: MarkdownIt): void {
  // Before fences and HTML, and able to interrupt a paragraph: a tag line always starts a block.
  md.block.ruler.before('fence', 'gitbook_tag', tagRule, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
}

/**
 * Whether the body has any closing tag of this name at all, asked once per parse: many tags that
 * never close (a pasted Liquid template) would otherwise each scan the rest of the body.
 */
const closings = new WeakMap<object, Map<string, boolean>>();

function mayClose(state: StateBlock, name: string): boolean {
  let known = closings.get(state.env);
  if (!known) closings.set(state.env, (known = new Map()));
  let found = known.get(name);
  if (found === undefined) known.set(name, (found = new RegExp(`\\{%-?\\s*end${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(state.src)));
  return found;
}

function tagAt(state: StateBlock, line: number): TemplateTag | undefined {
  const text = lineText(state, line);
  return text.startsWith('{%') ? readTag(text) : undefined;
}

function tagRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const tag = tagAt(state, startLine);
  const ending = tag && endingOf(tag.name);
  if (!tag || !ending || (REQUIRED[tag.name] ?? []).some((key) => !tag.attributes[key])) return false;
  const kindOf = (text: string) => {
    const found = text.startsWith('{%') ? readTag(text) : undefined;
    if (found?.name === tag.name) return 'open';
    return found?.name === `end${tag.name}` ? 'close' : undefined;
  };
  const close = ending === 'void' || !mayClose(state, tag.name) ? -1 : findClosingLine(state, startLine, endLine, kindOf, ending === 'optional');
  if (silent) return true;
  if (ending === 'required' && close < 0) {
    // A tag whose closing line is missing is text, a line of its own as every tag line is.
    pushLeaf(state, { type: 'paragraph', children: [{ type: 'text', value: lineText(state, startLine).trim() }] }, startLine);
    return true;
  }
  const node: TagNode = { type: 'gitbookTag', tag, closed: close >= 0, children: [] };
  if (close < 0) pushLeaf(state, node, startLine);
  else tokenizeContainer(state, node, startLine, startLine + 1, close);
  return true;
}
