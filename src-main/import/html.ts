import { gfm } from '@joplin/turndown-plugin-gfm';
import { parse, type HTMLElement } from 'node-html-parser';
import TurndownService from 'turndown';

interface HtmlRewrites {
  /** A new href for a link (undefined keeps it). */
  link?(href: string): string | undefined;
  /** A new src for an image (undefined keeps it). */
  image?(src: string): string | undefined;
}

interface HtmlPage {
  title: string;
  markdown: string;
  /** Every href and image src of the page's content, as written. */
  links: string[];
  images: string[];
}

const NOISE = 'script, style, noscript, template, nav, header, footer, form, iframe, svg, button, [role=navigation], [aria-hidden=true]';

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_' });
turndown.use(gfm);

/**
 * An HTML document as a page: its main content (main, article, or body, without navigation and
 * scripts) converted to markdown; the first heading becomes the title.
 */
export function htmlToPage(html: string, rewrites: HtmlRewrites = {}): HtmlPage {
  const document = parse(html, { comment: false, blockTextElements: { script: false, style: false, pre: true, code: true } });
  const root: HTMLElement = document.querySelector('main') ?? document.querySelector('article') ?? document.querySelector('[role=main]') ?? document.querySelector('body') ?? document;
  for (const element of root.querySelectorAll(NOISE)) element.remove();

  const h1 = root.querySelector('h1');
  const title = (h1?.text.trim() || document.querySelector('title')?.text.trim() || 'Untitled').replace(/\s+/g, ' ');
  h1?.remove();

  const links: string[] = [];
  const images: string[] = [];
  for (const a of root.querySelectorAll('a[href]')) {
    const href = a.getAttribute('href')!;
    links.push(href);
    const next = rewrites.link?.(href);
    if (next !== undefined) a.setAttribute('href', next);
  }
  for (const img of root.querySelectorAll('img[src]')) {
    const src = img.getAttribute('src')!;
    images.push(src);
    const next = rewrites.image?.(src);
    if (next !== undefined) img.setAttribute('src', next);
  }
  const markdown = turndown.turndown(root.innerHTML).replace(/\n{3,}/g, '\n\n').trim();
  return { title, markdown: markdown ? `${markdown}\n` : '', links, images };
}
