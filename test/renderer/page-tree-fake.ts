import type { PageOutline } from '../../src-main/content/outline-presenter';
import { vi } from 'vitest';
import type { PageTreeClient } from '../../src-renderer/src/components/page-tree/page-tree-store';
import { serverError } from './fake-client';

/** A page as the fake server keeps it; order is the order of the array. */
export interface FakePage {
  id: string;
  title: string;
  emoji?: string;
  type?: 'document' | 'group' | 'link';
  parent?: string | null;
  href?: string;
}

type Placement = { parent?: string | null; before?: string; after?: string };

/**
 * The content procedures of the page tree, answering from an array of pages the way the server does
 * (nested pages as /v1 presents them, placements by parent / before / after, delete with the pages below,
 * restore in place). Each procedure is a vi.fn, so a test can look at calls or replace an answer.
 */
export function fakePageTreeClient(initial: FakePage[] = [], commentCounts: Record<string, number> = {}) {
  const pages: FakePage[] = initial.map((p) => ({ parent: null, type: 'document', ...p }));
  const trash = new Map<string, { pages: FakePage[]; index: number }>();
  let created = 0;
  const find = (id: string) => {
    const page = pages.find((p) => p.id === id);
    if (!page) throw serverError(`Page "${id}" not found`);
    return page;
  };
  const below = (id: string): string[] => pages.filter((p) => p.parent === id).flatMap((p) => [p.id, ...below(p.id)]);
  const place = (page: FakePage, at: Placement) => {
    const anchor = at.before ?? at.after;
    if (anchor && find(anchor).parent !== (page.parent ?? null)) throw serverError(`before: "${anchor}" is not a page beside it`, 'BAD_REQUEST', 400);
    const index = anchor ? pages.findIndex((p) => p.id === anchor) + (at.after ? 1 : 0) : pages.length;
    pages.splice(index, 0, page);
  };
  /** The outline as content.outline answers it. */
  const present = (parent: string | null, index = childrenIndex(pages)): PageOutline[] =>
    (index.get(parent) ?? []).map((p) => ({
      id: p.id,
      title: p.title,
      ...(p.emoji ? { emoji: p.emoji } : {}),
      type: p.type ?? 'document',
      ...(p.href ? { href: p.href } : {}),
      pages: present(p.id, index),
    }));

  const client = {
    content: {
      outline: {
        query: vi.fn(async (_input: { spaceId: string; changeRequestId?: string }) => ({
          revision: 'rev',
          pages: present(null),
          commentCounts: { ...commentCounts },
        })),
      },
      createPage: {
        mutate: vi.fn(async (input: { spaceId: string; title: string; parent?: string | null } & Placement) => {
          created += 1;
          const page: FakePage = { id: `new-${created}`, title: input.title, type: 'document', parent: input.parent ?? null };
          place(page, input);
          return { pageId: page.id, revision: 'rev' };
        }),
      },
      updatePage: {
        mutate: vi.fn(async (input: { pageId: string; title?: string; emoji?: string | null }) => {
          const page = find(input.pageId);
          if (input.title !== undefined) page.title = input.title;
          if (input.emoji !== undefined) page.emoji = input.emoji ?? undefined;
          return { revision: 'rev' };
        }),
      },
      movePage: {
        mutate: vi.fn(async (input: { pageId: string } & Placement) => {
          const page = find(input.pageId);
          const parent = input.parent === undefined ? page.parent : input.parent;
          if (parent && (parent === page.id || below(page.id).includes(parent))) {
            throw serverError('parent: a page cannot be moved under itself or one of its own pages', 'BAD_REQUEST', 400);
          }
          pages.splice(pages.indexOf(page), 1);
          page.parent = parent ?? null;
          place(page, input);
          return { revision: 'rev' };
        }),
      },
      deletePage: {
        mutate: vi.fn(async (input: { pageId: string }) => {
          const page = find(input.pageId);
          const ids = new Set([page.id, ...below(page.id)]);
          const index = pages.indexOf(page);
          trash.set(page.id, { pages: pages.filter((p) => ids.has(p.id)), index });
          for (const id of ids) pages.splice(pages.findIndex((p) => p.id === id), 1);
          return { revision: 'rev' };
        }),
      },
      restorePage: {
        mutate: vi.fn(async (input: { pageId: string }) => {
          const deleted = trash.get(input.pageId);
          if (!deleted) throw serverError(`pageId: the page "${input.pageId}" is not deleted`, 'BAD_REQUEST', 400);
          trash.delete(input.pageId);
          pages.splice(deleted.index, 0, ...deleted.pages);
          return { revision: 'rev', restored: deleted.pages.map((p) => p.id) };
        }),
      },
    },
  } satisfies PageTreeClient;
  return { client, pages, commentCounts };
}

function childrenIndex(pages: FakePage[]): Map<string | null, FakePage[]> {
  const index = new Map<string | null, FakePage[]>();
  for (const page of pages) {
    const siblings = index.get(page.parent ?? null);
    if (siblings) siblings.push(page);
    else index.set(page.parent ?? null, [page]);
  }
  return index;
}

/** Titles of the tree as the server has it: nested arrays for pages with children. */
export function serverOutline(pages: FakePage[], parent: string | null = null): unknown[] {
  return pages
    .filter((p) => (p.parent ?? null) === parent)
    .map((p) => {
      const children = serverOutline(pages, p.id);
      return children.length ? [p.title, children] : p.title;
    });
}
