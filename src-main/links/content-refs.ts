import type { RefResolver } from '../../src-shared/gitbook-markdown/context';
import type { RefWriter } from '../../src-shared/gitbook-markdown/to-markdown-inline';
import type { Db } from '../store/database';
import { includeResolver, includeScopeOf } from '../content/includes';
import type { MarkdownToDocumentOptions } from '../../src-shared/gitbook-markdown/markdown-to-document';
import { allLiveFiles } from '../store/content-files';
import { allLiveReusables } from '../store/content-reusables';
import { listLivePagesWithoutBodies } from '../store/content-pages';
import { resolveLink, type LinkScope } from './resolve';

/** What a page needs to be placed in GitBook's file layout: its id, parent, path and order. */
export interface LayoutPage {
  page_id: string;
  parent_id: string | null;
  path: string;
  position: number;
  kind: string;
}

interface LayoutFile {
  file_id: string;
  name: string;
}

/**
 * The scope links and document references are resolved against, built once per request from the
 * pages and files of the content being read (main content, a change request or a revision).
 *
 * GitBook writes a space's first page as the repository's top `README.md`, whatever its slug, so
 * the path `''` (what `README.md`, `../README.md` from a folder, or `/` resolve to) is that page,
 * and links written from it are relative to the root.
 */
export function linkScopeOf(
  pages: readonly LayoutPage[],
  files: readonly LayoutFile[],
  appOrigin: string,
  reusables?: ReadonlyArray<{ reusable_id: string; slug: string }>,
): LinkScope {
  return { ...layoutOf(pages, files), appOrigin, ...(reusables ? { includes: includeScopeOf(reusables) } : {}) };
}

/** Where pages and files sit in GitBook's file layout: what resolving needs but the app's origin. */
type ContentLayout = Omit<LinkScope, 'appOrigin'>;

export function layoutOf(pages: readonly LayoutPage[], files: readonly LayoutFile[]): ContentLayout {
  const pageByPath = new Map<string, { page_id: string }>(pages.map((p) => [p.path, p]));
  const pathOfPage = new Map(pages.map((p) => [p.page_id, p.path]));
  const first = firstPage(pages);
  if (first && !pageByPath.has('')) {
    pageByPath.set('', first);
    pathOfPage.set(first.page_id, '');
  }
  return {
    pageByPath,
    pathOfPage,
    hasChildren: new Set(pages.flatMap((p) => (p.parent_id ? [p.parent_id] : []))),
    fileByName: new Map(files.map((f) => [f.name, f])),
  };
}

/** The scope of a content tree now (main content or a change request's), read without page bodies. */
export function treeLinkScope(db: Db, treeId: string, appOrigin: string): LinkScope {
  return linkScopeOf(listLivePagesWithoutBodies(db, treeId), allLiveFiles(db, treeId), appOrigin, allLiveReusables(db, treeId));
}

/** The layout of a content tree now, for writing references (no origin needed). */
export function treeLayout(db: Db, treeId: string): ContentLayout {
  return layoutOf(listLivePagesWithoutBodies(db, treeId), allLiveFiles(db, treeId));
}

/** Builds a scope on first use only, then reuses it: once per request, and not at all for markdown reads. */
export function lazyScope(build: () => LinkScope): () => LinkScope {
  let scope: LinkScope | undefined;
  return () => (scope ??= build());
}

/**
 * GitBook's readme: the first document page in the tree's order. Root-level groups (SUMMARY.md's `##`
 * headings) are not pages of their own, so when the tree opens with one, its first document counts.
 */
function firstPage(pages: readonly LayoutPage[]): LayoutPage | undefined {
  const childrenOf = new Map<string | null, LayoutPage[]>();
  for (const page of pages) childrenOf.set(page.parent_id, [...(childrenOf.get(page.parent_id) ?? []), page]);
  const firstIn = (parent: string | null): LayoutPage | undefined => {
    const children = [...(childrenOf.get(parent) ?? [])].sort((x, y) => x.position - y.position);
    for (const page of children) {
      if (page.kind === 'document') return page;
      if (page.kind === 'group') {
        const inGroup = firstIn(page.page_id);
        if (inGroup) return inGroup;
      }
    }
    return undefined;
  };
  return firstIn(null);
}

/**
 * The resolver `markdownToDocument` takes for one page's body: relative links to pages, anchors and
 * space files become page, anchor and file references (with the rules of `resolveLink`); anything
 * else, broken links included, stays a URL. `sourcePageId` null: a body that is not a page's (links
 * relative to the root).
 */
export function documentRefResolver(scope: LinkScope, sourcePageId: string | null): RefResolver {
  return (url) => {
    const { status, target } = resolveLink(url, sourcePageId ?? '', scope);
    if (status !== 'ok') return undefined;
    if (target.kind === 'file') return { kind: 'file', file: target.fileId };
    if (target.kind !== 'page') return undefined;
    if (target.anchor === undefined) return { kind: 'page', page: target.pageId };
    if (target.anchor === '') return undefined;
    // `#anchor` is on the page the reference is in; `page.md#anchor` names its page, even this one.
    return url.startsWith('#') ? { kind: 'anchor', anchor: target.anchor } : { kind: 'anchor', anchor: target.anchor, page: target.pageId };
  };
}

/**
 * The inverse, for `documentToMarkdown`: references as the relative paths GitBook writes from the
 * page's own file (`../other/page.md`, `page.md#anchor`, `../.gitbook/assets/name.png`), so a
 * document read and written back gives the same markdown. Unknown ids are left to the default.
 */
export function documentRefWriter(scope: ContentLayout, sourcePageId: string | null): RefWriter {
  const nameOfFile = new Map([...scope.fileByName].map(([name, file]) => [file.file_id, name]));
  const from = sourceDir(scope, sourcePageId);
  const fileOfPage = (pageId: string): string | undefined => {
    const path = scope.pathOfPage.get(pageId);
    if (path === undefined) return undefined;
    if (path === '') return 'README.md';
    return scope.hasChildren.has(pageId) ? `${path}/README.md` : `${path}.md`;
  };
  return (ref) => {
    if (ref.kind === 'file') {
      const name = nameOfFile.get(ref.file);
      return name === undefined ? undefined : relativePath(from, ['.gitbook', 'assets', name]);
    }
    if (ref.kind === 'anchor' && ref.page === undefined) return `#${ref.anchor}`;
    const file = fileOfPage(ref.page!);
    if (file === undefined) return undefined;
    const path = relativePath(from, file.split('/'));
    return ref.kind === 'anchor' ? `${path}#${ref.anchor}` : path;
  };
}

/** The folder of a page's file: its own folder for a page with children (`a/README.md`), else its parent's. */
function sourceDir(scope: ContentLayout, sourcePageId: string | null): string[] {
  const path = sourcePageId === null ? '' : (scope.pathOfPage.get(sourcePageId) ?? '');
  const parts = path ? path.split('/') : [];
  return sourcePageId !== null && path && scope.hasChildren.has(sourcePageId) ? parts : parts.slice(0, -1);
}

/**
 * From a folder to a file, both from the root, as a markdown link path. Only what would change the
 * meaning of a path is escaped (`%`, `#`, `?`): a name with spaces is written as it is, as GitBook
 * writes it (`<../.gitbook/assets/image (1).png>`; the markdown writer adds the brackets).
 */
function relativePath(fromDir: readonly string[], to: readonly string[]): string {
  let common = 0;
  while (common < fromDir.length && common < to.length - 1 && fromDir[common] === to[common]) common += 1;
  const segments = [...fromDir.slice(common).map(() => '..'), ...to.slice(common)];
  return segments.map((s) => s.replace(/[%#?]/g, encodeURIComponent)).join('/');
}

/** What converting a body to GitBook's document needs: its links as references, its includes as reusable contents. */
export function documentOptions(scope: LinkScope, sourcePageId: string | null): MarkdownToDocumentOptions {
  return {
    resolveRef: documentRefResolver(scope, sourcePageId),
    ...(scope.includes ? { resolveInclude: includeResolver(scope.includes) } : {}),
  };
}
