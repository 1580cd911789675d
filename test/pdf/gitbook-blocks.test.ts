import { describe, expect, it } from 'vitest';
import type { JSONDocument } from '../../src-shared/gitbook-markdown/types';
import { renderPdf, type PdfPage, type PdfReferences } from '../../src-main/pdf/render';
import { cards, columns, doc, expandable, fragment, h, link, p, positionsInOrder, stepper, tabs, voidBlock } from './documents';
import { readPdf } from './support';

const references: PdfReferences = {
  page: (id) => ({ guide: { title: 'The guide', url: 'https://docs.example/s/space/guide' }, elsewhere: { title: 'Elsewhere', url: 'https://docs.example/s/space/elsewhere' } })[id],
  file: (id) => (id === 'zip-1' ? { name: 'release.zip', url: 'https://docs.example/files/hash/release.zip?signature=x' } : undefined),
};

/** Prints `document` as page one, then a page "The guide" (id `guide`) for references to lead to. */
async function print(document: JSONDocument) {
  const pages: PdfPage[] = [
    { id: 'home', title: 'Home', markdown: '', document, depth: 0 },
    { id: 'guide', title: 'The guide', markdown: 'Guide text.', depth: 0 },
  ];
  const pdf = await readPdf(await renderPdf(pages, undefined, { title: 'Blocks', references }));
  const guidePage = pdf.pages.findIndex((page) => page.startsWith('The guide'));
  const home = pdf.pages.slice(0, guidePage).join('\n').replace(/\s+/g, ' ');
  return { pdf, home, guidePage };
}

function expectInOrder(text: string, parts: readonly string[]) {
  const positions = positionsInOrder(text, parts);
  expect(Object.fromEntries(parts.map((part, i) => [part, positions[i]! >= 0])), text).toEqual(Object.fromEntries(parts.map((part) => [part, true])));
}

describe('PDF of a document: GitBook blocks', () => {
  it('prints every tab, its title as a small heading followed by its content', async () => {
    const { home } = await print(doc(p('Before.'), tabs(['macOS', p('Open the dmg.')], ['Windows', p('Run the installer.')]), p('After.')));
    expectInOrder(home, ['Before.', 'macOS', 'Open the dmg.', 'Windows', 'Run the installer.', 'After.']);
  });

  it('numbers the steps of a stepper', async () => {
    const { home } = await print(doc(stepper([h(3, 'Install'), p('Get it.')], [h(3, 'Configure'), p('Set it.')])));
    expectInOrder(home, ['1', 'Install', 'Get it.', '2', 'Configure', 'Set it.']);
  });

  it('prints an expandable expanded: its title, then its body', async () => {
    const { home } = await print(doc(expandable('Show the details', p('Hidden on screen, printed here.'))));
    expectInOrder(home, ['Show the details', 'Hidden on screen, printed here.']);
  });

  it('prints columns one after the other', async () => {
    const { home } = await print(doc(columns([p('Left column.')], [p('Right column.')])));
    expectInOrder(home, ['Left column.', 'Right column.']);
  });

  it('prints a content reference as an arrow and the page title, linking inside the PDF to a printed page', async () => {
    const { pdf, home, guidePage } = await print(doc(voidBlock('content-ref', { ref: { kind: 'page', page: 'guide' } }), voidBlock('content-ref', { ref: { kind: 'page', page: 'elsewhere' } })));
    expectInOrder(home, ['→ The guide', '→ Elsewhere']);
    expect(pdf.internalLinks[0]).toEqual([{ destination: 'page:guide', page: guidePage }]);
    // A page this PDF does not print leads to its address.
    expect(pdf.links[0]).toEqual(['https://docs.example/s/space/elsewhere']);
  });

  it('prints an embed as its host and URL, a file as its name, both linked, with their captions', async () => {
    const { pdf, home } = await print(
      doc(
        voidBlock('embed', { url: 'https://www.youtube.com/watch?v=abc' }, [fragment('caption', p('The launch video'))]),
        voidBlock('file', { ref: { kind: 'file', file: 'zip-1' } }, [fragment('caption', p('Latest build'))]),
      ),
    );
    expectInOrder(home, ['youtube.com: https://www.youtube.com/watch?v=abc', 'The launch video', 'File: release.zip', 'Latest build']);
    expect(pdf.links[0]).toEqual(['https://www.youtube.com/watch?v=abc', 'https://docs.example/files/hash/release.zip?signature=x']);
  });

  it('prints a cards table as cards: title linking where the card leads, then its description', async () => {
    const { pdf, home, guidePage } = await print(
      doc(
        cards(
          { title: 'Start here', description: 'The basics.', target: { kind: 'page', page: 'guide' } },
          { title: 'Blog', description: 'News.', target: { kind: 'url', url: 'https://blog.example/' } },
          { title: 'Plain card', description: 'Leads nowhere.' },
        ),
      ),
    );
    expectInOrder(home, ['Start here', 'The basics.', 'Blog (https://blog.example/)', 'News.', 'Plain card', 'Leads nowhere.']);
    expect(pdf.internalLinks[0]).toEqual([{ destination: 'page:guide', page: guidePage }]);
    expect(pdf.links[0]).toEqual(['https://blog.example/']);
  });

  it('names OpenAPI operations in a line, from markdown and as a specification file block', async () => {
    const markdown = '{% openapi-operation spec="petstore" path="/pets" method="get" %}\n[OpenAPI petstore](https://example.com/petstore.yaml)\n{% endopenapi-operation %}';
    const pdf = await readPdf(await renderPdf([{ title: 'API', markdown, depth: 0 }], undefined, { title: 'API' }));
    expect(pdf.pages[0]!.replace(/\s+/g, ' ')).toContain('GET /pets (OpenAPI petstore)');

    const { home, pdf: swaggerPdf } = await print(doc(voidBlock('swagger', { ref: { kind: 'url', url: 'https://example.com/spec.yaml' }, method: 'post', path: '/orders' })));
    expect(home).toContain('POST /orders (OpenAPI https://example.com/spec.yaml)');
    expect(swaggerPdf.links[0]).toEqual(['https://example.com/spec.yaml']);
  });

  it('links page and anchor references inside the PDF, and to the heading when it is printed', async () => {
    const document = doc(
      p(link({ kind: 'page', page: 'guide' }, 'read the guide'), ', ', link({ kind: 'anchor', anchor: 'later' }, 'jump below'), ', ', link({ kind: 'page', page: 'elsewhere' }, 'not printed')),
      ...Array.from({ length: 60 }, (_, i) => p(`Filler paragraph ${i} ${'text '.repeat(30)}`)),
      h(2, 'Later', 'later'),
      p('Landed.'),
    );
    const { pdf, home, guidePage } = await print(document);
    expect(home).toContain('read the guide, jump below, not printed');
    const laterPage = pdf.pages.findIndex((page) => page.includes('Landed.'));
    expect(laterPage).toBeGreaterThan(0);
    expect(pdf.internalLinks[0]).toEqual([
      { destination: 'page:guide', page: guidePage },
      { destination: 'anchor:home#later', page: laterPage },
    ]);
    expect(pdf.links[0]).toEqual(['https://docs.example/s/space/elsewhere']);
  });
});
