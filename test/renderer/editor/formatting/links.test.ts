import { describe, expect, it } from 'vitest';
import { insertLink, relativePageLink } from '../../../../src-renderer/src/editor/formatting/links';
import { findPages, firstDocumentId, pageFileLocation } from '../../../../src-renderer/src/editor/formatting/page-locations';
import { parsePresentedPages } from '../../../../src-renderer/src/components/page-tree/tree-data';
import { after, stateOf } from './support';

/** A space as content.outline presents it: a readme, a guide with a child, a group with a page. */
const tree = parsePresentedPages([
  { id: 'home', title: 'Welcome', type: 'document', path: 'welcome', pages: [] },
  { id: 'guide', title: 'Guide', type: 'document', path: 'guide', pages: [{ id: 'install', title: 'Install', type: 'document', path: 'guide/install', pages: [] }] },
  { id: 'group', title: 'Reference', type: 'group', path: 'reference', pages: [{ id: 'api', title: 'API', type: 'document', path: 'reference/api', pages: [] }] },
]);
const at = (id: string) => pageFileLocation(tree, tree.pages[id]!)!;

describe('links to pages', () => {
  it('writes the path of the page file relative to the linking page, as GitBook does', () => {
    expect(firstDocumentId(tree)).toBe('home');
    expect(relativePageLink(at('home'), at('install'))).toBe('guide/install.md');
    expect(relativePageLink(at('install'), at('api'))).toBe('../reference/api.md');
    // A page with children is its folder's README.md, and links from inside it start there.
    expect(relativePageLink(at('home'), at('guide'))).toBe('guide/README.md');
    expect(relativePageLink(at('guide'), at('install'))).toBe('install.md');
    // The first page is the top README.md, whatever its slug.
    expect(relativePageLink(at('install'), at('home'))).toBe('../README.md');
  });

  it('links the selection, or inserts the page title as the link text', () => {
    const selected = stateOf('Read «the guide» first');
    expect(after(selected, insertLink(selected, 'guide/README.md', 'Guide'))).toBe('Read [the guide](guide/README.md)| first');
    const cursor = stateOf('See |');
    expect(after(cursor, insertLink(cursor, 'a b.md', 'Page [draft]'))).toBe('See [Page \\[draft\\]](<a b.md>)|');
  });

  it('finds documents by title, not groups', () => {
    expect(findPages(tree, 'in').map((p) => p.id)).toEqual(['install']);
    expect(findPages(tree, 'ref').map((p) => p.id)).toEqual([]);
    expect(findPages(tree, '').map((p) => p.id)).toEqual(['home', 'guide', 'install', 'api']);
  });
});
