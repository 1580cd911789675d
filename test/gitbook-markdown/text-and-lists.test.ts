import { describe, expect, it } from 'vitest';
import type { Heading, ImageBlock, Images, InlineImage, InlineLink, List, Paragraph } from '../../src-shared/gitbook-markdown/types';
import { convert, keysOf, leavesOf, outline, refTarget, textOf } from './support';

describe('markdownToDocument: text', () => {
  it('maps # to ### onto heading-1..3, deeper headings onto heading-3, each with a unique anchor', () => {
    const doc = convert('# Install\n\n## Setup *now*\n\n### Three\n\n#### Four\n\n###### Six\n\nSetup now\n---------\n');
    expect(outline(doc.nodes)).toEqual([
      ['heading-1', 'Install'],
      ['heading-2', 'Setup now'],
      ['heading-3', 'Three'],
      ['heading-3', 'Four'],
      ['heading-3', 'Six'],
      ['heading-2', 'Setup now'],
    ]);
    expect(doc.nodes.map((h) => (h as Heading).meta.id)).toEqual(['install', 'setup-now', 'three', 'four', 'six', 'setup-now-2']);
    expect(leavesOf((doc.nodes[1] as Heading).nodes)).toEqual([['Setup ', []], ['now', ['italic']]]);
  });

  it('turns bold, italic, strikethrough and inline code into marks on leaves', () => {
    const doc = convert('Plain **bold** *italic* ~~gone~~ `co*de*` ***both*** **`bold code`**');
    const paragraph = doc.nodes[0] as Paragraph;
    expect(paragraph.type).toBe('paragraph');
    expect(leavesOf(paragraph.nodes)).toEqual([
      ['Plain ', []],
      ['bold', ['bold']],
      [' ', []],
      ['italic', ['italic']],
      [' ', []],
      ['gone', ['strikethrough']],
      [' ', []],
      ['co*de*', ['code']],
      [' ', []],
      ['both', ['bold', 'italic']],
      [' ', []],
      ['bold code', ['bold', 'code']],
    ]);
    // One text node: leaves with different marks live in the same text.
    expect(paragraph.nodes).toHaveLength(1);
  });

  it('joins soft-wrapped lines with a space and keeps hard breaks as newlines', () => {
    const doc = convert('one\ntwo  \nthree\\\nfour');
    expect(textOf((doc.nodes[0] as Paragraph).nodes)).toBe('one two\nthree\nfour');
  });

  it('makes links inline nodes with a url ref, text between them, for every way markdown writes one', () => {
    const doc = convert('See [the **guide**](https://example.com/guide "Guide"), [ref][r], <https://a.example>, www.b.org and c@d.example.\n\n[r]: ./other.md\n');
    const nodes = (doc.nodes[0] as Paragraph).nodes;
    const links = nodes.filter((n): n is InlineLink => n.object === 'inline' && n.type === 'link');
    expect(links.map((l) => [l.data.ref, textOf(l.nodes)])).toEqual([
      [{ kind: 'url', url: 'https://example.com/guide' }, 'the guide'],
      [{ kind: 'url', url: './other.md' }, 'ref'],
      [{ kind: 'url', url: 'https://a.example' }, 'https://a.example'],
      [{ kind: 'url', url: 'http://www.b.org' }, 'www.b.org'],
      [{ kind: 'url', url: 'mailto:c@d.example' }, 'c@d.example'],
    ]);
    expect(leavesOf(links[0]!.nodes)).toEqual([['the ', []], ['guide', ['bold']]]);
    // Slate's normal form, which GitBook documents follow: text first, last and between inlines.
    expect(nodes.map((n) => n.object)).toEqual(['text', 'inline', 'text', 'inline', 'text', 'inline', 'text', 'inline', 'text', 'inline', 'text']);
    expect(doc.nodes).toHaveLength(1); // the definition is not content
  });

  it('links bare text only where GFM does: www. and schemes, not a bare domain', () => {
    const doc = convert('Visit example.com or http://example.com/x.');
    const links = (doc.nodes[0] as Paragraph).nodes.filter((n) => n.object === 'inline');
    expect(links.map((l) => refTarget((l as InlineLink).data.ref))).toEqual(['http://example.com/x']);
    expect(textOf((doc.nodes[0] as Paragraph).nodes)).toBe('Visit example.com or http://example.com/x.');
  });

  it('makes a paragraph of images an images block, with alt and the title as caption', () => {
    const doc = convert('![Diagram](https://x.example/d.png "The flow") ![](b.png)\n\nText with ![icon](i.svg) inside.');
    const images = doc.nodes[0] as Images;
    expect(images).toMatchObject({ type: 'images', isVoid: false });
    const [first, second] = images.nodes as [ImageBlock, ImageBlock];
    expect(first.data).toEqual({ ref: { kind: 'url', url: 'https://x.example/d.png' }, alt: 'Diagram' });
    expect(first.fragments).toHaveLength(1);
    expect(first.fragments[0]).toMatchObject({ object: 'fragment', fragment: 'caption' });
    expect(textOf(first.fragments[0]!.nodes[0]!.nodes)).toBe('The flow');
    expect(second).toMatchObject({ type: 'image', isVoid: true, data: { ref: { kind: 'url', url: 'b.png' } }, fragments: [] });

    const inline = (doc.nodes[1] as Paragraph).nodes.find((n) => n.object === 'inline') as InlineImage;
    expect(inline).toMatchObject({ type: 'inline-image', isVoid: true, data: { ref: { kind: 'url', url: 'i.svg' }, alt: 'icon' } });
  });

  it('keeps raw HTML as text instead of dropping it', () => {
    // (`<details>` with a `<summary>` is GitBook's expandable: see tags.test.ts; the HTML GitBook
    // writes, `<kbd>` among it, is read as what it means: see gitbook-html.test.ts.)
    const doc = convert('<section>\n<span>More</span>\n</section>\n\nPress <abbr>Ctrl</abbr>.');
    expect(outline(doc.nodes)).toEqual([
      ['paragraph', '<section>\n<span>More</span>\n</section>'],
      ['paragraph', 'Press <abbr>Ctrl</abbr>.'],
    ]);
  });

  it('keeps footnotes as text', () => {
    const doc = convert('Said[^1].\n\n[^1]: By someone.\n');
    expect(outline(doc.nodes)).toEqual([['paragraph', 'Said[^1].'], ['paragraph', '[^1]: By someone.']]);
  });
});

describe('markdownToDocument: lists', () => {
  it('maps bullet and numbered lists, keeping nesting and the first number', () => {
    const doc = convert('- one\n- two\n  1. sub\n  2. sub two\n\n3. three\n4. four\n');
    expect(outline(doc.nodes)).toEqual([
      ['list-unordered', [
        ['list-item', [['paragraph', 'one']]],
        ['list-item', [['paragraph', 'two'], ['list-ordered', [['list-item', [['paragraph', 'sub']]], ['list-item', [['paragraph', 'sub two']]]]]]],
      ]],
      ['list-ordered', [['list-item', [['paragraph', 'three']]], ['list-item', [['paragraph', 'four']]]]],
    ]);
    expect((doc.nodes[0] as List).data).toEqual({});
    expect((doc.nodes[1] as List).data).toEqual({ start: 3 });
  });

  it('maps task lists to list-tasks with checked on each item', () => {
    const doc = convert('- [x] Done\n- [ ] To do\n- [X] Also done\n');
    const list = doc.nodes[0] as List;
    expect(list.type).toBe('list-tasks');
    expect(list.nodes.map((item) => [item.data.checked, textOf((item.nodes[0] as Paragraph).nodes)])).toEqual([
      [true, 'Done'],
      [false, 'To do'],
      [true, 'Also done'],
    ]);
  });

  it('needs whitespace after a task marker, as GFM does', () => {
    const doc = convert('- [x]not a task\n- [ ] a task\n');
    const list = doc.nodes[0] as List;
    expect(list.type).toBe('list-tasks');
    expect(list.nodes.map((item) => [item.data.checked, textOf((item.nodes[0] as Paragraph).nodes)])).toEqual([
      [undefined, '[x]not a task'],
      [false, 'a task'],
    ]);
  });

  it('turns a block image in a list item into an inline image, which a list item admits', () => {
    const doc = convert('- ![shot](s.png)\n- \n');
    const [withImage, empty] = (doc.nodes[0] as List).nodes;
    expect(withImage!.nodes[0]!.type).toBe('paragraph');
    expect((withImage!.nodes[0] as Paragraph).nodes[1]).toMatchObject({ type: 'inline-image', data: { ref: { url: 's.png' }, alt: 'shot' } });
    // An empty item still holds a line, as GitBook's editor would.
    expect(outline(empty!.nodes)).toEqual([['paragraph', '']]);
  });
});

describe('markdownToDocument: determinism', () => {
  const sample = '# A\n\nText [l](u) ![i](j)\n\n- [ ] t\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n{% hint style="info" %}\nh\n{% endhint %}\n';

  it('gives the same document, keys included, for the same markdown', () => {
    expect(convert(sample)).toEqual(convert(sample));
  });

  it('gives every node a key, unique in the document', () => {
    const keys = keysOf(convert(sample).nodes);
    expect(keys.length).toBeGreaterThan(20);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives an empty body an empty document', () => {
    expect(convert('')).toEqual({ object: 'document', data: {}, nodes: [] });
    expect(convert('\n\n  \n').nodes).toEqual([]);
  });
});
