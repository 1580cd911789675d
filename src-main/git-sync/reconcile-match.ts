import type { PageView } from '../content/presenter';
import type { PageRecord } from '../content/tree-model';
import { exportTree, flattenTree } from '../export/page-tree';
import type { ImportedPage } from '../import/plan';
import { importedPageFields } from '../import/write-plan';

/**
 * Which current page of a tree each page of an import plan is (plan page → page id), so that a page keeps
 * its id, its history and its comments across a sync. Each current page is claimed at most once.
 *
 * Document pages are matched by their repository file, since that is what git knows them by: the current
 * page's file is the one the export gives it (export/page-tree.ts), the plan page's the one it was read
 * from, taken back through git's renames so that a renamed file is still its page. A page that gained or
 * lost its first child changes file (`guide.md` ↔ `guide/README.md`) without git seeing a rename; the
 * other form of its file is tried last. Groups (and made-up folder pages, which have no file) are matched
 * under their matched parent by slug, else by title; links under their matched parent by where they point.
 */
export function matchPlanPages(
  plan: readonly ImportedPage[],
  views: readonly PageView[],
  records: ReadonlyMap<string, PageRecord>,
  renames: ReadonlyMap<string, string> = new Map(),
): Map<ImportedPage, string> {
  const matched = new Map<ImportedPage, string>();
  const claimed = new Set<string>();
  const claim = (page: ImportedPage, id: string | undefined) => {
    if (!id || claimed.has(id) || matched.has(page)) return;
    matched.set(page, id);
    claimed.add(id);
  };

  const byFile = new Map<string, string>();
  for (const page of flattenTree(exportTree([...views]))) if (page.file) byFile.set(page.file, page.id);
  const renamedFrom = new Map([...renames].map(([from, to]) => [to, from]));
  const documents = flattenPlan(plan).filter((page) => (page.kind ?? 'document') === 'document' && page.file);
  // Renames first: a file renamed away and a new file put at its old path are two pages, the old page the renamed one.
  for (const page of documents) {
    const from = renamedFrom.get(page.file!);
    if (from !== undefined) claim(page, byFile.get(from));
  }
  for (const page of documents) claim(page, byFile.get(page.file!));
  for (const page of documents) claim(page, byFile.get(otherFormOf(page.file!)));

  // Groups, links and file-less pages, top down: each needs its parent's match first.
  const childrenOf = new Map<string | null, PageRecord[]>();
  for (const view of views) {
    const record = records.get(view.page_id);
    if (record) childrenOf.set(view.parent_id, [...(childrenOf.get(view.parent_id) ?? []), record]);
  }
  const walk = (pages: readonly ImportedPage[], parentId: string | null | undefined) => {
    for (const page of pages) {
      if (!matched.has(page) && parentId !== undefined) {
        const fields = importedPageFields(page, new Map());
        const candidates = (childrenOf.get(parentId) ?? []).filter((record) => record.kind === fields.kind && !claimed.has(record.id));
        if (fields.kind === 'link') claim(page, candidates.find((record) => record.href === fields.href)?.id);
        else if (!page.file) {
          claim(page, candidates.find((record) => record.slug === fields.slug)?.id);
          claim(page, candidates.find((record) => record.title === fields.title)?.id);
        }
      }
      // A page without a match is created: nothing under it can be matched by its parent.
      walk(page.children, matched.get(page));
    }
  };
  walk(plan, null);
  return matched;
}

export function flattenPlan(pages: readonly ImportedPage[]): ImportedPage[] {
  return pages.flatMap((page) => [page, ...flattenPlan(page.children)]);
}

/** `guide.md` ↔ `guide/README.md`: a page's file with and without pages below it. */
function otherFormOf(file: string): string {
  if (/^readme\.md$/i.test(file)) return file; // the space's first page: no other form
  const readme = /^(.+)\/README\.md$/i.exec(file);
  if (readme) return `${readme[1]}.md`;
  return file.replace(/\.(md|markdown)$/i, '/README.md');
}
