import { describe, expect, it } from 'vitest';
import type { RefResolver, RefUsage } from '../../src-shared/gitbook-markdown/context';
import { markdownToDocument } from '../../src-shared/gitbook-markdown/markdown-to-document';
import { documentToMarkdown } from '../../src-shared/gitbook-markdown/to-markdown';
import type { RefWriter } from '../../src-shared/gitbook-markdown/to-markdown-inline';
import type { ContentRef, JSONDocument } from '../../src-shared/gitbook-markdown/types';
import { assertMatchesSchema } from '../support/spec';
import { refTarget } from './support';

// A toy space: pages by file, files by asset path, as a server's resolver would see them.
const PAGES: Record<string, string> = { 'install.md': 'pInstall', '../README.md': 'pHome' };
const FILES: Record<string, string> = { '.gitbook/assets/a b.png': 'fDiagram' };

const resolver =
  (calls: Array<[string, RefUsage]> = []): RefResolver =>
  (url, usage) => {
    calls.push([url, usage]);
    const [path = '', anchor] = decodeURIComponent(url).split('#');
    if (url.startsWith('#')) return { kind: 'anchor', anchor: anchor! };
    const page = PAGES[path];
    if (page) return anchor ? { kind: 'anchor', anchor, page } : { kind: 'page', page };
    const file = FILES[path];
    return file ? { kind: 'file', file } : undefined;
  };

const writer: RefWriter = (ref) => {
  if (ref.kind === 'file') return Object.entries(FILES).find(([, id]) => id === ref.file)?.[0];
  const file = ref.page === undefined ? '' : Object.entries(PAGES).find(([, id]) => id === ref.page)?.[0];
  if (file === undefined) return undefined;
  return ref.kind === 'anchor' ? `${file}#${ref.anchor}` : file;
};

function convert(markdown: string, resolveRef?: RefResolver): JSONDocument {
  const doc = markdownToDocument(markdown, resolveRef ? { resolveRef } : {});
  assertMatchesSchema('JSONDocument', doc, '0.137.0');
  assertMatchesSchema('JSONDocument', doc, 'latest');
  return doc;
}

/** Every reference in a document, in order, as one string each. */
function refsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (!value || typeof value !== 'object') return [];
  const node = value as { data?: { ref?: ContentRef }; nodes?: unknown; fragments?: unknown };
  return [...(node.data?.ref ? [refTarget(node.data.ref)] : []), ...refsOf(node.nodes), ...refsOf(node.fragments)];
}

const BODY = [
  'Read [the guide](install.md), [its Linux part](install.md#linux), [home](../README.md) and [below](#usage).',
  'Inline ![diagram](<.gitbook/assets/a b.png>) and [the site](https://example.com/install.md).',
  '![Diagram](<.gitbook/assets/a b.png>)',
  '![Not an image](install.md)',
  '## Usage',
].join('\n\n');

describe('markdownToDocument: references through the resolver', () => {
  it('keeps every URL a URL reference without a resolver', () => {
    expect(refsOf(convert(BODY).nodes)).toEqual([
      'install.md',
      'install.md#linux',
      '../README.md',
      '#usage',
      '.gitbook/assets/a%20b.png',
      'https://example.com/install.md',
      '.gitbook/assets/a%20b.png',
      'install.md',
    ]);
  });

  it('makes links to pages page references, to anchors anchor references and to space files file references', () => {
    expect(refsOf(convert(BODY, resolver()).nodes)).toEqual([
      'page:pInstall',
      'anchor:pInstall#linux',
      'page:pHome',
      'anchor:#usage',
      'file:fDiagram',
      'https://example.com/install.md',
      'file:fDiagram',
      // An image can show a file or a URL, never a page: what resolves to one stays as written.
      'install.md',
    ]);
  });

  it('asks the resolver once per URL, saying whether a link or an image uses it', () => {
    const calls: Array<[string, RefUsage]> = [];
    convert(BODY, resolver(calls));
    expect(calls).toEqual([
      ['install.md', 'link'],
      ['install.md#linux', 'link'],
      ['../README.md', 'link'],
      ['#usage', 'link'],
      ['.gitbook/assets/a%20b.png', 'image'],
      ['https://example.com/install.md', 'link'],
      ['.gitbook/assets/a%20b.png', 'image'],
      ['install.md', 'image'],
    ]);
  });
});

describe('documentToMarkdown: references through the inverse resolver', () => {
  const doc = (ref: ContentRef) => ({
    object: 'document',
    nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'inline', type: 'link', data: { ref }, nodes: [{ object: 'text', leaves: [{ text: 'x' }] }] }] }],
  });

  it("writes pages, anchors and files as the writer's paths, and what it does not know as Folio's own addresses", () => {
    expect(documentToMarkdown(doc({ kind: 'page', page: 'pInstall' }), { writeRef: writer })).toBe('[x](install.md)\n');
    expect(documentToMarkdown(doc({ kind: 'anchor', anchor: 'linux', page: 'pInstall' }), { writeRef: writer })).toBe('[x](install.md#linux)\n');
    expect(documentToMarkdown(doc({ kind: 'anchor', anchor: 'usage' }), { writeRef: writer })).toBe('[x](#usage)\n');
    expect(documentToMarkdown(doc({ kind: 'file', file: 'fDiagram' }), { writeRef: writer })).toBe('[x](<.gitbook/assets/a b.png>)\n');
    expect(documentToMarkdown(doc({ kind: 'page', page: 'gone' }), { writeRef: writer })).toBe('[x](/pages/gone)\n');
    expect(documentToMarkdown(doc({ kind: 'page', page: 'pInstall' }))).toBe('[x](/pages/pInstall)\n');
  });

  it('gives back the markdown a document was read from', () => {
    // Links and inline images: how image blocks are written is the figures' business.
    const markdown = `${BODY.split('\n\n').slice(0, 2).join('\n\n')}\n`;
    expect(documentToMarkdown(convert(markdown, resolver()), { writeRef: writer })).toBe(markdown);
  });
});
