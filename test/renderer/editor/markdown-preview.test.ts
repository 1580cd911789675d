import { describe, expect, it } from 'vitest';
import { splitSections } from '../../../src-main/search/sections';
import { headingAnchors } from '../../../src-shared/gitbook-markdown/headings';
import { assetName, assetUrl, renderMarkdown } from '../../../src-renderer/src/editor/markdown-preview';

const SAMPLE = [
  'Intro text',
  '# Getting started',
  'Some words.',
  '## Install *the* `folio` CLI ##',
  '```sh',
  '# not a heading',
  '```',
  '## Getting started',
  '### Café & Crème',
  '#### [Linked](https://example.com) title',
  '## ***',
  'Setext heading',
  '===',
  '> # quoted',
].join('\n');

describe('heading anchors', () => {
  it('name headings as the server search sections do', () => {
    const server = splitSections('Page', SAMPLE).map((s) => s.anchor).filter(Boolean);
    expect(headingAnchors(SAMPLE).map((h) => h.anchor)).toEqual(server);
    expect(headingAnchors(SAMPLE).map((h) => h.anchor)).toEqual([
      'getting-started',
      'install-the-folio-cli',
      'getting-started-2',
      'cafe-creme',
      'linked-title',
      'section',
    ]);
  });

  it('give the line of each heading', () => {
    expect(headingAnchors(SAMPLE).map((h) => h.line)).toEqual([1, 3, 7, 8, 9, 10]);
  });
});

describe('markdown preview', () => {
  it('renders headings with the anchors search results point at', () => {
    const html = renderMarkdown(SAMPLE);
    expect(html).toContain('<h1 id="getting-started">Getting started</h1>');
    expect(html).toContain('<h2 id="getting-started-2">Getting started</h2>');
    expect(html).toContain('<h3 id="cafe-creme">Café &amp; Crème</h3>');
    // Only headings the server names get an id.
    expect(html).toContain('<h1>Setext heading</h1>');
    expect(html).toMatch(/<blockquote>\s*<h1>quoted<\/h1>/);
  });

  it('keeps raw HTML as text and links web addresses', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\nSee https://example.com and [docs](https://docs.example.com).');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">https://example.com</a>');
    expect(html).toContain('<a href="https://docs.example.com" target="_blank" rel="noopener noreferrer">docs</a>');
  });

  it('renders space files as images to resolve, and remote images as links', () => {
    const html = renderMarkdown(`![A "diagram"](${assetUrl('my diagram.png')})\n\n![Logo](https://example.com/logo.png)`);
    expect(html).toContain('<img class="markdown-preview__image" data-asset-name="my diagram.png" alt="A &quot;diagram&quot;">');
    expect(html).toContain('href="https://example.com/logo.png"');
    expect(html).toContain('Image not shown in the preview: Logo');
    expect(html).not.toContain('src="https://example.com/logo.png"');
  });

  it('recognises file references the way the server resolves them', () => {
    expect(assetUrl('a b.png')).toBe('.gitbook/assets/a%20b.png');
    expect(assetName('.gitbook/assets/a%20b.png')).toBe('a b.png');
    expect(assetName('../.gitbook/assets/x.png#frag')).toBe('x.png');
    expect(assetName('https://example.com/.gitbook/assets/x.png')).toBeUndefined();
    expect(assetName('images/x.png')).toBeUndefined();
  });

  it('renders an include line as a placeholder naming the reusable content, wherever a block may stand', () => {
    const html = renderMarkdown('Before.\n{% include "../.gitbook/includes/Safety-Check.md" %}\n\n> {% include \'.gitbook/includes/quoted.md\' %}\n');
    expect(html).toContain('<p>Before.</p>\n<div class="markdown-preview__include" data-include-slug="Safety-Check"></div>');
    expect(html).toContain('<blockquote>\n<div class="markdown-preview__include" data-include-slug="quoted"></div>');
  });

  it('keeps an include of a path outside .gitbook/includes, or one inside code, as text', () => {
    const elsewhere = renderMarkdown('{% include "docs/setup.md" %}\n');
    expect(elsewhere).toBe('<p>{% include &quot;docs/setup.md&quot; %}</p>\n');
    const code = renderMarkdown('```\n{% include ".gitbook/includes/a.md" %}\n```\n');
    expect(code).not.toContain('data-include-slug');
    expect(code).toContain('{% include &quot;.gitbook/includes/a.md&quot; %}');
  });
});
