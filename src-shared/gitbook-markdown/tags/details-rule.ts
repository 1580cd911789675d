import type { MarkdownIt, StateBlock } from 'markdown-it';
import type { PhrasingContent, RootContent } from 'mdast';
import { parse as parseHtml, type Node as HtmlNode, NodeType, type HTMLElement } from 'node-html-parser';
import { findClosingLine, lineText, tokenizeContainer } from './container-rule';

/**
 * GitBook's expandable block, which Git Sync writes as HTML around markdown:
 *
 *     <details>
 *
 *     <summary>Title, in HTML</summary>
 *
 *     The body, in markdown.
 *
 *     </details>
 *
 * CommonMark would read `<details>` and `</details>` as raw HTML blocks around ordinary paragraphs;
 * this rule reads the pair as one container (nested expandables nest), the summary as its title.
 * `<details>` without a `<summary>` line is left to the HTML rules.
 */

export interface DetailsNode {
  type: 'gitbookDetails';
  /** The summary's content, from HTML. */
  title: PhrasingContent[];
  children: RootContent[];
}

export const isDetailsNode = (node: unknown): node is DetailsNode => (node as { type?: unknown } | null)?.type === 'gitbookDetails';

const OPEN = /^<details(?:\s+open(?:="[^"]*")?)?\s*>\s*(.*)$/i;
const CLOSE = /^<\/details\s*>\s*$/i;
const SUMMARY = /^<summary\s*>(.*)<\/summary\s*>\s*$/i;

export function detailsPlugin(md: MarkdownIt): void {
  md.block.ruler.before('html_block', 'gitbook_details', detailsRule, { alt: ['paragraph', 'reference', 'blockquote'] });
}

function detailsRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const open = OPEN.exec(lineText(state, startLine));
  if (!open) return false;
  // The summary: on the opening line, or the first line with text after it.
  let summaryLine = startLine;
  let summary = open[1]!.trim();
  if (summary === '') {
    summaryLine = state.skipEmptyLines(startLine + 1);
    if (summaryLine >= endLine) return false;
    summary = lineText(state, summaryLine).trim();
  }
  const title = SUMMARY.exec(summary);
  if (!title) return false;
  const close = findClosingLine(state, summaryLine, endLine, (text) => (OPEN.test(text) ? 'open' : CLOSE.test(text) ? 'close' : undefined));
  if (close < 0) return false;
  if (silent) return true;
  const node: DetailsNode = { type: 'gitbookDetails', title: htmlPhrasing(title[1]!), children: [] };
  tokenizeContainer(state, node, startLine, summaryLine + 1, close);
  return true;
}

/** HTML inline content (a summary) as mdast phrasing: text, emphasis, strong, code, strike, links, line breaks. */
function htmlPhrasing(html: string): PhrasingContent[] {
  return phrasingOf(parseHtml(html).childNodes);
}

function phrasingOf(nodes: readonly HtmlNode[]): PhrasingContent[] {
  return nodes.flatMap((node): PhrasingContent[] => {
    if (node.nodeType === NodeType.TEXT_NODE) return node.text === '' ? [] : [{ type: 'text', value: node.text }];
    if (node.nodeType !== NodeType.ELEMENT_NODE) return [];
    const element = node as HTMLElement;
    const children = () => phrasingOf(element.childNodes);
    switch (element.tagName) {
      case 'STRONG':
      case 'B':
        return [{ type: 'strong', children: children() }];
      case 'EM':
      case 'I':
        return [{ type: 'emphasis', children: children() }];
      case 'S':
      case 'DEL':
        return [{ type: 'delete', children: children() }];
      case 'CODE':
        return [{ type: 'inlineCode', value: element.text }];
      case 'BR':
        return [{ type: 'break' }];
      case 'A': {
        const href = element.getAttribute('href');
        return href ? [{ type: 'link', url: href, title: null, children: children() as Extract<PhrasingContent, { type: 'text' }>[] }] : children();
      }
      default:
        // Other inline HTML (spans, marks): its text.
        return children();
    }
  });
}
