import { parse, type HTMLElement } from 'node-html-parser';
import { renderDocument, type DocumentLinks, type RenderOptions } from '../../../src-shared/gitbook-markdown/html/render-document';
import { markdownToDocument } from '../../../src-shared/gitbook-markdown/markdown-to-document';
import type { Block, ContentRef, DocumentMark, DocumentText, InlineContent, JSONDocument, Paragraph } from '../../../src-shared/gitbook-markdown/types';

/**
 * Hand-built documents (for blocks the converter may not write yet) and a fake of the links a page's
 * host provides: pages `p1` ("Getting started") and `p2`, files `f1` (`report.pdf`, 2 MB) and `img1`.
 */
export const PAGES: Record<string, { href: string; title: string }> = {
  p1: { href: '/docs/getting-started', title: 'Getting started' },
  p2: { href: '/docs/api', title: 'API <reference>' },
};
export const FILES: Record<string, { name: string; size: number }> = {
  f1: { name: 'report.pdf', size: 2 * 1024 * 1024 },
  img1: { name: 'shot.png', size: 1000 },
};

export const links: DocumentLinks = {
  href(ref: ContentRef) {
    switch (ref.kind) {
      case 'url':
        return ref.url;
      case 'file':
        return FILES[ref.file] ? `/files/${encodeURIComponent(FILES[ref.file]!.name)}` : undefined;
      case 'page':
        return PAGES[ref.page]?.href;
      case 'anchor':
        return ref.page === undefined ? `#${ref.anchor}` : PAGES[ref.page] && `${PAGES[ref.page]!.href}#${ref.anchor}`;
      default:
        return undefined;
    }
  },
  pageTitle: (ref) => (ref.page === undefined ? undefined : PAGES[ref.page]?.title),
  file: (ref) => FILES[ref.file],
};

let keys = 0;
const key = () => `t${(keys += 1)}`;

export function doc(...nodes: Block[]): JSONDocument {
  return { object: 'document', data: {}, nodes };
}

export function text(value: string, ...marks: Array<DocumentMark['type'] | DocumentMark>): DocumentText {
  return { object: 'text', key: key(), leaves: [{ object: 'leaf', text: value, marks: marks.map((m) => (typeof m === 'string' ? { object: 'mark', type: m } : m)) }] };
}

export function p(...nodes: Array<InlineContent | string>): Paragraph {
  return { object: 'block', type: 'paragraph', key: key(), isVoid: false, data: {}, nodes: nodes.map((n) => (typeof n === 'string' ? text(n) : n)) };
}

export function link(ref: ContentRef, label: string): InlineContent {
  return { object: 'inline', type: 'link', key: key(), isVoid: false, data: { ref }, nodes: [text(label)] };
}

export { key };

/** Renders a document and parses the HTML back, to check its structure as a browser would read it. */
export function render(document: JSONDocument, options: RenderOptions = {}): { html: string; root: HTMLElement } {
  const html = renderDocument(document, links, options);
  // `pre` parsed as elements (node-html-parser keeps it as raw text by default), to see a code block's lines.
  return { html, root: parse(html, { blockTextElements: { script: true, style: true, noscript: true } }) };
}

export function renderMarkdown(markdown: string, options: RenderOptions = {}) {
  return render(markdownToDocument(markdown), options);
}

/** No script, no handler, no inline style, no scheme but web, mail and relative: what every page must hold to. */
export function expectSafe(root: HTMLElement): void {
  const problems: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'style', 'base', 'form', 'meta', 'link'].includes(tag)) problems.push(`<${tag}>`);
    for (const [name, value] of Object.entries(element.attributes)) {
      if (/^on/i.test(name) || name.toLowerCase() === 'style') problems.push(`${tag} ${name}`);
      if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(name.toLowerCase()) && !safeUrl(value)) problems.push(`${tag} ${name}=${value}`);
    }
  }
  if (problems.length) throw new Error(`unsafe HTML: ${problems.join(', ')}`);
}

/** A URL as a browser reads it (tabs and newlines dropped, ends trimmed) has no scheme, or a web or mail one. */
function safeUrl(value: string): boolean {
  const read = value.replace(/[\t\n\r]/g, '').trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(read)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}
