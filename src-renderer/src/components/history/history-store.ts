import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { AppRouter } from '../../api/types';
import type { FeatureDependencies } from '../../stores/feature-dependencies';
import { firstPage, IDLE, listFailed, LOADING, type ListState, withNextPage } from '../../stores/list-state';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

export type RevisionEntry = Outputs['revisions']['list']['items'][number];
type RevisionHeader = Outputs['revisions']['page']['revision'];
export type RevisionPage = NonNullable<Outputs['revisions']['page']['page']>;
/** The same page in the current content, for comparing; null when it is deleted now. */
export type PageNow = Outputs['revisions']['page']['now'];
type RevisionOutlineItem = Outputs['revisions']['content']['pages'][number];

/** The slice of the tRPC client the history uses. */
export interface HistoryClient {
  revisions: {
    list: { query(input: Inputs['revisions']['list']): Promise<Outputs['revisions']['list']> };
    page: { query(input: Inputs['revisions']['page']): Promise<Outputs['revisions']['page']> };
    content: { query(input: Inputs['revisions']['content']): Promise<Outputs['revisions']['content']> };
    restorePage: { mutate(input: Inputs['revisions']['restorePage']): Promise<Outputs['revisions']['restorePage']> };
    restoreSpace: { mutate(input: Inputs['revisions']['restoreSpace']): Promise<Outputs['revisions']['restoreSpace']> };
  };
}

/** The page shown read-only at a revision; `missing` when it did not exist then (with the pages that did). */
type RevisionView =
  | { status: 'idle' }
  | { status: 'loading'; key: string }
  | { status: 'error'; key: string; message: string }
  | { status: 'ready'; key: string; revision: RevisionHeader; page: RevisionPage; now: PageNow }
  | { status: 'missing'; key: string; revision: RevisionHeader; pages: RevisionOutlineItem[] };

/** How a page at a revision is shown: as it read then, or as the changes from then to now. */
export type RevisionViewMode = 'rendered' | 'changes';

/** Restoring the shown revision: a page, or the whole space. Asked first, then confirmed. */
export type RestoreScope = 'page' | 'space';
export type RestoreState =
  | { status: 'idle' }
  | { status: 'confirming' | 'restoring'; scope: RestoreScope }
  | { status: 'error'; scope: RestoreScope; message: string };

export interface HistoryState {
  /** The space whose history `list` holds. */
  spaceId?: string;
  list: ListState<RevisionEntry>;
  view: RevisionView;
  mode: RevisionViewMode;
  restore: RestoreState;
  /** What the last restore did, for the live region ("“Setup” restored to …"): the page's title (for a page) and the revision's time. */
  restored?: { scope: RestoreScope; title?: string; revisionCreatedAt?: string; unchanged: boolean };
  /** Loads the first page of a space's history (again, to refresh it). */
  load(spaceId: string): Promise<void>;
  loadMore(): Promise<void>;
  /** Shows a page as it was at a revision; the same page again keeps what is shown unless `force`. */
  showPage(spaceId: string, revisionId: string, pageId: string, force?: boolean): Promise<void>;
  /** Opens a revision from the list: the open page at it, or else the first page it changed. */
  openRevision(entry: RevisionEntry): void;
  /** Back to the live content. */
  closeRevision(): void;
  setMode(mode: RevisionViewMode): void;
  /** Opens the confirmation for restoring the shown revision. */
  askRestore(scope: RestoreScope): void;
  cancelRestore(): void;
  /** Restores (the page open in navigation, or the space) to the open revision, then goes back to editing. */
  confirmRestore(spaceId: string): Promise<boolean>;
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
    mode: 'rendered',
    restore: { status: 'idle' },

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
          set({ view: { status: 'ready', key, revision: answer.revision, page: answer.page, now: answer.now } });
          return;
        }
        // The page did not exist then: offer the pages that did.
        const outline = await client.revisions.content.query({ spaceId, revisionId });
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
      set({ view: { status: 'idle' }, restore: { status: 'idle' } });
      navigation.getState().openRevision(undefined);
    },

    setMode(mode) {
      set({ mode });
    },

    askRestore(scope) {
      set({ restore: { status: 'confirming', scope }, restored: undefined });
    },

    cancelRestore() {
      if (get().restore.status !== 'restoring') set({ restore: { status: 'idle' } });
    },

    async confirmRestore(spaceId) {
      const { restore, view } = get();
      const { revisionId, pageId } = navigation.getState();
      if (restore.status !== 'confirming' && restore.status !== 'error') return false;
      if (!revisionId || (restore.scope === 'page' && !pageId)) return false;
      const scope = restore.scope;
      set({ restore: { status: 'restoring', scope } });
      let answer: { revision?: string };
      try {
        answer =
          scope === 'page'
            ? await client.revisions.restorePage.mutate({ spaceId, revisionId, pageId: pageId! })
            : await client.revisions.restoreSpace.mutate({ spaceId, revisionId });
      } catch (error) {
        set({ restore: { status: 'error', scope, message: failure(error) } });
        return false;
      }
      const shown = view.status === 'ready' ? view : undefined;
      get().closeRevision();
      // No revision: the content already read as it did then.
      set({ restored: { scope, title: shown?.page.title, revisionCreatedAt: shown?.revision.createdAt, unchanged: !answer.revision } });
      // The tree, the editor and the history reload what the restore wrote.
      navigation.getState().contentChanged();
      await get().load(spaceId);
      return true;
    },
  }));
}
