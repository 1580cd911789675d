import { childrenIndex, type PageView } from '../content/presenter';
import type { PageMeta } from '../content/tree-model';

/** A page of the exported space with what its file and its SUMMARY.md entry need. */
export interface ExportPage {
  id: string;
  kind: 'document' | 'group' | 'link';
  title: string;
  slug: string;
  /** Slugs from the root (a group's slug included), as /v1 presents it. */
  path: string;
  meta: PageMeta;
  children: ExportPage[];
  /** The repository file of a document page (none for groups and links). */
  file?: string;
}

/**
 * The page tree in order, each document page given its file as GitBook's Git Sync lays a space out:
 * the space's first page is `README.md`, a page with pages below it `<path>/README.md`, any other
 * `<path>.md`. Since an import takes slugs from file names, these are the files it read.
 */
export function exportTree(views: PageView[]): ExportPage[] {
  const index = childrenIndex(views);
  const build = (parent: string | null): ExportPage[] =>
    (index.get(parent) ?? []).map((view) => ({
      id: view.page_id,
      kind: view.kind === 'group' || view.kind === 'link' ? view.kind : 'document',
      title: view.title,
      slug: view.slug,
      path: view.path,
      meta: JSON.parse(view.meta) as PageMeta,
      children: build(view.page_id),
    }));
  const pages = build(null);
  let first = true;
  const assign = (list: ExportPage[]) => {
    for (const page of list) {
      if (page.kind === 'document') {
        page.file = first ? 'README.md' : page.children.length > 0 ? `${page.path}/README.md` : `${page.path}.md`;
        first = false;
      }
      assign(page.children);
    }
  };
  assign(pages);
  return pages;
}

export function flattenTree(pages: ExportPage[]): ExportPage[] {
  return pages.flatMap((page) => [page, ...flattenTree(page.children)]);
}
