import hljs from 'highlight.js/lib/common';
import MarkdownIt, { type Env, type RendererRule } from 'markdown-it';
import { headingAnchors } from '../../../src-shared/gitbook-markdown/headings';
import { extractOpenAPIBlocks, type OpenAPITag } from '../../../src-shared/gitbook-markdown/openapi-blocks';

/**
 * A page of the published site as HTML, from its markdown. Raw HTML in the markdown stays text
 * (`html: false`): a page's writer cannot put script in front of the site's visitors.
 *
 * - Code blocks are highlighted on the server (highlight.js, the fence's language or none when unknown):
 *   the site runs no highlighting script, and pages read the same with JavaScript off.
 * - Headings carry the same anchors the search names its sections by, so a search hit opens at its heading.
 * - Images naming a file of the space (`.gitbook/assets/<name>`) point at the site's own file route.
 * - GitBook's hint tags (`{% hint style="info" %}` ... `{% endhint %}`) become hint boxes, and its OpenAPI
 *   blocks the operation's reference (openapi-html.ts).
 */
export interface PageLinks {
  /** The URL of a file of the page's space by name. */
  fileUrl(name: string): string;
  /** The HTML of an OpenAPI block (`{% openapi-operation %}`). */
  operation(tag: OpenAPITag): string;
}

export function renderPageMarkdown(source: string, links: PageLinks): string {
  // OpenAPI blocks become one marker line each (src-shared/gitbook-markdown/openapi-blocks.ts), rendered as escaped text
  // in a paragraph of its own and swapped for the operation's HTML once the page is HTML.
  const extracted = extractOpenAPIBlocks(source);
  const { blocks } = extracted;
  // A paragraph of its own, whatever surrounds the block (a line right after text would join its paragraph).
  const markdown = blocks.length ? extracted.markdown.replace(/^[ \t]*(<!--folio-openapi-\d+-->)[ \t]*$/gm, '\n$1\n') : extracted.markdown;
  const env: SiteEnv = { anchorByLine: new Map(headingAnchors(markdown).map((h) => [h.line, h.anchor])), links, lineOffset: 0 };
  const html = splitHints(markdown)
    .map((part) => {
      const rendered = md.render(part.markdown, { ...env, lineOffset: part.firstLine });
      return part.hint ? `<div class="hint hint-${part.hint}" role="note">${rendered}</div>` : rendered;
    })
    .join('');
  if (blocks.length === 0) return html;
  return html.replace(/<p>&lt;!--folio-openapi-(\d+)--&gt;<\/p>/g, (marker, n: string) => {
    const tag = blocks[Number(n)];
    return tag ? links.operation(tag) : marker;
  });
}

interface SiteEnv extends Env {
  anchorByLine: Map<number, string>;
  links: PageLinks;
  /** Where the rendered part starts in the page's markdown (anchors are numbered by the page's lines). */
  lineOffset: number;
}

const md = new MarkdownIt({
  html: false,
  linkify: true,
  highlight: (code, language) => {
    const name = language.trim().toLowerCase();
    if (!name || !hljs.getLanguage(name)) return '';
    return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
  },
});

const ASSETS = /(?:^|\/)\.gitbook\/assets\/([^/?#]+)$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function assetName(url: string): string | undefined {
  if (SCHEME.test(url) || url.startsWith('//')) return undefined;
  try {
    return ASSETS.exec(decodeURIComponent(url.split('#', 1)[0]!.split('?', 1)[0]!))?.[1];
  } catch {
    return undefined;
  }
}

const renderToken: RendererRule = (tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options);

md.renderer.rules.heading_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const siteEnv = env as SiteEnv;
  const anchor = token.map ? siteEnv.anchorByLine.get(token.map[0] + siteEnv.lineOffset) : undefined;
  if (anchor) token.attrSet('id', anchor);
  return renderToken(tokens, idx, options, env, self);
};

md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const name = assetName(String(token.attrGet('src') ?? ''));
  if (name) token.attrSet('src', (env as SiteEnv).links.fileUrl(name));
  token.attrSet('loading', 'lazy');
  return self.renderToken(tokens, idx, options);
};

md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  if (/^https?:/i.test(String(token.attrGet('href') ?? ''))) token.attrSet('rel', 'noopener noreferrer');
  return renderToken(tokens, idx, options, env, self);
};

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const OPEN = /^\s*\{%-?\s*hint\s+style\s*=\s*["']([A-Za-z]+)["']\s*-?%\}\s*$/;
const CLOSE = /^\s*\{%-?\s*endhint\s*-?%\}\s*$/;
const STYLES = new Set(['info', 'success', 'warning', 'danger']);

interface Part {
  markdown: string;
  firstLine: number;
  hint?: string;
}

/** The page cut at its top-level hint tags (tags inside code fences are text; an unclosed hint stays text). */
function splitHints(markdown: string): Part[] {
  const lines = markdown.split(/\r\n|\r|\n/);
  const parts: Part[] = [];
  let fence: string | null = null;
  let start = 0;
  let open: { line: number; style: string } | null = null;
  lines.forEach((line, index) => {
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) fence = fence === null ? fenceMatch[1]![0]! : fence === fenceMatch[1]![0] ? null : fence;
    if (fence !== null) return;
    const opening = open === null ? OPEN.exec(line) : null;
    if (opening) {
      parts.push({ markdown: lines.slice(start, index).join('\n'), firstLine: start });
      const style = opening[1]!.toLowerCase();
      open = { line: index, style: STYLES.has(style) ? style : 'info' };
      start = index + 1;
    } else if (open !== null && CLOSE.test(line)) {
      parts.push({ markdown: lines.slice(start, index).join('\n'), firstLine: start, hint: open.style });
      open = null;
      start = index + 1;
    }
  });
  // An unclosed hint: its tag line is shown as written, with what follows.
  const restFrom = open === null ? start : (open as { line: number }).line;
  parts.push({ markdown: lines.slice(restFrom).join('\n'), firstLine: restFrom });
  return parts.filter((part) => part.markdown.trim() !== '' || part.hint);
}
