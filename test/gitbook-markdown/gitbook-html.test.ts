import { describe, expect, it } from 'vitest';
import { markdownToDocument } from '../../src-shared/gitbook-markdown/markdown-to-document';
import { documentToMarkdown } from '../../src-shared/gitbook-markdown/to-markdown';
import type { SpaceRef } from '../../src-shared/gitbook-markdown/to-markdown-inline';
import type { Code, Heading, Images, InlineImage, Paragraph, Table } from '../../src-shared/gitbook-markdown/types';
import { assertMatchesSchema, type SpecName } from '../support/spec';
import { convert, leavesOf, outline, textOf } from './support';

/**
 * The HTML GitBook writes in its markdown, as GitBook spells it (its git-sync-normalization samples
 * and the corpus): read into the document (validated against the spec by `convert`) and written
 * back byte for byte.
 */
function roundTrip(markdown: string) {
  const doc = convert(markdown);
  expect(documentToMarkdown(doc)).toBe(markdown.endsWith('\n') ? markdown : `${markdown}\n`);
  return doc;
}

/**
 * The same with references resolved as the server resolves them (pages and space files), written
 * back as the paths they were: a cards table's target is a page, its cover a file.
 */
function roundTripResolved(markdown: string, specs: SpecName[] = ['0.137.0', 'latest']) {
  const isFile = (url: string) => url.includes('.gitbook/assets/');
  const doc = markdownToDocument(markdown, {
    resolveRef: (url, usage) => (isFile(url) ? { kind: 'file', file: url } : usage === 'link' && !url.includes('#') ? { kind: 'page', page: url } : undefined),
  });
  for (const spec of specs) assertMatchesSchema('JSONDocument', doc, spec);
  const writeRef = (ref: SpaceRef) => (ref.kind === 'page' ? ref.page : ref.kind === 'file' ? ref.file : undefined);
  expect(documentToMarkdown(doc, { writeRef })).toBe(`${markdown}\n`);
  return doc;
}

const marksOf = (doc: ReturnType<typeof convert>) => leavesOf((doc.nodes[0] as Paragraph).nodes);

describe('GitBook HTML: images', () => {
  it('reads a figure as an images block with its image, alt, width and caption', () => {
    const doc = roundTrip('<figure><img src=".gitbook/assets/a.png" alt="This is ALT text." width="375"><figcaption><p>A <strong>caption</strong></p></figcaption></figure>');
    const images = doc.nodes[0] as Images;
    expect(images).toMatchObject({ type: 'images', data: {} });
    expect(images.nodes[0]!.data).toEqual({ ref: { kind: 'url', url: '.gitbook/assets/a.png' }, alt: 'This is ALT text.', width: 375 });
    expect(leavesOf(images.nodes[0]!.fragments[0]!.nodes[0]!.nodes)).toEqual([['A ', []], ['caption', ['bold']]]);
  });

  it("reads a percentage width as the spec's Length and writes it back as written", () => {
    const doc = roundTrip('<figure><img src=".gitbook/assets/a.png" alt="" width="50%"><figcaption></figcaption></figure>');
    expect((doc.nodes[0] as Images).nodes[0]!.data.width).toEqual({ unit: '%', value: 50 });
    expect(((convert('<figure><img src="a.png" alt="" width="wide"><figcaption></figcaption></figure>').nodes[0] as Images).nodes[0]!.data.width)).toBeUndefined();
  });

  it('reads an empty caption as none and writes it back empty', () => {
    const doc = roundTrip('<figure><img src="b.png" alt=""><figcaption></figcaption></figure>');
    expect((doc.nodes[0] as Images).nodes[0]!.fragments).toEqual([]);
  });

  it('reads a dark and light pair as the image and its dark mode image', () => {
    const doc = roundTrip(
      '<figure><picture><source srcset="../.gitbook/assets/preview-dark.png" media="(prefers-color-scheme: dark)"><img src="../.gitbook/assets/preview-light.png" alt="" width="375"></picture><figcaption><p>Line chart widget preview</p></figcaption></figure>',
    );
    expect((doc.nodes[0] as Images).nodes[0]!.data).toMatchObject({ ref: { url: '../.gitbook/assets/preview-light.png' }, refDark: { url: '../.gitbook/assets/preview-dark.png' } });
  });

  it('reads an aligned figure and several figures in one div as one images block', () => {
    const aligned = roundTrip('<div align="left"><figure><img src="a b.gif" alt="" width="563"><figcaption></figcaption></figure></div>');
    expect((aligned.nodes[0] as Images).data).toEqual({ align: 'left' });
    const several = roundTrip('<div><figure><img src="1.png" alt=""><figcaption></figcaption></figure> <figure><img src="2.png" alt=""><figcaption><p>Two</p></figcaption></figure></div>');
    expect(outline(several.nodes)).toEqual([['images', ['1.png', '2.png']]]);
  });

  it("reads GitBook's older aligned block, a div around markdown, as aligned images", () => {
    const doc = convert('<div align="left" data-full-width="false">\n\n<figure><img src="n.png" alt=""><figcaption><p>Players</p></figcaption></figure>\n\n</div>\n\nAfter.');
    expect(outline(doc.nodes)).toEqual([['images', ['n.png']], ['paragraph', 'After.']]);
    expect((doc.nodes[0] as Images).data).toEqual({ align: 'left', fullWidth: false });
  });

  it('reads an <img> alone as an image block, written back as a figure', () => {
    const doc = convert('<img src="../assets/image (2).png" alt="Scene &#x26; canvas">');
    expect((doc.nodes[0] as Images).nodes[0]!.data).toEqual({ ref: { kind: 'url', url: '../assets/image (2).png' }, alt: 'Scene & canvas' });
    expect(documentToMarkdown(doc)).toBe('<figure><img src="../assets/image (2).png" alt="Scene &#x26; canvas"><figcaption></figcaption></figure>\n');
  });

  it('reads an <img> in a line of text as an inline image with its size', () => {
    const doc = roundTrip('This is an inline image <img src=".gitbook/assets/avatar.png" alt="This is ALT text." data-size="line"> of inline size.');
    const image = (doc.nodes[0] as Paragraph).nodes.find((n) => n.object === 'inline') as InlineImage;
    expect(image).toMatchObject({ type: 'inline-image', data: { ref: { url: '.gitbook/assets/avatar.png' }, alt: 'This is ALT text.', size: 'line' } });
    expect(textOf((doc.nodes[0] as Paragraph).nodes)).toBe('This is an inline image [img] of inline size.');
  });
});

describe('GitBook HTML: tables', () => {
  it('reads a grid table with column widths, alignment and cells of HTML', () => {
    const doc = roundTrip(
      '<table><thead><tr><th width="213.6796875">Check details</th><th align="center">Options</th></tr></thead><tbody>' +
        '<tr><td><strong>Type</strong></td><td>✅ Yes, <a href="authentication.md">see authentication</a>.</td></tr>' +
        '<tr><td><code>4101</code></td><td><p>string</p><p>Optional, default &#x3C;true></p><ul><li><code>/message</code></li><li>b<br>c</li></ul></td></tr></tbody></table>',
    );
    const table = doc.nodes[0] as Table;
    const [first, second] = table.data.view.columns;
    expect(table.data.view).toMatchObject({ type: 'grid', hideHeader: false, columnWidths: { [first!]: 213.6796875 } });
    expect(table.data.definition[second!]).toMatchObject({ title: 'Options', textAlignment: 'center' });
    const cells = table.fragments.map((f) => outline(f.nodes));
    expect(cells).toEqual([
      [['paragraph', 'Type']],
      [['paragraph', 'Yes, see authentication.'.replace(/^/, '✅ ')]],
      [['paragraph', '4101']],
      [['paragraph', 'string'], ['paragraph', 'Optional, default <true>'], ['list-unordered', [['list-item', [['paragraph', '/message']]], ['list-item', [['paragraph', 'b\nc']]]]]],
    ]);
  });

  it('reads a hidden header and a full-width table', () => {
    const hidden = roundTrip('<table data-header-hidden><thead><tr><th></th><th></th></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody></table>');
    expect((hidden.nodes[0] as Table).data.view).toMatchObject({ type: 'grid', hideHeader: true });
    const wide = roundTrip('<table data-full-width="true"><thead><tr><th width="188">Description</th><th>admin</th></tr></thead><tbody><tr><td>Lock</td><td><span data-gb-custom-inline data-tag="emoji" data-code="2705">✅</span></td></tr></tbody></table>');
    expect((wide.nodes[0] as Table).data.fullWidth).toBe(true);
    const emoji = (wide.nodes[0] as Table).fragments[1]!.nodes[0] as Paragraph;
    expect(emoji.nodes[1]).toMatchObject({ object: 'inline', type: 'emoji', data: { code: '2705' } });
  });

  it('reads a cards table: target and cover columns, hidden columns and the cards view', () => {
    const doc = roundTripResolved(
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody>' +
        '<tr><td><mark style="color:blue;"><strong>Email builder</strong></mark></td><td><a href="visual-builders/email-builder.md">email-builder.md</a></td><td><a href=".gitbook/assets/emailbuilder.png">emailbuilder.png</a></td></tr>' +
        '<tr><td>Pages</td><td><a href="visual-builders/page-builder/">page-builder</a></td><td><a href=".gitbook/assets/Page Builder.jpg">Page Builder.jpg</a></td></tr></tbody></table>',
    );
    const table = doc.nodes[0] as Table;
    const [title, target, cover] = Object.keys(table.data.definition);
    expect(table.data.view).toEqual({ type: 'cards', columns: [title], cardSize: 'medium', targetDefinition: target, coverDefinition: cover });
    expect(table.data.definition[target!]).toMatchObject({ type: 'content-ref' });
    expect(table.data.definition[cover!]).toMatchObject({ type: 'files' });
    const [record] = Object.values(table.data.records);
    expect(record!.values[target!]).toEqual({ kind: 'page', page: 'visual-builders/email-builder.md' });
    expect(record!.values[cover!]).toEqual(['.gitbook/assets/emailbuilder.png']);
    expect(leavesOf((table.fragments[0]!.nodes[0] as Paragraph).nodes)[0]![1]).toEqual(['bold', 'color']);
  });

  it('reads large cards with an image cover and a target anchor', () => {
    // An image column's value: a file or URL reference (0.137.0). The newest spec also admits
    // `{ ref }` there, which makes a bare reference match two of its shapes: checked against 0.137.0.
    const doc = roundTripResolved(
      '<table data-card-size="large" data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="image">Cover image</th></tr></thead><tbody>' +
        '<tr><td>Video</td><td><a href="series.md#video-1">#video-1</a></td><td><a href="../../.gitbook/assets/Luca Filice&#x27;s Talk.png">Luca Filice\'s Talk.png</a></td></tr></tbody></table>',
      ['0.137.0'],
    );
    const table = doc.nodes[0] as Table;
    expect(table.data.view).toMatchObject({ type: 'cards', cardSize: 'large' });
    expect(Object.values(table.data.definition).map((d) => d.type)).toEqual(['text', 'content-ref', 'image']);
  });

  it('reads the paragraphs and lists GitBook writes in markdown table cells', () => {
    const doc = convert('| Title 1 | Title 2 |\n| --- | :---: |\n| <p>Content 1</p><p>This is a 2nd line</p> | <ul><li>a</li><li><strong>b</strong></li></ul> |\n');
    const table = doc.nodes[0] as Table;
    expect(table.fragments.map((f) => outline(f.nodes))).toEqual([
      [['paragraph', 'Content 1'], ['paragraph', 'This is a 2nd line']],
      [['list-unordered', [['list-item', [['paragraph', 'a']]], ['list-item', [['paragraph', 'b']]]]]],
    ]);
    expect(documentToMarkdown(doc)).toBe('| Title 1 | Title 2 |\n| --- | :---: |\n| <p>Content 1</p><p>This is a 2nd line</p> | <ul><li>a</li><li><strong>b</strong></li></ul> |\n');
  });
});

describe('GitBook HTML: marks, links and anchors', () => {
  it.each([
    ['<mark style="color:red;">**RED**</mark> text', [['RED', ['bold', 'color']], [' text', []]]],
    ['On <mark style="background-color:$success;">green</mark>', [['On ', []], ['green', ['color']]]],
    ['A <mark style="color:purple;background-color:green;">mix</mark>', [['A ', []], ['mix', ['color']]]],
    ['Press <kbd>Ctrl</kbd> + <kbd>C</kbd>', [['Press ', []], ['Ctrl', ['keyboard']], [' + ', []], ['C', ['keyboard']]]],
    ['x<sup>2</sup> and H<sub>2</sub>O', [['x', []], ['2', ['superscript']], [' and H', []], ['2', ['subscript']], ['O', []]]],
  ])('reads and writes back %s', (markdown, leaves) => {
    const doc = roundTrip(markdown);
    expect(marksOf(doc)).toEqual(leaves);
  });

  it("maps GitBook's colour names back from its CSS", () => {
    const doc = convert('<mark style="color:purple;background-color:green;">mix</mark> <mark style="background-color:$success;">ok</mark>');
    const colors = (doc.nodes[0] as Paragraph).nodes.flatMap((n) => (n.object === 'text' ? n.leaves.flatMap((l) => l.marks.filter((m) => m.type === 'color').map((m) => m.data)) : []));
    expect(colors).toEqual([{ text: 'purple', background: 'green' }, { text: 'default', background: '$success' }]);
  });

  it('reads HTML formatting, links and line breaks in text as marks, links and breaks', () => {
    const doc = convert('<strong>b</strong> <b>b2</b> <em>i</em> <i>i2</i> <s>s</s> <del>d</del> <code>c</code> <a href="https://e.example">link</a><br>next');
    expect(marksOf(doc)).toEqual([
      ['b', ['bold']], [' ', []], ['b2', ['bold']], [' ', []], ['i', ['italic']], [' ', []], ['i2', ['italic']], [' ', []],
      ['s', ['strikethrough']], [' ', []], ['d', ['strikethrough']], [' ', []], ['c', ['code']], [' ', []], ['\nnext', []],
    ]);
    expect((doc.nodes[0] as Paragraph).nodes.find((n) => n.object === 'inline')).toMatchObject({ type: 'link', data: { ref: { url: 'https://e.example' } } });
    // Written as markdown, which reads back the same.
    expect(convert(documentToMarkdown(doc)).nodes.map((n) => JSON.stringify(marksOf({ ...doc, nodes: [n] })))).toEqual([JSON.stringify(marksOf(doc))]);
  });

  it("keeps a heading's anchor as its id and writes it back", () => {
    const doc = roundTrip('## Development Blog <a href="#trivia" id="trivia"></a>\n\n### <mark style="color:yellow;">Colored</mark> <a href="#c" id="c"></a>');
    const [first, second] = doc.nodes as Heading[];
    expect(first).toMatchObject({ data: { id: 'trivia' }, meta: { id: 'trivia' } });
    expect(textOf(first!.nodes)).toBe('Development Blog');
    expect(second).toMatchObject({ data: { id: 'c' }, meta: { id: 'c' } });
  });

  it('keeps HTML the document cannot express as its text, which is written back as that text', () => {
    const doc = convert('A <mark style="color:#ff0000;">hex</mark> colour.');
    expect(textOf((doc.nodes[0] as Paragraph).nodes)).toBe('A <mark style="color:#ff0000;">hex</mark> colour.');
    expect(convert(documentToMarkdown(doc))).toEqual(doc);
  });
});

describe('GitBook HTML: code with bold lines', () => {
  it('reads <pre><code> with <strong> as a code block with bold leaves, and writes it back', () => {
    const markdown = '<pre class="language-javascript"><code class="lang-javascript"><strong>//FAILURE\n</strong>onError: function (error) {\n console.error(\'error: \', error);\n},\n</code></pre>';
    const doc = roundTrip(markdown);
    const code = doc.nodes[0] as Code;
    expect(code.data).toEqual({ syntax: 'javascript' });
    expect(code.nodes.map((line) => leavesOf(line.nodes))).toEqual([
      [['//FAILURE', ['bold']]],
      [['onError: function (error) {', []]],
      [[" console.error('error: ', error);", []]],
      [['},', []]],
    ]);
  });
});
