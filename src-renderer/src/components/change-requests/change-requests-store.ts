import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { AppRouter } from '../../api/types';
import type { FeatureDependencies } from '../../stores/feature-dependencies';

type Inputs = inferRouterInputs<AppRouter>['changeRequests'];
type Outputs = inferRouterOutputs<AppRouter>['changeRequests'];

/** The change-request procedures the switcher and the panel call. */
export interface ChangeRequestsClient {
  changeRequests: {
    list: { query(input: Inputs['list']): Promise<Outputs['list']> };
    get: { query(input: Inputs['get']): Promise<Outputs['get']> };
    create: { mutate(input: Inputs['create']): Promise<Outputs['create']> };
    edit: { mutate(input: Inputs['edit']): Promise<Outputs['edit']> };
    updateFromMain: { mutate(input: Inputs['updateFromMain']): Promise<Outputs['updateFromMain']> };
    merge: { mutate(input: Inputs['merge']): Promise<Outputs['merge']> };
    changes: { query(input: Inputs['changes']): Promise<Outputs['changes']> };
  };
}

export type ChangeRequest = Outputs['get'];
export type SemanticChange = Outputs['changes']['changes'][number];
export type DiffLine = NonNullable<SemanticChange['diff']>[number];

/** Which finished change requests the browser lists (the switcher always lists open ones and drafts). */
export type ListFilter = 'archived' | 'merged';
/** What the writer can ask for; each has its own pending flag and error, shown beside its control. */
export type ChangeRequestAction = 'create' | 'rename' | 'updateFromMain' | 'merge' | 'archive' | 'reopen';

export type Loadable<T> = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | ({ status: 'ready' } & T);

export interface ChangeRequestsState {
  spaceId?: string;
  /** The change requests being worked on: open ones first (ready for review), then drafts. */
  list: Loadable<{ items: ChangeRequest[]; truncated: boolean }>;
  filter: ListFilter;
  /** Archived or merged ones (per `filter`), loaded when the writer asks to see them. */
  finished: Loadable<{ items: ChangeRequest[]; truncated: boolean }>;
  /** The change request navigation has open (its content is what the editor shows). */
  current: Loadable<{ changeRequest: ChangeRequest }>;
  /** What the open change request changes, loaded when the panel asks. */
  changes: Loadable<{ items: SemanticChange[]; more: number }>;
  pending: Partial<Record<ChangeRequestAction, true>>;
  errors: Partial<Record<ChangeRequestAction, string>>;
  /** What just happened ("Merged #3 into main."), for a polite live region. */
  notice?: string;

  /** Lists the archived or merged change requests. */
  showFinished(filter: ListFilter): Promise<void>;
  reloadList(): Promise<void>;
  reloadCurrent(): Promise<void>;
  loadChanges(): Promise<void>;
  /** Creates a change request and switches the editor to it. */
  create(subject: string): Promise<ChangeRequest | undefined>;
  rename(subject: string): Promise<boolean>;
  /** Takes main's changes into the open change request ("Update from main"). */
  updateFromMain(): Promise<boolean>;
  /** Merges the open change request and returns to main content. */
  merge(): Promise<boolean>;
  /** Archives the open change request and returns to main content. */
  archive(): Promise<boolean>;
  reopen(): Promise<boolean>;
  clearError(action: ChangeRequestAction): void;
  dismissNotice(): void;
}

export type ChangeRequestsStore = StoreApi<ChangeRequestsState>;

/** Subject limit of the API's schema (src-shared/schemas/change-requests.ts), checked before asking. */
export const SUBJECT_MAX_LENGTH = 100;
const LIST_LIMIT = 100;
const CHANGES_LIMIT = 200;

export const nameOf = (cr: Pick<ChangeRequest, 'number' | 'subject'>) => `#${cr.number} ${cr.subject || 'Untitled change request'}`;

export function createChangeRequestsStore({ client, onUnauthorized, navigation }: FeatureDependencies<ChangeRequestsClient>): ChangeRequestsStore {
  const explain = (error: unknown): string => {
    const described = describeError(error);
    if (described.unauthorized) onUnauthorized(described.message);
    return described.message;
  };
  // Each load is tagged with a counter; an answer for an older load (another space, change request or filter) is dropped.
  const latest = { list: 0, finished: 0, current: 0, changes: 0 };

  return createStore<ChangeRequestsState>()((set, get) => {
    const spaceId = () => navigation.getState().spaceId;
    const openId = () => navigation.getState().changeRequestId;

    async function load<K extends keyof typeof latest>(key: K, fetch: () => Promise<ChangeRequestsState[K]>, keep: boolean) {
      const tag = ++latest[key];
      if (!keep) set({ [key]: { status: 'loading' } } as Pick<ChangeRequestsState, K>);
      try {
        const value = await fetch();
        if (tag === latest[key]) set({ [key]: value } as Pick<ChangeRequestsState, K>);
      } catch (error) {
        const message = explain(error);
        if (tag === latest[key]) set({ [key]: { status: 'error', message } } as Pick<ChangeRequestsState, K>);
      }
    }

    const fetchList = async (space: string, statuses: ReadonlyArray<ChangeRequest['status']>): Promise<ChangeRequestsState['list']> => {
      const pages = await Promise.all(statuses.map((status) => client.changeRequests.list.query({ spaceId: space, status, limit: LIST_LIMIT })));
      // In the order of `statuses`, newest first within each.
      const items = pages.flatMap((page) => [...page.items].sort((a, b) => b.number - a.number));
      return { status: 'ready', items, truncated: pages.some((page) => page.next !== undefined) };
    };

    const reloadList = (keep = false) => {
      const space = spaceId();
      if (!space) return Promise.resolve(set({ list: { status: 'idle' } }));
      return load('list', () => fetchList(space, ['open', 'draft']), keep);
    };

    const reloadFinished = (keep = false) => {
      const space = spaceId();
      if (!space) return Promise.resolve(set({ finished: { status: 'idle' } }));
      return load('finished', () => fetchList(space, [get().filter]), keep);
    };

    const reloadLists = () => {
      void reloadList(true);
      if (get().finished.status !== 'idle') void reloadFinished(true);
    };

    const reloadCurrent = (keep = false) => {
      const [space, id] = [spaceId(), openId()];
      if (!space || !id) return Promise.resolve(set({ current: { status: 'idle' } }));
      return load('current', async () => ({ status: 'ready', changeRequest: await client.changeRequests.get.query({ spaceId: space, changeRequestId: id }) }), keep);
    };

    const loadChanges = (keep = false) => {
      const [space, id] = [spaceId(), openId()];
      if (!space || !id) return Promise.resolve(set({ changes: { status: 'idle' } }));
      return load(
        'changes',
        async () => {
          const result = await client.changeRequests.changes.query({ spaceId: space, changeRequestId: id, limit: CHANGES_LIMIT });
          return { status: 'ready', items: result.changes, more: result.more ?? 0 };
        },
        keep,
      );
    };

    /** Runs one action on the open change request: pending flag, error in words, and nothing applied after a switch. */
    async function act<T>(action: ChangeRequestAction, call: (ref: { spaceId: string; changeRequestId: string }) => Promise<T>, apply: (result: T) => void) {
      const [space, id] = [spaceId(), openId()];
      if (!space || !id) return false;
      set((state) => ({ pending: { ...state.pending, [action]: true }, errors: { ...state.errors, [action]: undefined }, notice: undefined }));
      try {
        const result = await call({ spaceId: space, changeRequestId: id });
        set((state) => ({ pending: { ...state.pending, [action]: undefined } }));
        if (spaceId() === space && openId() === id) apply(result);
        return true;
      } catch (error) {
        const message = explain(error);
        set((state) => ({ pending: { ...state.pending, [action]: undefined }, errors: { ...state.errors, [action]: message } }));
        return false;
      }
    }

    const setCurrent = (changeRequest: ChangeRequest) => set({ current: { status: 'ready', changeRequest } });
    const backToMain = (notice: string) => {
      if (navigation.getState().panel === 'changes') navigation.getState().showPanel(undefined);
      navigation.getState().openChangeRequest(undefined);
      set({ notice });
      reloadLists();
    };

    // Follow navigation: another space reloads everything; another change request its own state.
    navigation.subscribe((state, previous) => {
      if (state.spaceId !== previous.spaceId) {
        set({ spaceId: state.spaceId, finished: { status: 'idle' }, pending: {}, errors: {}, notice: undefined, changes: { status: 'idle' } });
        void reloadList();
        void reloadCurrent();
      } else if (state.changeRequestId !== previous.changeRequestId) {
        set({ changes: { status: 'idle' }, errors: {} });
        void reloadCurrent();
      } else if (state.contentVersion !== previous.contentVersion) {
        // Content changed elsewhere (a merge, an import, an update): lists, `outdated` and changes may all differ.
        reloadLists();
        void reloadCurrent(true);
        if (get().changes.status !== 'idle') void loadChanges(true);
      }
    });

    return {
      spaceId: navigation.getState().spaceId,
      list: { status: 'idle' },
      filter: 'archived',
      finished: { status: 'idle' },
      current: { status: 'idle' },
      changes: { status: 'idle' },
      pending: {},
      errors: {},

      async showFinished(filter) {
        const keep = filter === get().filter && get().finished.status === 'ready';
        set({ filter });
        await reloadFinished(keep);
      },
      reloadList: () => reloadList(get().list.status === 'ready'),
      reloadCurrent: () => reloadCurrent(get().current.status === 'ready'),
      loadChanges: () => loadChanges(get().changes.status === 'ready'),

      async create(subject) {
        const space = spaceId();
        const trimmed = subject.trim();
        if (!space) return undefined;
        if (trimmed.length > SUBJECT_MAX_LENGTH) {
          set((state) => ({ errors: { ...state.errors, create: `The subject is limited to ${SUBJECT_MAX_LENGTH} characters.` } }));
          return undefined;
        }
        set((state) => ({ pending: { ...state.pending, create: true }, errors: { ...state.errors, create: undefined }, notice: undefined }));
        try {
          const created = await client.changeRequests.create.mutate({ spaceId: space, subject: trimmed });
          set((state) => ({ pending: { ...state.pending, create: undefined } }));
          if (spaceId() !== space) return created;
          navigation.getState().openChangeRequest(created.id);
          // openChangeRequest reloads `current`; the answer in hand is already right.
          setCurrent(created);
          set({ notice: `Created ${nameOf(created)}. You are editing it now.` });
          void reloadList(true);
          return created;
        } catch (error) {
          const message = explain(error);
          set((state) => ({ pending: { ...state.pending, create: undefined }, errors: { ...state.errors, create: message } }));
          return undefined;
        }
      },

      rename: (subject) =>
        act('rename', (ref) => client.changeRequests.edit.mutate({ ...ref, subject: subject.trim() }), (updated) => {
          setCurrent(updated);
          set({ notice: `Renamed to “${updated.subject}”.` });
          reloadLists();
        }),

      updateFromMain: () =>
        act('updateFromMain', (ref) => client.changeRequests.updateFromMain.mutate(ref), () => {
          const current = get().current;
          set({ notice: current.status === 'ready' ? `Updated ${nameOf(current.changeRequest)} from main.` : 'Updated from main.' });
          // The tree and the open page show main's changes now; contentChanged reloads this store too.
          navigation.getState().contentChanged();
        }),

      merge: () => {
        const current = get().current;
        const name = current.status === 'ready' ? `#${current.changeRequest.number}` : 'the change request';
        return act('merge', (ref) => client.changeRequests.merge.mutate(ref), () => {
          backToMain(`Merged ${name} into main.`);
          navigation.getState().contentChanged();
        });
      },

      archive: () =>
        act('archive', (ref) => client.changeRequests.edit.mutate({ ...ref, status: 'archived' }), (archived) => {
          backToMain(`Archived ${nameOf(archived)}. You are editing main content.`);
        }),

      reopen: () =>
        act('reopen', (ref) => client.changeRequests.edit.mutate({ ...ref, status: 'open' }), (reopened) => {
          setCurrent(reopened);
          set({ notice: `Reopened ${nameOf(reopened)}.` });
          reloadLists();
        }),

      clearError(action) {
        set((state) => ({ errors: { ...state.errors, [action]: undefined } }));
      },
      dismissNotice() {
        set({ notice: undefined });
      },
    };
  });
}
