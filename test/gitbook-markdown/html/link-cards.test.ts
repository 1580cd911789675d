import { describe, expect, it } from 'vitest';
import type { Block, ContentRef } from '../../../src-shared/gitbook-markdown/types';
import { formatBytes } from '../../../src-shared/gitbook-markdown/html/link-cards';
import { renderDocument } from '../../../src-shared/gitbook-markdown/html/render-document';
import { parse } from 'node-html-parser';
import { doc, expectSafe, key, p, render, renderMarkdown } from './support';

const contentRef = (ref: ContentRef): Block => ({ object: 'block', type: 'content-ref', key: key(), isVoid: true, data: { ref } });
const embed = (url: string, caption?: string): Block => ({
  object: 'block',
  type: 'embed',
  key: key(),
  isVoid: true,
  data: { url },
  ...(caption ? { fragments: [{ object: 'fragment' as const, key: key(), fragment: 'caption', nodes: [p(caption)] }] } : {}),
});

describe('content-refs, embeds and files as HTML', () => {
  it("renders a content-ref as a link card titled with the target page's title", () => {
    const { root } = render(doc(contentRef({ kind: 'page', page: 'p2' }), contentRef({ kind: 'anchor', anchor: 'auth', page: 'p1' })));
    const cards = root.querySelectorAll('a.card-link.content-ref');
    expect(cards.map((card) => [card.getAttribute('href'), card.querySelector('.card-link-title')!.text])).toEqual([
      ['/docs/api', 'API <reference>'],
      ['/docs/getting-started#auth', 'Getting started › auth'],
    ]);
  });

  it('renders a content-ref to a page the reader cannot reach as a card without a link', () => {
    const { root } = render(doc(contentRef({ kind: 'page', page: 'unpublished' })));
    expect(root.querySelectorAll('a')).toHaveLength(0);
    expect(root.querySelector('.content-ref-missing')!.text).toBe('Page not found');
  });

  it('renders an embed as a link card with its host, and no frame', () => {
    const { root } = render(doc(embed('https://user:pw@www.YouTube.com:443/watch?v=x&t=1', 'A <video>')));
    const card = root.querySelector('figure.embed a.card-link')!;
    expect(card.getAttribute('href')).toBe('https://user:pw@www.YouTube.com:443/watch?v=x&t=1');
    expect(card.getAttribute('rel')).toBe('noopener noreferrer');
    expect(card.querySelector('.card-link-title')!.text).toBe('www.youtube.com');
    expect(root.querySelector('figcaption')!.text).toBe('A <video>');
    expect(root.querySelectorAll('iframe')).toHaveLength(0);
  });

  it("titles an embed's card with its page's title, as text, keeping the host and URL as details", () => {
    const url = 'https://www.youtube.com/watch?v=x';
    const html = renderDocument(doc(embed(url)), { href: () => undefined, embedTitle: () => 'Launch <script>alert(1)</script>' });
    const card = parse(html).querySelector('figure.embed a.card-link')!;
    expect(card.querySelector('.card-link-title')!.text).toBe('Launch <script>alert(1)</script>');
    expect(card.querySelectorAll('.card-link-detail').map((detail) => detail.text)).toEqual(['www.youtube.com', url]);
    expect(html).not.toContain('<script>');
  });

  it('does not link an embed of an unsafe URL', () => {
    const { root } = render(doc(embed('javascript:alert(document.cookie)')));
    expect(root.querySelectorAll('a')).toHaveLength(0);
    expectSafe(root);
  });

  it('renders embeds written in markdown', () => {
    expect(renderMarkdown('{% embed url="https://github.com/org/repo" %}\n').root.querySelector('.embed a')!.getAttribute('href')).toBe('https://github.com/org/repo');
  });

  it('renders a file as a download link with its name and size', () => {
    const file: Block = { object: 'block', type: 'file', key: key(), isVoid: true, data: { ref: { kind: 'file', file: 'f1' } }, fragments: [{ object: 'fragment', key: key(), fragment: 'caption', nodes: [p('The report')] }] };
    const { root } = render(doc(file));
    const link = root.querySelector('figure.file a.file-card')!;
    expect(link.getAttribute('href')).toBe('/files/report.pdf');
    expect(link.hasAttribute('download')).toBe(true);
    expect(link.querySelector('.card-link-title')!.text).toBe('report.pdf');
    expect(link.querySelector('.card-link-detail')!.text).toBe('2.0 MB');
    expect(root.querySelector('figcaption')!.text).toBe('The report');
    expect([formatBytes(900), formatBytes(1536), formatBytes(50 * 1024 * 1024)]).toEqual(['900 B', '1.5 KB', '50 MB']);
  });
});
