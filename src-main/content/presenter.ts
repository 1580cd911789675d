import { createHash } from 'node:crypto';
import type { PresentContext } from '../app/context';
import { markdownToDocument } from '../../src-shared/gitbook-markdown/markdown-to-document';
import { documentOptions } from '../links/content-refs';
import type { LinkScope } from '../links/resolve';
import type { PageMeta } from './tree-model';

/** The fields of a page the presenters need, whether read now or at a past revision. */
export interface PageView {
  page_id: string;
  parent_id: string | null;
  position: number;
  kind: string;
  title: string;
  slug: string;
  path: string;
  meta: string;
  created_at: string;
  updated_at: string;
}


const DEFAULT_LAYOUT = {
  width: 'default',
  cover: true,
  coverSize: 'hero',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  // 0.202's additions, at GitBook's defaults.
  coverMask: 'none',
  tags: true,
  actions: true,
  anchors: true,
};

interface PagePresentOptions {
  spaceId: string;
  /**
   * The body of a document page. GitBook's schema requires every document page to carry its body
   * (`markdown` or `document`: its "Empty" variant admits no other property), listings included.
   */
  markdownOf: (pageId: string) => string;
  /**
   * The body's format for this page (`format` of the single-page reads): `markdown` (the default)
   * or GitBook's JSON `document`, derived from the markdown. Pages nested under `pages` keep
   * markdown, as listings do, so one read converts one body.
   */
  format?: 'markdown' | 'document';
  /** Nest children under `pages` (the tree listing). */
  children?: Map<string | null, PageView[]>;
  /**
   * The pages and files of the content being read, for `format=document`: links to pages, anchors
   * and files become references. Called at most once per page presented; the caller memoizes it.
   */
  linkScope?: () => LinkScope;
  /**
   * The stored body of a page, to give the page presented its `documentId` (GitBook's id of the document
   * holding the page body): the SHA-256 of the stored markdown (not of `markdownOf`'s Git Sync spelling), the
   * id `content_bodies` keeps it under and GET /spaces/{spaceId}/documents/{documentId} reads. Single-page
   * reads give it; listings do not hash every body. An empty page has none.
   */
  storedMarkdownOf?: (pageId: string) => string;
}

export function presentPage(view: PageView, pc: PresentContext, options: PagePresentOptions): Record<string, unknown> {
  const meta = JSON.parse(view.meta) as PageMeta;
  const { format, storedMarkdownOf, ...nested } = options;
  const pages = (options.children?.get(view.page_id) ?? []).map((child) => presentPage(child, pc, nested));
  // Each answer is written out from `id` on, not `{ ...common, kind, ... }`: on Node 20, every property added
  // after a leading spread costs about a microsecond, and a tree listing presents every page (bench http).
  const emoji = meta.emoji ? { emoji: meta.emoji } : undefined;
  const icon = meta.icon ? { icon: meta.icon } : undefined;
  if (view.kind === 'group') {
    return {
      id: view.page_id, title: view.title, ...emoji, ...icon, createdAt: view.created_at, updatedAt: view.updated_at,
      kind: 'group', type: 'group', slug: view.slug, path: view.path, pages, hidden: meta.hidden ?? false,
    };
  }
  if (view.kind === 'link') {
    // GitBook's RevisionPageLink: a navigation entry pointing elsewhere, with no content of its own. The target
    // is the address as written (resolving a relative `page.md#anchor` into a page reference is the content
    // model's job, issue 15).
    const href = meta.href ?? '';
    return {
      id: view.page_id, title: view.title, ...emoji, ...icon, createdAt: view.created_at, updatedAt: view.updated_at,
      kind: 'link', type: 'link', target: { kind: 'url', url: href }, href, hidden: meta.hidden ?? false,
    };
  }
  return {
    id: view.page_id, title: view.title, ...emoji, ...icon, createdAt: view.created_at, updatedAt: view.updated_at,
    kind: 'sheet',
    type: 'document',
    // Folio's pages carry no tags.
    tags: [],
    urls: { app: `${pc.baseUrl}/s/${options.spaceId}/${view.path}` },
    slug: view.slug,
    path: view.path,
    ...(meta.description ? { description: meta.description } : {}),
    pages,
    layout: { ...DEFAULT_LAYOUT, ...(meta.options?.layout as Record<string, unknown> | undefined) },
    ...coverOf(meta.options?.cover),
    hidden: meta.hidden ?? false,
    ...(storedMarkdownOf ? documentIdOf(storedMarkdownOf(view.page_id)) : {}),
    ...(format === 'document' ? { document: documentOf(view.page_id, options) } : { markdown: options.markdownOf(view.page_id) }),
  };
}

function documentIdOf(markdown: string): { documentId?: string } {
  return markdown === '' ? {} : { documentId: createHash('sha256').update(markdown, 'utf8').digest('hex') };
}

/** GitBook's RevisionPageDocumentCover, for a page whose stored cover names an image (a bare offset shows nothing). */
function coverOf(cover: unknown): { cover?: { ref: unknown; yPos: number } } {
  const stored = cover as { ref?: { kind?: string }; yPos?: unknown } | undefined;
  if (!stored?.ref || (stored.ref.kind !== 'file' && stored.ref.kind !== 'url')) return {};
  return { cover: { ref: stored.ref, yPos: typeof stored.yPos === 'number' ? stored.yPos : 0 } };
}

/** A page's body as GitBook's document, its links to the space's pages and files as references. */
function documentOf(pageId: string, options: PagePresentOptions) {
  return markdownToDocument(options.markdownOf(pageId), options.linkScope ? documentOptions(options.linkScope(), pageId) : {});
}

/** Groups page views by parent, siblings in order. */
export function childrenIndex(views: PageView[]): Map<string | null, PageView[]> {
  const index = new Map<string | null, PageView[]>();
  for (const view of [...views].sort((a, b) => a.position - b.position)) {
    const siblings = index.get(view.parent_id);
    if (siblings) siblings.push(view);
    else index.set(view.parent_id, [view]);
  }
  return index;
}

/** The nested page tree of a content tree. */
export function presentPageTree(views: PageView[], pc: PresentContext, spaceId: string, markdownOf: (pageId: string) => string) {
  const children = childrenIndex(views);
  return (children.get(null) ?? []).map((view) => presentPage(view, pc, { spaceId, children, markdownOf }));
}
