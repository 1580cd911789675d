import { describe, expect, it } from 'vitest';
import { markdownToDocument } from '../../src-shared/gitbook-markdown/markdown-to-document';
import { documentToMarkdown } from '../../src-shared/gitbook-markdown/to-markdown';
import type { Hint, InlineLink, List, Paragraph, Table } from '../../src-shared/gitbook-markdown/types';
import { convert, leavesOf, outline, refTarget, textOf } from './support';

/**
 * A document with its keys taken out, and the ids a table derives from its block's key (`k12-c0`,
 * `k12-r0-c1`) made positional: keys count up in conversion order, so they are compared apart.
 */
function withoutKeys(value: unknown): unknown {
  const positional = (s: string) => s.replace(/^k\d+(?=-|$)/, 'K');
  if (Array.isArray(value)) return value.map(withoutKeys);
  if (typeof value === 'string') return positional(value);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'key').map(([k, v]) => [positional(k), withoutKeys(v)]));
}

/** markdown → document → markdown → document: the two documents must be the same. */
function roundTrip(markdown: string) {
  const doc = convert(markdown);
  const written = documentToMarkdown(doc);
  return { doc, written, again: convert(written) };
}

// Every construct markdownToDocument converts, and the markdown corners it handles.
const SAMPLE = [
  '# Install *now*',
  '## Setup `npm`',
  '### Three',
  '#### Four becomes three',
  'Setext title\n============',
  'Plain **bold** *italic* ~~gone~~ `co*de*` ***both*** **`bold code`** and ``a ` b``.',
  'one\ntwo  \nthree\\\nfour',
  'See [the **guide**](https://example.com/guide "Guide"), [ref][r], <https://a.example>, www.b.org and c@d.example.\n\n[r]: ./other.md',
  'Visit example.com or http://example.com/x, not [bad](javascript:alert(1)).',
  '![Diagram](https://x.example/d.png "The flow") ![](b.png)',
  'Text with ![icon](i.svg) inside and [![badge](b.svg)](https://ci.example).',
  '<details>\n<summary>More</summary>\n</details>',
  'Press <kbd>Ctrl</kbd> &amp; &copy; \\*not em\\* 5 * 3 = a_b_c, 1\\. not a list, \\# not a heading, \\> not a quote.',
  'Said[^1].\n\n[^1]: By someone.',
  '- one\n- two\n  1. sub\n  2. sub two\n\n3. three\n4. four',
  '- [x] Done\n- [ ] To do\n- [X] Also done\n- no box',
  '- [x]not a task\n- [ ] a task',
  '- ![shot](s.png)\n- ',
  '1. a\n1. b\n\n- c\n\n* d\n\n- [ ] e\n\n1) f',
  '- > quote in item\n- ```js\n  code in item\n  ```\n- # heading in item\n- ***\n- - nested',
  '10. ten\n11. eleven\n    - deep\n      - deeper',
  '```ts\nconst a = 1;\n\n  return a;\n```',
  '````md\n```js\nnested fence\n```\n````',
  '    indented code',
  '> Quoted *text*\n> > inner\n>\n> - listed',
  '***\n\n---',
  '> ```sh\n> npm ci\n> npm test\n> ```',
  '| Name | **Kind** | Size |\n|:-----|:------:|-----:|\n| a | `b` | [c](http://c.example) |\n| only one |\n| pipe \\| in | `x\\|y` | ![i](i.png) |',
  '- item\n\n  | a |\n  |---|\n  | 1 |',
  '{% hint style="warning" %}\n## Careful\n- one\n- two\n\n```sh\nrm -rf build\n```\n\n> quoted\n\n| k | v |\n|---|---|\n| a | 1 |\n\n![pic](p.png)\n{% endhint %}',
  '{% hint style="success" %}\nAll **set**.\n{% endhint %}\n\n{% hint style="danger" %}\nNo.\n{% endhint %}',
  '- step\n  {% hint style="info" %}\n  note\n  {% endhint %}\n\n```md\n{% hint style="info" %}\nx\n{% endhint %}\n```',
  '{% hint style="info" %}\nopen only\n\n{% endhint %}\n{% endhint %}\n\n{% hint style="tip" %}\nt\n{% endhint %}\n\n{% hint style="info" %}\nnever closed',
];

describe('documentToMarkdown: round trips', () => {
  it.each(SAMPLE.map((markdown) => [markdown.split('\n')[0], markdown]))('gives the same document back: %s', (_, markdown) => {
    const { doc, again } = roundTrip(markdown);
    expect(withoutKeys(again)).toEqual(withoutKeys(doc));
  });

  it('gives the same document back for all of them in one body', () => {
    const { doc, again } = roundTrip(SAMPLE.join('\n\n'));
    // The sample holds every node type the converter produces, and every mark.
    const types = new Set(JSON.stringify(doc).match(/"type":"[a-z0-9-]+"/g));
    for (const type of ['paragraph', 'heading-1', 'heading-2', 'heading-3', 'list-unordered', 'list-ordered', 'list-tasks', 'list-item', 'divider', 'blockquote', 'hint', 'code', 'code-line', 'images', 'image', 'table', 'link', 'inline-image', 'bold', 'italic', 'strikethrough']) {
      expect(types).toContain(`"type":"${type}"`);
    }
    expect(withoutKeys(again)).toEqual(withoutKeys(doc));
  });

  it('writes markdown that is stable: a second round trip writes the same text', () => {
    const { written, again } = roundTrip(SAMPLE.join('\n\n'));
    expect(documentToMarkdown(again)).toBe(written);
  });

  it('writes readable markdown', () => {
    const { written } = roundTrip(
      '# Title\n\nSome **bold** and [a link](https://e.example).\n\n- [x] done\n- [ ] todo\n\n```sh\nnpm ci\n```\n\n{% hint style="info" %}\nNote.\n{% endhint %}\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n',
    );
    expect(written).toBe(
      '# Title\n\nSome **bold** and [a link](https://e.example).\n\n- [x] done\n- [ ] todo\n\n```sh\nnpm ci\n```\n\n{% hint style="info" %}\nNote.\n{% endhint %}\n\n| a | b |\n| --- | :---: |\n| 1 | 2 |\n',
    );
  });
});

// Builders for documents as GitBook clients send them.
const text = (value: string, ...marks: string[]) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: marks.map((type) => ({ object: 'mark', type })) }] });
const paragraph = (...nodes: unknown[]) => ({ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes });
const block = (type: string, nodes: unknown[], data: Record<string, unknown> = {}) => ({ object: 'block', type, isVoid: false, data, nodes });
const item = (...nodes: unknown[]) => block('list-item', nodes);
const link = (ref: unknown, ...nodes: unknown[]) => ({ object: 'inline', type: 'link', isVoid: false, data: { ref }, nodes });
const doc = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes });

/** Converts a client's document to markdown and back, checking the result against GitBook's spec. */
function reread(document: unknown) {
  const markdown = documentToMarkdown(document);
  return { markdown, doc: convert(markdown) };
}

describe('documentToMarkdown: content references', () => {
  it('links pages as /pages/<id>, files as /files/<id>, anchors as #anchor; other kinds keep their text', () => {
    const { markdown, doc: back } = reread(
      doc(
        paragraph(
          text('See '),
          link({ kind: 'page', page: 'pg1' }, text('the page')),
          text(', '),
          link({ kind: 'file', file: 'f1' }, text('the file', 'bold')),
          text(', '),
          link({ kind: 'anchor', anchor: 'setup' }, text('here')),
          text(', '),
          link({ kind: 'anchor', anchor: 'faq', page: 'pg2' }, text('there')),
          text(', '),
          link({ kind: 'user', user: 'u1' }, text('Ann')),
          text(' and '),
          link({ kind: 'url', url: 'https://example.com/a b' }, text('spaced')),
          text('.'),
        ),
      ),
    );
    expect(markdown).toBe('See [the page](/pages/pg1), **[the file](/files/f1)**, [here](#setup), [there](/pages/pg2#faq), Ann and [spaced](<https://example.com/a b>).\n');
    const nodes = (back.nodes[0] as Paragraph).nodes;
    const links = nodes.filter((n): n is InlineLink => n.object === 'inline' && n.type === 'link');
    expect(links.map((l) => [refTarget(l.data.ref), textOf(l.nodes)])).toEqual([
      ['/pages/pg1', 'the page'],
      ['/files/f1', 'the file'],
      ['#setup', 'here'],
      ['/pages/pg2#faq', 'there'],
      ['https://example.com/a%20b', 'spaced'],
    ]);
    expect(textOf(nodes)).toBe('See the page, the file, here, there, Ann and spaced.');
    expect(leavesOf(links[1]!.nodes)).toEqual([['the file', ['bold']]]);
  });

  it('keeps only the text of links markdown would refuse (javascript:, file:)', () => {
    const { markdown, doc: back } = reread(doc(paragraph(link({ kind: 'url', url: 'javascript:alert(1)' }, text('click')), text(' '), { object: 'inline', type: 'inline-image', data: { ref: { kind: 'url', url: 'file:///etc/passwd' }, alt: 'secret' } })));
    expect(markdown).toBe('click secret\n');
    expect((back.nodes[0] as Paragraph).nodes).toHaveLength(1);
  });

  it('writes images (block and inline) from URL and file references, with alt and caption', () => {
    const image = (ref: unknown, alt: string, caption: string) => ({
      object: 'block',
      type: 'image',
      isVoid: true,
      data: { ref, alt },
      fragments: [{ object: 'fragment', fragment: 'caption', nodes: [paragraph(text(caption))] }],
    });
    const { markdown, doc: back } = reread(
      doc(
        block('images', [image({ kind: 'file', file: 'img1' }, 'A "quoted" alt', 'Caption "x"'), image({ kind: 'url', url: 'https://x.example/b.png' }, '', '')]),
        paragraph(text('Icon '), { object: 'inline', type: 'inline-image', isVoid: true, data: { ref: { kind: 'url', url: 'i.svg' }, alt: 'i', caption: 'c' } }, text(' inline.')),
      ),
    );
    // Block images as GitBook writes them: figures (in a div when several), attributes escaped as GitBook does.
    expect(markdown).toBe(
      '<div><figure><img src="/files/img1" alt="A &#x22;quoted&#x22; alt"><figcaption><p>Caption "x"</p></figcaption></figure> ' +
        '<figure><img src="https://x.example/b.png" alt=""><figcaption></figcaption></figure></div>\n\nIcon ![i](i.svg "c") inline.\n',
    );
    expect(outline(back.nodes)).toEqual([['images', ['/files/img1', 'https://x.example/b.png']], ['paragraph', 'Icon [img] inline.']]);
  });
});

describe('documentToMarkdown: lists', () => {
  it('nests lists by indentation, numbers from data.start and writes task boxes', () => {
    const { markdown, doc: back } = reread(
      doc(
        block(
          'list-ordered',
          [
            item(paragraph(text('four')), block('list-tasks', [block('list-item', [paragraph(text('done'))], { checked: true }), block('list-item', [paragraph(text('todo')), block('list-unordered', [item(paragraph(text('deep')))])], { checked: false })])),
            item(block('hint', [paragraph(text('careful'))], { style: 'danger' })),
          ],
          { start: 4 },
        ),
        block('list-ordered', [item(paragraph(text('a separate list')))]),
      ),
    );
    expect(markdown).toBe(
      '4. four\n\n   - [x] done\n   - [ ] todo\n\n     - deep\n5.\n   {% hint style="danger" %}\n   careful\n   {% endhint %}\n\n1) a separate list\n',
    );
    expect(outline(back.nodes)).toEqual([
      ['list-ordered', [
        ['list-item', [
          ['paragraph', 'four'],
          ['list-tasks', [
            ['list-item', [['paragraph', 'done']]],
            ['list-item', [['paragraph', 'todo'], ['list-unordered', [['list-item', [['paragraph', 'deep']]]]]]],
          ]],
        ]],
        ['list-item', [['hint', [['paragraph', 'careful']]]]],
      ]],
      ['list-ordered', [['list-item', [['paragraph', 'a separate list']]]]],
    ]);
    const [first] = back.nodes as [List];
    expect(first.data).toEqual({ start: 4 });
    expect((first.nodes[0]!.nodes[1] as List).nodes.map((i) => i.data.checked)).toEqual([true, false]);
  });

  it('keeps adjacent lists apart and keeps an item that starts with a divider an item', () => {
    const { doc: back } = reread(doc(block('list-unordered', [item(paragraph(text('a')))]), block('list-tasks', [item(paragraph(text('b')))]), block('list-unordered', [item({ object: 'block', type: 'divider', isVoid: true, data: {} })])));
    expect(outline(back.nodes)).toEqual([
      ['list-unordered', [['list-item', [['paragraph', 'a']]]]],
      // A task list none of whose items says whether it is checked: every item gets a box.
      ['list-tasks', [['list-item', [['paragraph', 'b']]]]],
      ['list-unordered', [['list-item', ['divider']]]],
    ]);
  });
});

describe('documentToMarkdown: tables', () => {
  const table = {
    object: 'block',
    type: 'table',
    isVoid: true,
    data: {
      view: { type: 'grid', columns: ['c1', 'c2', 'c3', 'c4', 'c5'], hideHeader: false },
      definition: {
        c1: { id: 'c1', title: 'Name', type: 'text', textAlignment: 'left' },
        c2: { id: 'c2', title: 'N|um', type: 'number' },
        c3: { id: 'c3', title: 'Ok', type: 'checkbox' },
        c4: { id: 'c4', title: 'Tag', type: 'select', multiple: true, options: [{ value: 'v1', label: 'Red', color: 'red' }] },
        c5: { id: 'c5', title: 'Notes', type: 'text', textAlignment: 'center' },
      },
      // Out of order on purpose: rows follow orderIndex.
      records: {
        r2: { orderIndex: 'a2', values: { c1: 'f21', c2: 7, c3: false, c4: [], c5: 'plain value' } },
        r1: { orderIndex: 'a1', values: { c1: 'f11', c2: 3.5, c3: true, c4: ['v1'], c5: 'f15' } },
      },
    },
    fragments: [
      { object: 'fragment', fragment: 'f11', nodes: [paragraph(text('Alpha', 'bold'), text(' a|b'))] },
      { object: 'fragment', fragment: 'f21', nodes: [paragraph(text('Beta')), paragraph(text('second\nline'))] },
      { object: 'fragment', fragment: 'f15', nodes: [block('list-unordered', [item(paragraph(text('x'))), item(paragraph(text('y', 'code')))])] },
    ],
  };

  it('writes a GFM table: view columns, definition titles and alignment, records in order, cells from fragments', () => {
    const { markdown, doc: back } = reread(doc(table));
    expect(markdown).toBe(
      '| Name | N\\|um | Ok | Tag | Notes |\n' +
        '| --- | --- | --- | --- | :---: |\n' +
        // A cell of several paragraphs or a list: GitBook's HTML in the cell.
        '| **Alpha** a\\|b | 3.5 | \\[x\\] | Red | <ul><li>x</li><li><code>y</code></li></ul> |\n' +
        '| <p>Beta</p><p>second<br>line</p> | 7 | \\[ \\] |  | plain value |\n',
    );
    const read = back.nodes[0] as Table;
    const { columns } = read.data.view;
    expect(columns.map((id) => [read.data.definition[id]!.title, (read.data.definition[id] as { textAlignment: string }).textAlignment])).toEqual([
      ['Name', 'left'],
      ['N|um', 'left'],
      ['Ok', 'left'],
      ['Tag', 'left'],
      ['Notes', 'center'],
    ]);
    const rows = Object.values(read.data.records).sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : 1));
    const cell = (r: number, c: number) => outline(read.fragments.find((f) => f.fragment === rows[r]!.values[columns[c]!])!.nodes);
    const one = (text: string) => [['paragraph', text]];
    expect(rows.map((_, r) => columns.map((_, c) => cell(r, c)))).toEqual([
      [one('Alpha a|b'), one('3.5'), one('[x]'), one('Red'), [['list-unordered', [['list-item', one('x')], ['list-item', one('y')]]]]],
      [[...one('Beta'), ...one('second\nline')], one('7'), one('[ ]'), one(''), one('plain value')],
    ]);
  });

  it('keeps the text of blocks in cells that a one-line cell cannot lay out', () => {
    const inner = {
      object: 'block',
      type: 'table',
      data: { view: { type: 'grid', columns: ['x', 'y'] }, definition: { x: { id: 'x', title: 'X', type: 'text' }, y: { id: 'y', title: 'Y', type: 'number' } }, records: { r: { orderIndex: 'a0', values: { x: 'fx', y: 2 } } } },
      fragments: [{ object: 'fragment', fragment: 'fx', nodes: [paragraph(text('x1'))] }],
    };
    const outer = {
      object: 'block',
      type: 'table',
      data: { view: { type: 'grid', columns: ['c'] }, definition: { c: { id: 'c', title: 'C', type: 'text' } }, records: { r: { orderIndex: 'a0', values: { c: 'fc' } } } },
      fragments: [{ object: 'fragment', fragment: 'fc', nodes: [block('tabs', [block('tabs-item', [paragraph(text('tab body'))], { title: 'Tab' })]), inner, block('code', [block('code-line', [text('a|b')])])] }],
    };
    expect(reread(doc(outer)).markdown).toBe('| C |\n| --- |\n| **Tab**<br>tab body<br>X \\| Y<br>x1 \\| 2<br>`a\\|b` |\n');
  });

  it('round-trips a table converted from markdown exactly', () => {
    const { doc: first, again } = roundTrip('| A | B |\n|:-:|--:|\n| **1** | `2` |\n| | [x](u) |\n');
    expect(withoutKeys(again)).toEqual(withoutKeys(first));
  });
});

describe('documentToMarkdown: hints, quotes and code', () => {
  it.each(['info', 'success', 'warning', 'danger'])('writes a %s hint as GitBook hint tags', (style) => {
    const { markdown, doc: back } = reread(doc(block('hint', [paragraph(text('Mind')), paragraph(text('this', 'bold'))], { style })));
    expect(markdown).toBe(`{% hint style="${style}" %}\nMind\n\n**this**\n{% endhint %}\n`);
    expect((back.nodes[0] as Hint).data).toEqual({ style });
    expect(outline(back.nodes)).toEqual([['hint', [['paragraph', 'Mind'], ['paragraph', 'this']]]]);
  });

  it('writes an unknown style as info, and a hint in a quote (which markdown cannot frame) as its content', () => {
    const hint = block('hint', [paragraph(text('inside'))], { style: 'info' });
    const { markdown, doc: back } = reread(doc(block('hint', [paragraph(text('odd'))], { style: 'tip' }), block('blockquote', [hint, block('list-unordered', [item(paragraph(text('item')), hint)])])));
    expect(markdown).toBe('{% hint style="info" %}\nodd\n{% endhint %}\n\n> inside\n>\n> - item\n>\n>   inside\n');
    expect(outline(back.nodes)).toEqual([
      ['hint', [['paragraph', 'odd']]],
      ['blockquote', [['paragraph', 'inside'], ['list-unordered', [['list-item', [['paragraph', 'item'], ['paragraph', 'inside']]]]]]],
    ]);
  });

  it('writes code blocks fenced with their syntax, and code where GitBook admits none as markdownToDocument reads it', () => {
    const line = (value: string) => block('code-line', [text(value)]);
    const code = block('code', [line('echo "```"'), line(''), line('  done')], { syntax: 'sh' });
    const { markdown, doc: back } = reread(doc(code, block('blockquote', [code])));
    expect(markdown).toBe('````sh\necho "```"\n\n  done\n````\n\n> ````sh\n> echo "```"\n>\n>   done\n> ````\n');
    expect(outline(back.nodes)).toEqual([
      ['code', 'echo "```"\n\n  done'],
      ['blockquote', [['paragraph', 'echo "```"\n\n  done']]],
    ]);
  });
});

describe('documentToMarkdown: text and marks', () => {
  it('keeps the text of marks markdown has no syntax for, and marks on both sides of punctuation', () => {
    const { markdown, doc: back } = reread(
      doc(paragraph(text('Note:', 'bold'), text('text '), text('key', 'keyboard'), text(' '), text('red', 'color', 'italic'), text(' a'), text('(b)', 'bold'), text('c'))),
    );
    // `**Note:**text` would not be bold in markdown: the colon moves out of the mark, the text stays.
    // Keyboard is GitBook's `<kbd>`; a colour without its data has no tag to write.
    expect(markdown).toBe('**Note**:text <kbd>key</kbd> *red* a(**b**)c\n');
    expect(leavesOf((back.nodes[0] as Paragraph).nodes)).toEqual([
      ['Note', ['bold']],
      [':text ', []],
      ['key', ['keyboard']],
      [' ', []],
      ['red', ['italic']],
      [' a(', []],
      ['b', ['bold']],
      [')c', []],
    ]);
  });

  it('escapes what markdown would read as syntax, so text reads back as itself', () => {
    const tricky = '# *not* _em_ `code` [link](x) <b> &amp; ~~s~~ | www.example.com a@b.co http://x.example {% hint style="info" %}';
    const lines = [tricky, '- dash', '1. one', '> gt', '    four spaces', '---', '{% endhint %}'];
    const { doc: back } = reread(doc(paragraph(text(lines.join('\n'))), paragraph(text(`${tricky} `, 'italic'))));
    expect(textOf((back.nodes[0] as Paragraph).nodes)).toBe(lines.join('\n'));
    expect(leavesOf((back.nodes[0] as Paragraph).nodes)).toHaveLength(1);
    expect(leavesOf((back.nodes[1] as Paragraph).nodes)).toEqual([[tricky, ['italic']], [' ', []]]);
  });

  it('writes headings at their level, a line break in a heading-1 or -2 as a setext heading', () => {
    const { markdown, doc: back } = reread(doc(block('heading-1', [text('Title #')]), block('heading-2', [text('two\nlines')]), block('heading-3', [text('three\nlines')])));
    expect(markdown).toBe('# Title \\#\n\ntwo\\\nlines\n---\n\n### three lines\n');
    expect(outline(back.nodes)).toEqual([['heading-1', 'Title #'], ['heading-2', 'two\nlines'], ['heading-3', 'three lines']]);
  });

  it('leaves out empty paragraphs, which markdown cannot hold, and writes nothing for an empty document', () => {
    expect(documentToMarkdown(doc(paragraph(text('')), paragraph(), paragraph(text('x'))))).toBe('x\n');
    expect(documentToMarkdown(doc())).toBe('');
    expect(documentToMarkdown({ nodes: [] })).toBe('');
  });
});

describe('documentToMarkdown: blocks markdown has no syntax for', () => {
  it("keeps the text of emoji, mentions, annotations and unknown inlines, and writes math as GitBook's formulas", () => {
    const { markdown, doc: back } = reread(
      doc(
        paragraph(
          text('ok '),
          { object: 'inline', type: 'emoji', isVoid: true, data: { code: '1f44d' } },
          text(' '),
          { object: 'inline', type: 'inline-math', isVoid: true, data: { formula: 'a_1' } },
          text(' '),
          { object: 'inline', type: 'icon', isVoid: true, data: { icon: 'github' } },
          { object: 'inline', type: 'mention', isVoid: true, data: { ref: { kind: 'page', page: 'p9' } } },
          text(' '),
          { object: 'inline', type: 'annotation', isVoid: false, data: {}, nodes: [text('annotated')], fragments: [{ object: 'fragment', type: 'annotation-body', nodes: [paragraph(text('The note.'))] }] },
          text(' '),
          { object: 'inline', type: 'something-new', nodes: [text('kept', 'italic')] },
        ),
        block('math', [], { formula: 'x^2' }),
      ),
    );
    expect(markdown).toBe('ok 👍 $$a_1$$ [/pages/p9](/pages/p9) annotated *kept*\n\nThe note.\n\n$$\nx^2\n$$\n');
    expect(outline(back.nodes)).toEqual([['paragraph', 'ok 👍 [img] /pages/p9 annotated kept'], ['paragraph', 'The note.'], ['math', 'x^2']]);
    expect((back.nodes[0] as Paragraph).nodes[1]).toMatchObject({ type: 'inline-math', data: { formula: 'a_1' } });
  });

  it("writes expandables, tabs and steppers as GitBook's tags, which read back as the same blocks", () => {
    const { markdown, doc: back } = reread(
      doc(
        {
          object: 'block',
          type: 'expandable',
          isVoid: true,
          data: {},
          fragments: [
            { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [paragraph(text('More '), text('info', 'italic'))] },
            { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: [paragraph(text('Hidden.'))] },
          ],
        },
        block('tabs', [block('tabs-item', [paragraph(text('brew install'))], { title: 'macOS' }), block('tabs-item', [paragraph(text('apt install'))], { title: 'Linux' })]),
        block('stepper', [block('stepper-step', [block('list-unordered', [item(paragraph(text('one')))])]), block('stepper-step', [block('list-unordered', [item(paragraph(text('two')))])])]),
      ),
    );
    expect(markdown).toBe(
      [
        '<details>\n\n<summary>More <em>info</em></summary>\n\nHidden.\n\n</details>',
        '{% tabs %}\n{% tab title="macOS" %}\nbrew install\n{% endtab %}\n\n{% tab title="Linux" %}\napt install\n{% endtab %}\n{% endtabs %}',
        '{% stepper %}\n{% step %}\n- one\n{% endstep %}\n\n{% step %}\n- two\n{% endstep %}\n{% endstepper %}\n',
      ].join('\n\n'),
    );
    expect(outline(back.nodes)).toEqual([
      ['expandable', 'More info', [['paragraph', 'Hidden.']]],
      ['tabs', [['tabs-item', [['paragraph', 'brew install']]], ['tabs-item', [['paragraph', 'apt install']]]]],
      ['stepper', [['stepper-step', [['list-unordered', [['list-item', [['paragraph', 'one']]]]]]], ['stepper-step', [['list-unordered', [['list-item', [['paragraph', 'two']]]]]]]]],
    ]);
  });

  it("writes columns, embeds, files and content references as GitBook's tags, and keeps the text of unknown blocks", () => {
    const { markdown } = reread(
      doc(
        block('columns', [block('column', [paragraph(text('left'))]), block('column', [block('some-future-block', [text('inline text')])])]),
        { object: 'block', type: 'embed', isVoid: true, data: { url: 'https://youtu.be/x' } },
        { object: 'block', type: 'file', isVoid: true, data: { ref: { kind: 'file', file: 'f9' } } },
        { object: 'block', type: 'content-ref', isVoid: true, data: { ref: { kind: 'page', page: 'p3' } } },
        { object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: 'rc' } } },
        // Not even a block: its text is still kept.
        { object: 'mystery', nodes: [paragraph(text('deep text'))] },
        text('stray text'),
      ),
    );
    expect(markdown).toBe(
      [
        '{% columns %}\n{% column %}\n\nleft\n{% endcolumn %}\n\n{% column %}\n\ninline text\n{% endcolumn %}\n{% endcolumns %}',
        '{% embed url="https://youtu.be/x" %}',
        '{% file src="/files/f9" %}',
        '{% content-ref url="/pages/p3" %}\n[/pages/p3](/pages/p3)\n{% endcontent-ref %}',
        'deep text',
        'stray text\n',
      ].join('\n\n'),
    );
  });
});

describe('documentToMarkdown: input checks', () => {
  it.each([
    [null, /must be a JSON object, not null/],
    ['text', /must be a JSON object, not "text"/],
    [[], /must be a JSON object, not an array/],
    [42, /must be a JSON object, not a number/],
    [{}, /^a document must have a "nodes" array$/],
    [{ object: 'document', nodes: 'x' }, /must have a "nodes" array, not "x"/],
    [{ object: 'block', type: 'paragraph', nodes: [] }, /"object" must be "document", not "block"/],
  ])('refuses %j', (input, message) => {
    expect(() => documentToMarkdown(input)).toThrow(message);
  });

  it('refuses a document nested deeper than markdown can hold, rather than overflow the stack', () => {
    let node: unknown = paragraph(text('deep'));
    for (let i = 0; i < 10_000; i += 1) node = block('blockquote', [node]);
    expect(() => documentToMarkdown(doc(node))).toThrow(/nests deeper than \d+ levels/);
  });

  it('reads malformed nodes as best it can instead of failing', () => {
    expect(documentToMarkdown(doc(null, 7, 'a string', paragraph(null, { object: 'text', leaves: 'x' }, { object: 'text', leaves: [{ text: 'ok', marks: 'bold' }] })))).toBe('a string\n\nok\n');
  });

  it('reads the JSON.parse of what a client sends', () => {
    const sent = JSON.parse(JSON.stringify(markdownToDocument('# Hi\n\n- a\n- b\n')));
    expect(documentToMarkdown(sent)).toBe('# Hi\n\n- a\n- b\n');
  });
});
