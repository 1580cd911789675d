import { describe, expect, it } from 'vitest';
import { relativePageLink } from '../../../../src-renderer/src/editor/formatting/links';
import { pageFileLocation } from '../../../../src-renderer/src/editor/formatting/page-locations';
import { pageTitleResolver } from '../../../../src-renderer/src/editor/formatting/page-titles';
import { parsePresentedPages } from '../../../../src-renderer/src/components/page-tree/tree-data';

const tree = parsePresentedPages([
  { id: 'home', title: 'Welcome', type: 'document', path: 'welcome', pages: [] },
  { id: 'guide', title: 'Guide', type: 'document', path: 'guide', pages: [{ id: 'install', title: 'Install Folio', type: 'document', path: 'guide/install', pages: [] }] },
  { id: 'group', title: 'Reference', type: 'group', path: 'reference', pages: [{ id: 'api', title: 'API', type: 'document', path: 'reference/api', pages: [] }] },
]);

describe('titles of linked pages', () => {
  it('names the page a relative .md link leads to, from the linking page’s file', () => {
    const fromInstall = pageTitleResolver(tree, 'install');
    expect(fromInstall('../reference/api.md')).toBe('API');
    expect(fromInstall('../README.md')).toBe('Welcome');
    expect(fromInstall('README.md')).toBe('Guide');
    expect(fromInstall('./install.md#step-2')).toBe('Install Folio');
    const fromHome = pageTitleResolver(tree, 'home');
    expect(fromHome('guide/install.md')).toBe('Install Folio');
    expect(fromHome('guide/README.md')).toBe('Guide');
  });

  it('names every page the link picker links to, from every page', () => {
    const documents = ['home', 'guide', 'install', 'api'];
    for (const from of documents) {
      for (const to of documents) {
        const link = relativePageLink(pageFileLocation(tree, tree.pages[from]!)!, pageFileLocation(tree, tree.pages[to]!)!);
        expect(pageTitleResolver(tree, from)(link)).toBe(tree.pages[to]!.title);
      }
    }
  });

  it('names nothing for a link to no page, a malformed one, or from a page it does not know', () => {
    expect(pageTitleResolver(tree, 'home')('missing.md')).toBeUndefined();
    expect(pageTitleResolver(tree, 'home')('%E0%A4%A.md')).toBeUndefined();
    expect(pageTitleResolver(tree, 'nowhere')('guide/README.md')).toBeUndefined();
  });
});
