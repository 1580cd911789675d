import { parse } from 'node-html-parser';
import { renderDocument, type DocumentLinks } from '../../../../src-shared/gitbook-markdown/html/render-document';
import { markdownToDocument } from '../../../../src-shared/gitbook-markdown/markdown-to-document';
import type { Block } from '../../../../src-shared/gitbook-markdown/types';

/** One top-level block of a page: its HTML, and what it is (its document node without keys) for comparing. */
export interface RenderedBlock {
  html: string;
  identity: string;
}

/**
 * Links in a page at a revision lead only to the web and mail: the app is a hash-addressed page, so a
 * relative or `#anchor` link would navigate the app itself, and pages and files of the space are for
 * the editor, not this read-only view. They show as their text.
 */
const links: DocumentLinks = {
  href(ref) {
    return ref.kind === 'url' && /^(https?|mailto):/i.test(ref.url) ? ref.url : undefined;
  },
};

/**
 * A page's markdown as its blocks' HTML, as the published site renders it (GitBook's document with every
 * block where the writer put it). Each block is rendered on its own, with ids prefixed by `side` and its
 * place, so two versions shown together never share an id (tabs are radio buttons tied by ids).
 */
export function renderBlocks(markdown: string, side: string): RenderedBlock[] {
  const document = markdownToDocument(markdown, { keepStructure: true });
  return document.nodes.map((block, index) => ({
    html: tidy(renderDocument({ object: 'document', data: {}, nodes: [block] }, links, { idPrefix: `${side}-${index}-` })),
    identity: identityOf(block),
  }));
}

/** The page's HTML as one string (the "Rendered" view). */
export function renderPage(markdown: string): string {
  return renderBlocks(markdown, 'page')
    .map((block) => block.html)
    .join('');
}

/** A block's content without its keys: the same words in another place of the page are the same block. */
function identityOf(block: Block): string {
  return JSON.stringify(block, (name, value: unknown) => (name === 'key' ? undefined : value));
}

/**
 * Images become their description: the app's content security policy loads images only from the app
 * itself, so a remote image would be refused (and the error logged), and a space file is read through
 * the editor's own loader. Headings lose their anchor ids, which no link here uses and which would
 * repeat when two versions are shown together. node-html-parser: the HTML is a tree to edit.
 */
function tidy(html: string): string {
  if (!html.includes('<img') && !/^<h\d id=/.test(html)) return html;
  const root = parse(html);
  for (const heading of root.querySelectorAll('h1, h2, h3, h4, h5, h6')) heading.removeAttribute('id');
  for (const image of root.querySelectorAll('img')) {
    const alt = image.getAttribute('alt')?.trim();
    image.replaceWith(`<span class="revision-view__image">${escapeText(alt ? `Image: ${alt}` : 'Image')}</span>`);
  }
  return root.toString();
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
