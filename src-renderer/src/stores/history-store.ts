import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../api/errors';
import type { AppRouter } from '../api/types';
import type { FeatureDependencies } from './feature-dependencies';
import { firstPage, IDLE, listFailed, LOADING, type ListState, withNextPage } from './list-state';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

export type RevisionEntry = Outputs['revisions']['list']['items'][number];
export type RevisionHeader = Outputs['revisions']['page']['revision'];
export type RevisionPage = NonNullable<Outputs['revisions']['page']['page']>;
export type RevisionOutlineItem = Outputs['revisions']['pages']['pages'][number];

/** The slice of the tRPC client the history uses. */
export interface HistoryClient {
  revisions: {
    list: { query(input: Inputs['revisions']['list']): Promise<Outputs['revisions']['list']> };
    page: { query(input: Inputs['revisions']['page']): Promise<Outputs['revisions']['page']> };
    pages: { query(input: Inputs['revisions']['pages']): Promise<Outputs['revisions']['pages']> };
  };
}

/** The page shown read-only at a revision; `missing` when it did not exist then (with the pages that did). */
export type RevisionView =
  | { status: 'idle' }
  | { status: 'loading'; key: string }
  | { status: 'error'; key: string; message: string }
  | { status: 'ready'; key: string; revision: RevisionHeader; page: RevisionPage }
  | { status: 'missing'; key: string; revision: RevisionHeader; pages: RevisionOutlineItem[] };

export interface HistoryState {
  /** The space whose history `list` holds. */
  spaceId?: string;
  list: ListState<RevisionEntry>;
  view: RevisionView;
  /** Loads the first page of a space's history (again, to refresh it). */
  load(spaceId: string): Promise<void>;
  loadMore(): Promise<void>;
  /** Shows a page as it was at a revision; the same page again keeps what is shown unless `force`. */
  showPage(spaceId: string, revisionId: string, pageId: string, force?: boolean): Promise<void>;
  /** Opens a revision from the list: the open page at it, or else the first page it changed. */
  openRevision(entry: RevisionEntry): void;
  /** Back to the live content. */
  closeRevision(): void;
}

export type HistoryStore = StoreApi<HistoryState>;

/** Entries per "Load more": a screenful, since each entry costs the server a few queries. */
export const HISTORY_PAGE_SIZE = 20;

export function createHistoryStore({ client, onUnauthorized, navigation }: FeatureDependencies<HistoryClient>): HistoryStore {
  // Answers that arrive after a newer request (another space, another revision) are dropped.
  let listRequest = 0;
  let viewRequest = 0;

  const failure = (error: unknown): string => {
    const { message, unauthorized } = describeError(error);
    if (unauthorized) onUnauthorized(message);
    return message;
  };

  return createStore<HistoryState>()((set, get) => ({
    list: IDLE,
    view: { status: 'idle' },

    async load(spaceId) {
      const request = ++listRequest;
      // A refresh of the same space keeps its rows on screen until the answer replaces them.
      if (get().spaceId !== spaceId || get().list.status !== 'ready') set({ spaceId, list: LOADING });
      try {
        const page = await client.revisions.list.query({ spaceId, limit: HISTORY_PAGE_SIZE });
        if (request === listRequest) set({ list: firstPage(page) });
      } catch (error) {
        if (request === listRequest) set({ list: listFailed(failure(error)) });
      }
    },

    async loadMore() {
      const { list, spaceId } = get();
      if (list.status !== 'ready' || !list.nextPage || list.loadingMore || !spaceId) return;
      const request = listRequest;
      set({ list: { ...list, loadingMore: true, moreError: undefined } });
      try {
        const page = await client.revisions.list.query({ spaceId, limit: HISTORY_PAGE_SIZE, page: list.nextPage });
        const current = get().list;
        if (request === listRequest && current.status === 'ready') set({ list: withNextPage(current, page) });
      } catch (error) {
        const current = get().list;
        if (request === listRequest && current.status === 'ready') set({ list: { ...current, loadingMore: false, moreError: failure(error) } });
      }
    },

    async showPage(spaceId, revisionId, pageId, force = false) {
      const key = `${spaceId}/${revisionId}/${pageId}`;
      const { view } = get();
      if (!force && view.status !== 'idle' && view.status !== 'error' && view.key === key) return;
      const request = ++viewRequest;
      set({ view: { status: 'loading', key } });
      try {
        const answer = await client.revisions.page.query({ spaceId, revisionId, pageId });
        if (request !== viewRequest) return;
        if (answer.page) {
          set({ view: { status: 'ready', key, revision: answer.revision, page: answer.page } });
          return;
        }
        // The page did not exist then: offer the pages that did.
        const outline = await client.revisions.pages.query({ spaceId, revisionId });
        if (request === viewRequest) set({ view: { status: 'missing', key, revision: outline.revision, pages: outline.pages } });
      } catch (error) {
        if (request === viewRequest) set({ view: { status: 'error', key, message: failure(error) } });
      }
    },

    openRevision(entry) {
      const nav = navigation.getState();
      nav.openRevision(entry.id);
      if (nav.pageId) return;
      const changed = entry.changes.sample.find((page) => page.change !== 'removed');
      if (changed) nav.openPage(changed.pageId);
    },

    closeRevision() {
      viewRequest += 1;
      set({ view: { status: 'idle' } });
      navigation.getState().openRevision(undefined);
    },
  }));
}
