import type { PageTreeData } from '../../components/page-tree/tree-data';
import { fileOf } from './links';
import { pageFileLocation } from './page-locations';

/**
 * The title of the page a relative `.md` link of page `fromId` leads to (`../guides/setup.md`,
 * `setup/README.md#anchor`), found by the files of the tree's pages in GitBook's layout, as import and
 * `/v1` resolve such links. The live preview names content-ref cards with it.
 */
export function pageTitleResolver(tree: PageTreeData, fromId: string): (path: string) => string | undefined {
  const from = tree.pages[fromId];
  const fromLocation = from ? pageFileLocation(tree, from) : undefined;
  if (!fromLocation) return () => undefined;
  const titles = new Map<string, string>();
  for (const page of Object.values(tree.pages)) {
    const location = page.type === 'document' ? pageFileLocation(tree, page) : undefined;
    if (location) titles.set(fileOf(location).join('/'), page.title);
  }
  const folder = fileOf(fromLocation).slice(0, -1);
  return (path) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path.split('#', 1)[0]!);
    } catch {
      return undefined;
    }
    const parts = [...folder];
    for (const part of decoded.split('/')) {
      if (part === '..') parts.pop();
      else if (part !== '.' && part !== '') parts.push(part);
    }
    return titles.get(parts.join('/'));
  };
}
