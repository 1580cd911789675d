import type { Token } from 'markdown-it';
import { newMarkdownIt } from '../../../../src-shared/gitbook-markdown/parse';
import { detailsPlugin } from '../../../../src-shared/gitbook-markdown/tags/details-rule';
import { mathPlugin } from '../../../../src-shared/gitbook-markdown/tags/math-rule';
import { includePlugin, isIncludeNode } from '../../../../src-shared/gitbook-markdown/tags/include-rule';
import { gitbookTagsPlugin, isTagNode } from '../../../../src-shared/gitbook-markdown/tags/tag-rule';

/**
 * Where the page's GitBook blocks are: the top-level blocks that the live preview may draw as themselves
 * (hints, tabs, steppers, columns, cards, expandables, tables, figures, math, embeds, files, content-refs,
 * reusable contents' include lines).
 * Found by the same markdown-it rules the server reads the dialect with (tags, `<details>`, `$$`), block
 * structure only: inline parsing is switched off, which keeps a rescan of a long page to a few milliseconds.
 * Whether a candidate really is a block (an HTML block may be plain text to GitBook) is decided later,
 * from its document (block-html.ts).
 */
interface BlockCandidate {
  /** 0-based first line. */
  startLine: number;
  /** 0-based line after the last one. */
  endLine: number;
  /** What the scanner saw: a GitBook tag (by name), `<details>`, an HTML block, a markdown table, a `$$` formula. */
  kind: string;
}

const scanner = newMarkdownIt().use(gitbookTagsPlugin).use(includePlugin).use(detailsPlugin).use(mathPlugin);
// Block structure only: inline parsing (and what follows it) is what costs on a long page.
scanner.core.ruler.disable(['inline', 'linkify', 'replacements', 'smartquotes', 'text_join'], true);

/** GitBook tags that are drawn by the inline decorations instead (a `{% code %}` wraps an editable fence). */
const NOT_WIDGETS = new Set(['code']);
const HTML_BLOCK = /^<(figure|table|picture|img|div)\b/i;

export function scanBlocks(markdown: string): BlockCandidate[] {
  const tokens = scanner.parse(markdown, {});
  const found: BlockCandidate[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token.level !== 0 || !token.map) continue;
    const kind = candidateKind(token, tokens[i + 1]);
    if (kind) found.push({ startLine: token.map[0], endLine: token.map[1], kind });
  }
  return found;
}

function candidateKind(token: Token, next: Token | undefined): string | undefined {
  switch (token.type) {
    case 'folio_block_open':
    case 'folio_block': {
      const meta: unknown = token.meta;
      if (isTagNode(meta)) return NOT_WIDGETS.has(meta.tag.name) ? undefined : meta.tag.name;
      if (isIncludeNode(meta)) return 'include';
      return (meta as { type?: string } | null)?.type === 'gitbookDetails' ? 'details' : undefined;
    }
    case 'html_block':
      return HTML_BLOCK.test(token.content.trimStart()) ? 'html' : undefined;
    case 'table_open':
      return 'table';
    case 'paragraph_open': {
      const text = next?.type === 'inline' ? next.content.trim() : '';
      return text.length > 4 && text.startsWith('$$') && text.endsWith('$$') ? 'math' : undefined;
    }
    default:
      return undefined;
  }
}
