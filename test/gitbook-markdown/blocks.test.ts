import { describe, expect, it } from 'vitest';
import type { Code, Hint, List, Paragraph, Quote, Table } from '../../src-shared/gitbook-markdown/types';
import { assertMatchesSchema } from '../support/spec';
import { convert, leavesOf, outline, textOf } from './support';

describe('markdownToDocument: code, quotes, dividers', () => {
  it('maps a fenced code block to code with its language and one code-line per line', () => {
    const doc = convert('```ts\nconst a = 1;\n\n  return a;\n```\n\n    indented\n');
    const [fenced, indented] = doc.nodes as [Code, Code];
    expect(fenced).toMatchObject({ type: 'code', data: { syntax: 'ts' } });
    expect(fenced.nodes.map((line) => [line.type, textOf(line.nodes)])).toEqual([
      ['code-line', 'const a = 1;'],
      ['code-line', ''],
      ['code-line', '  return a;'],
    ]);
    expect(indented.data).toEqual({});
    expect(outline([indented])).toEqual([['code', 'indented']]);
  });

  it('maps quotes, nested quotes and thematic breaks', () => {
    const doc = convert('> Quoted *text*\n> > inner\n\n***\n\n---\n');
    expect(outline(doc.nodes)).toEqual([
      ['blockquote', [['paragraph', 'Quoted text'], ['blockquote', [['paragraph', 'inner']]]]],
      'divider',
      'divider',
    ]);
    expect(doc.nodes[1]).toMatchObject({ object: 'block', type: 'divider', isVoid: true, data: {} });
  });

  it('keeps code inside a quote (which admits no code block) as code-marked text', () => {
    const doc = convert('> ```sh\n> npm ci\n> npm test\n> ```\n');
    const paragraph = (doc.nodes[0] as Quote).nodes[0] as Paragraph;
    expect(paragraph.type).toBe('paragraph');
    expect(leavesOf(paragraph.nodes)).toEqual([['npm ci\nnpm test', ['code']]]);
  });
});

describe('markdownToDocument: tables', () => {
  const markdown = '| Name | **Kind** | Size |\n|:-----|:------:|-----:|\n| a | `b` | [c](http://c.example) |\n| only one |\n';

  it('maps a GFM table to a grid view of text columns, records in order and one fragment per cell', () => {
    const table = convert(markdown).nodes[0] as Table;
    expect(table).toMatchObject({ object: 'block', type: 'table', isVoid: true });
    const { view, definition, records } = table.data;
    expect(view.type).toBe('grid');
    expect(view.type === 'grid' && view.hideHeader).toBe(false);
    expect(view.columns.map((id) => [definition[id]!.title, definition[id]!.type, (definition[id] as { textAlignment: string }).textAlignment])).toEqual([
      ['Name', 'text', 'left'],
      ['Kind', 'text', 'center'],
      ['Size', 'text', 'right'],
    ]);
    const rows = Object.values(records).sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : 1));
    // A text cell's value names the fragment that holds its content, as GitBook's renderer reads it.
    const cell = (row: number, column: number) => table.fragments.find((f) => f.fragment === rows[row]!.values[view.columns[column]!])!;
    // A markdown cell is one paragraph (cells of several blocks: gitbook-html.test.ts).
    const paragraphOf = (row: number, column: number) => cell(row, column).nodes[0] as Paragraph;
    expect(rows.map((_, r) => view.columns.map((_, c) => textOf(paragraphOf(r, c).nodes)))).toEqual([
      ['a', 'b', 'c'],
      ['only one', '', ''],
    ]);
    expect(leavesOf(paragraphOf(0, 1).nodes)).toEqual([['b', ['code']]]);
    expect(paragraphOf(0, 2).nodes[1]).toMatchObject({ type: 'link', data: { ref: { kind: 'url', url: 'http://c.example' } } });
  });

  it('keeps a table inside a list item, which admits tables', () => {
    const doc = convert('- item\n\n  | a |\n  |---|\n  | 1 |\n');
    expect(outline((doc.nodes[0] as List).nodes[0]!.nodes)).toEqual([['paragraph', 'item'], 'table']);
  });
});

describe('markdownToDocument: GitBook hints', () => {
  it.each(['info', 'success', 'warning', 'danger'] as const)('maps a hint tag with style %s to a hint of that style', (style) => {
    const doc = convert(`Before\n{% hint style="${style}" %}\nMind **this**.\n{% endhint %}\nAfter\n`);
    expect(outline(doc.nodes)).toEqual([['paragraph', 'Before'], ['hint', [['paragraph', 'Mind this.']]], ['paragraph', 'After']]);
    expect((doc.nodes[1] as Hint).data).toEqual({ style });
  });

  it('keeps headings and lists in a hint, and turns what a hint cannot hold into what it can', () => {
    const doc = convert(
      '{% hint style="warning" %}\n## Careful\n- one\n- two\n\n```sh\nrm -rf build\n```\n\n> quoted\n\n| k | v |\n|---|---|\n| a | 1 |\n\n![pic](p.png)\n{% endhint %}\n',
    );
    const hint = doc.nodes[0] as Hint;
    expect(outline(hint.nodes)).toEqual([
      ['heading-2', 'Careful'],
      ['list-unordered', [['list-item', [['paragraph', 'one']]], ['list-item', [['paragraph', 'two']]]]],
      ['paragraph', 'rm -rf build'],
      ['paragraph', 'quoted'],
      ['paragraph', 'k | v'],
      ['paragraph', 'a | 1'],
      ['paragraph', '[img]'],
    ]);
    expect(leavesOf((hint.nodes[2] as Paragraph).nodes)).toEqual([['rm -rf build', ['code']]]);
  });

  it('finds hints inside list items and leaves tag lines inside code alone', () => {
    const doc = convert('- step\n  {% hint style="info" %}\n  note\n  {% endhint %}\n\n```md\n{% hint style="info" %}\nx\n{% endhint %}\n```\n');
    expect(outline((doc.nodes[0] as List).nodes[0]!.nodes)).toEqual([['paragraph', 'step'], ['hint', [['paragraph', 'note']]]]);
    expect(outline([doc.nodes[1]!])).toEqual([['code', '{% hint style="info" %}\nx\n{% endhint %}']]);
  });

  it('keeps a tag without its partner as text, and shows an unknown style as info', () => {
    const doc = convert('{% hint style="info" %}\nopen only\n\n{% endhint %}\n{% endhint %}\n\n{% hint style="tip" %}\nt\n{% endhint %}\n\n{% hint style="info" %}\nnever closed\n');
    expect(outline(doc.nodes)).toEqual([
      ['hint', [['paragraph', 'open only']]],
      ['paragraph', '{% endhint %}'],
      ['hint', [['paragraph', 't']]],
      ['paragraph', '{% hint style="info" %}'],
      ['paragraph', 'never closed'],
    ]);
    expect((doc.nodes[2] as Hint).data.style).toBe('info');
  });
});

describe('the schema check these tests rely on', () => {
  it('rejects what the spec forbids: a code block in a hint, an unknown hint style', () => {
    const line = { object: 'block', type: 'code-line', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'x', marks: [] }] }] };
    const code = { object: 'block', type: 'code', data: {}, nodes: [line] };
    const hint = (style: string, nodes: unknown[]) => ({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'hint', data: { style }, nodes }] });
    expect(() => assertMatchesSchema('JSONDocument', hint('info', []))).not.toThrow();
    expect(() => assertMatchesSchema('JSONDocument', hint('info', [code]))).toThrow(/JSONDocument/);
    expect(() => assertMatchesSchema('JSONDocument', hint('tip', []))).toThrow(/JSONDocument/);
  });
});
