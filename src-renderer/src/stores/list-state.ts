import type { Page } from '../api/types';

/**
 * One list on the page. `ready` keeps what was loaded while a further page loads (`loadingMore`) or fails
 * to (`moreError`), so a failed "Load more" never hides the rows already shown.
 */
export type ListState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: T[]; count: number; nextPage?: string; loadingMore: boolean; moreError?: string };

export type ReadyList<T> = Extract<ListState<T>, { status: 'ready' }>;

export const IDLE: ListState<never> = { status: 'idle' };
export const LOADING: ListState<never> = { status: 'loading' };

export function listFailed(message: string): ListState<never> {
  return { status: 'error', message };
}

export function firstPage<T>(page: Page<T>): ReadyList<T> {
  return { status: 'ready', items: page.items, count: page.count, nextPage: page.next?.page, loadingMore: false };
}

export function withNextPage<T>(list: ReadyList<T>, page: Page<T>): ReadyList<T> {
  return {
    status: 'ready',
    items: [...list.items, ...page.items],
    count: page.count,
    nextPage: page.next?.page,
    loadingMore: false,
  };
}
