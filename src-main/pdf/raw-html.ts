import { parse as parseHtml, type HTMLElement } from 'node-html-parser';
import type { Paragraph } from '../../src-shared/gitbook-markdown/types';
import type { Cursor, Frame } from './cursor';
import type { Figures } from './figures';

/**
 * Raw HTML that the document converter kept as text: a paragraph of one unmarked leaf that is an
 * HTML fragment (a `<div>`, a comment, a `<figure>` the converter does not read yet). A reader of
 * paper wants what a browser would show, not the tags.
 */
export function rawHtml(paragraph: Paragraph): HTMLElement | undefined {
  const [only, ...rest] = paragraph.nodes;
  if (rest.length > 0 || only?.object !== 'text' || only.leaves.length !== 1) return undefined;
  const leaf = only.leaves[0]!;
  const text = leaf.text.trim();
  if (leaf.marks.length > 0 || !/^<[A-Za-z!/]/.test(text) || !text.endsWith('>')) return undefined;
  try {
    const root = parseHtml(text);
    // Text that merely starts with "<" parses as text only.
    return root.childNodes.some((node) => node.nodeType === 1) || text.startsWith('<!--') ? root : undefined;
  } catch {
    return undefined;
  }
}

/** Whether raw HTML shows nothing (a comment, empty elements). */
export function blankHtml(root: HTMLElement): boolean {
  return root.querySelectorAll('img').length === 0 && root.text.trim() === '';
}

/** Raw HTML as its text, its images as figures (GitBook's `<figure><img><figcaption>`). */
export function printRawHtml(cursor: Cursor, figures: Figures, root: HTMLElement, frame: Frame): void {
  const images = root.querySelectorAll('img');
  if (images.length === 0) {
    const text = root.text.replace(/[ \t\r\n]+/g, ' ').trim();
    if (text) cursor.rich([{ text, style: { color: frame.color } }], frame);
    return;
  }
  const caption = root.querySelector('figcaption')?.text.replace(/\s+/g, ' ').trim() ?? '';
  images.forEach((img, i) => {
    if (i > 0) cursor.gap(6);
    figures.image({ kind: 'url', url: img.getAttribute('src') ?? '' }, img.getAttribute('alt') ?? '', i === images.length - 1 ? caption : '', frame);
  });
}
