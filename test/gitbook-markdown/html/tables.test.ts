import { describe, expect, it } from 'vitest';
import type { Fragment, Table, TableDefinition, TableRecord, TableView } from '../../../src-shared/gitbook-markdown/types';
import { doc, expectSafe, key, link, p, render, renderMarkdown } from './support';

function table(view: TableView, definition: TableDefinition[], records: Array<TableRecord['values']>, fragments: Fragment[]): Table {
  return {
    object: 'block',
    type: 'table',
    key: key(),
    isVoid: true,
    data: {
      view,
      definition: Object.fromEntries(definition.map((column) => [column.id, column])),
      // Stored out of order: the order index decides.
      records: Object.fromEntries(records.map((values, i) => [`r${i}`, { orderIndex: `a${i}`, values }]).reverse()),
    },
    fragments,
  };
}
const fragment = (name: string, ...content: Parameters<typeof p>): Fragment => ({ object: 'fragment', key: key(), fragment: name, nodes: [p(...content)] });

describe('tables as HTML', () => {
  it('renders a markdown table as a grid, aligned by class, cells escaped', () => {
    const { html, root } = renderMarkdown('| Name | Size |\n|:-:|--:|\n| a < b & "c" | 1 |\n');
    expect(root.querySelectorAll('th').map((th) => [th.text, th.getAttribute('class')])).toEqual([
      ['Name', 'align-center'],
      ['Size', 'align-right'],
    ]);
    expect(root.querySelectorAll('td').map((td) => td.innerHTML)).toEqual(['a &lt; b &amp; &quot;c&quot;', '1']);
    expect(html).not.toContain('style=');
  });

  it('leaves the header row out when it is hidden, and orders records by their index', () => {
    const block = table(
      { type: 'grid', columns: ['c1'], hideHeader: true },
      [{ id: 'c1', title: 'Word', type: 'text', textAlignment: 'left' }],
      [{ c1: 'first' }, { c1: 'second' }],
      [fragment('first', 'One'), fragment('second', 'Two')],
    );
    const { root } = render(doc(block));
    expect(root.querySelectorAll('thead')).toHaveLength(0);
    expect(root.querySelectorAll('td').map((td) => td.text)).toEqual(['One', 'Two']);
  });

  it('renders a cards table as a grid of link cards with covers and titles', () => {
    const block = table(
      { type: 'cards', columns: ['title', 'text', 'target', 'cover', 'coverDark'], cardSize: 'large', targetDefinition: 'target', coverDefinition: 'cover', coverDefinitionDark: 'coverDark' },
      [
        { id: 'title', title: 'Title', type: 'text', textAlignment: 'left' },
        { id: 'text', title: 'Text', type: 'text', textAlignment: 'left' },
        { id: 'target', title: '', type: 'content-ref' },
        { id: 'cover', title: '', type: 'files' },
        { id: 'coverDark', title: '', type: 'files' },
      ],
      [
        { title: 'f-t1', text: 'f-x1', target: { kind: 'page', page: 'p1' }, cover: ['img1'], coverDark: ['https://x.test/dark.png'] },
        { title: 'f-t2', text: 'f-x2', target: { kind: 'url', url: 'javascript:alert(1)' } },
      ],
      [fragment('f-t1', 'Start <here>'), fragment('f-x1', 'Read ', link({ kind: 'url', url: 'https://x.test' }, 'this')), fragment('f-t2', 'Unsafe'), fragment('f-x2', 'No link')],
    );
    const { root } = render(doc(block));
    const cards = root.querySelectorAll('.cards.cards-large > .card');
    expect(cards.map((card) => card.tagName)).toEqual(['A', 'DIV']);
    expect(cards[0]!.getAttribute('href')).toBe('/docs/getting-started');
    expect(cards[0]!.querySelector('.card-title')!.text).toBe('Start <here>');
    // A link inside a card that is a link is its text: links cannot nest.
    expect(cards[0]!.querySelectorAll('a')).toHaveLength(0);
    expect(cards[0]!.querySelector('.card-text')!.text).toBe('Read this');
    expect(cards[0]!.querySelectorAll('img.card-cover').map((img) => [img.getAttribute('src'), img.getAttribute('class')])).toEqual([
      ['/files/shot.png', 'card-cover image-light'],
      ['https://x.test/dark.png', 'card-cover image-dark'],
    ]);
    expect(cards[1]!.querySelector('.card-title')!.text).toBe('Unsafe');
    expectSafe(root);
  });
});
