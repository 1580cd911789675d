import type { PageTreeData, TreePage } from '../../components/page-tree/tree-data';
import type { PageFileLocation } from './links';

/**
 * GitBook's readme: the first document in tree order, looking inside leading groups (a group is a
 * SUMMARY.md heading, not a page with a file). Mirrors firstPage in src-main/links/content-refs.ts.
 */
export function firstDocumentId(tree: PageTreeData): string | undefined {
  const firstIn = (ids: string[]): string | undefined => {
    for (const id of ids) {
      const page = tree.pages[id];
      if (page?.type === 'document') return id;
      if (page?.type === 'group') {
        const inGroup = firstIn(page.children);
        if (inGroup) return inGroup;
      }
    }
    return undefined;
  };
  return firstIn(tree.roots);
}

/** Where a page of the tree sits in GitBook's file layout, or undefined without its path. */
export function pageFileLocation(tree: PageTreeData, page: TreePage): PageFileLocation | undefined {
  if (page.path === undefined) return undefined;
  return { path: page.path, hasChildren: page.children.length > 0, isFirst: firstDocumentId(tree) === page.id };
}

/** The documents of the tree whose title contains `query` (case-insensitive), in tree order. */
export function findPages(tree: PageTreeData, query: string, limit = 20): TreePage[] {
  const wanted = query.trim().toLowerCase();
  const found: TreePage[] = [];
  const walk = (ids: string[]) => {
    for (const id of ids) {
      if (found.length >= limit) return;
      const page = tree.pages[id];
      if (!page) continue;
      if (page.type === 'document' && page.title.toLowerCase().includes(wanted)) found.push(page);
      walk(page.children);
    }
  };
  walk(tree.roots);
  return found;
}
