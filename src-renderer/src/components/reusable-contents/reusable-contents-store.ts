import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { AppRouter } from '../../api/types';
import type { FeatureDependencies } from '../../stores/feature-dependencies';
import type { NavigationState } from '../../stores/navigation-store';

type Inputs = inferRouterInputs<AppRouter>['reusableContents'];
type Outputs = inferRouterOutputs<AppRouter>['reusableContents'];

/** The procedures the reusable contents feature calls (src-main/trpc/reusable-contents.ts). */
export interface ReusableContentsClient {
  reusableContents: {
    list: { query(input: Inputs['list']): Promise<Outputs['list']> };
    find: { query(input: Inputs['find']): Promise<Outputs['find']> };
    create: { mutate(input: Inputs['create']): Promise<Outputs['create']> };
    rename: { mutate(input: Inputs['rename']): Promise<Outputs['rename']> };
    delete: { mutate(input: Inputs['delete']): Promise<Outputs['delete']> };
  };
}

/** A reusable content as the list names it: `slug` is what include lines name it by. */
export type ReusableContentSummary = Outputs['list'][number];

type ReusableContentsLoad = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };

/** A reusable content's markdown, fetched for the live preview of the pages that include it. */
type MarkdownLoad = { status: 'error'; message: string } | { status: 'ready'; markdown: string };

/** What a pending flag or an error belongs to: the new-content form, or one reusable content's rename or delete. */
type ReusableContentsAction = 'create' | `rename:${string}` | `delete:${string}`;

export interface ReusableContentsState {
  /** The content listed: the open space's main content, or its change request's. */
  spaceId?: string;
  changeRequestId?: string;
  load: ReusableContentsLoad;
  items: ReusableContentSummary[];
  /** Markdown by reusable content id; absent: not fetched (yet). */
  markdown: Record<string, MarkdownLoad>;
  pending: Partial<Record<ReusableContentsAction, boolean>>;
  errors: Partial<Record<ReusableContentsAction, string>>;

  reload(): Promise<void>;
  /** Creates one named `title` (an empty body); answers its id, or undefined when refused (see `errors.create`). */
  create(title: string): Promise<string | undefined>;
  rename(id: string, title: string): Promise<boolean>;
  /** Deletes it; the pages including it then show nothing there. */
  remove(id: string): Promise<boolean>;
  /** Fetches a reusable content's markdown unless it is fetched or on its way; `markdown[id]` holds the answer. */
  requestMarkdown(id: string): void;
  /** Drops a fetched markdown (its body was edited): the next include drawn fetches it again. */
  forgetMarkdown(id: string): void;
  clearError(action: ReusableContentsAction): void;
}

export type ReusableContentsStore = StoreApi<ReusableContentsState>;

type Listed = Pick<ReusableContentsState, 'load' | 'items' | 'markdown'>;

const contentKey = (spaceId: string | undefined, changeRequestId: string | undefined) => `${spaceId ?? ''}\u0000${changeRequestId ?? ''}`;

/** Titles sort as a reader looks them up; the server answers in creation order. */
const byTitle = (a: ReusableContentSummary, b: ReusableContentSummary) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }) || a.slug.localeCompare(b.slug);

/**
 * The reusable contents of the content being edited, following `navigation` (another space or change request
 * lists its own; `contentVersion` reloads). What each content listed is cached per space and change request, so
 * coming back shows it at once while it refreshes.
 */
export function createReusableContentsStore({ client, onUnauthorized, navigation }: FeatureDependencies<ReusableContentsClient>): ReusableContentsStore {
  /** Identifies the latest list call, so an answer for content left since is dropped. */
  let generation = 0;
  const cache = new Map<string, Listed>();
  /** Markdown fetches on their way, by content key and id (not state: asking happens while widgets draw). */
  const fetching = new Set<string>();

  const report = (error: unknown) => {
    const described = describeError(error);
    if (described.unauthorized) onUnauthorized(described.message);
    return described.message;
  };

  const store = createStore<ReusableContentsState>()((set, get) => {
    const target = () => {
      const { spaceId, changeRequestId } = get();
      return spaceId ? { spaceId, ...(changeRequestId ? { changeRequestId } : {}) } : undefined;
    };
    /** Applies a change to what the current content lists, keeping its cache entry in step. */
    const setListed = (listed: Partial<Listed>) => {
      set(listed);
      const { spaceId, changeRequestId, load, items, markdown } = get();
      cache.set(contentKey(spaceId, changeRequestId), { load, items, markdown });
    };
    const act = async <T>(action: ReusableContentsAction, run: () => Promise<T>): Promise<T | undefined> => {
      set({ pending: { ...get().pending, [action]: true }, errors: { ...get().errors, [action]: undefined } });
      try {
        return await run();
      } catch (error) {
        set({ errors: { ...get().errors, [action]: report(error) } });
        return undefined;
      } finally {
        set({ pending: { ...get().pending, [action]: false } });
      }
    };

    return {
      load: { status: 'idle' },
      items: [],
      markdown: {},
      pending: {},
      errors: {},

      async reload() {
        const at = target();
        if (!at) return;
        const call = (generation += 1);
        if (get().load.status !== 'ready') set({ load: { status: 'loading' } });
        try {
          const items = await client.reusableContents.list.query(at);
          if (call !== generation) return;
          // The markdown of reusable contents still listed stays until forgotten (contentVersion forgets it all).
          const listed = new Set(items.map((item) => item.id));
          const markdown = Object.fromEntries(Object.entries(get().markdown).filter(([id]) => listed.has(id)));
          setListed({ load: { status: 'ready' }, items: [...items].sort(byTitle), markdown });
        } catch (error) {
          const message = report(error);
          if (call === generation) setListed({ load: { status: 'error', message } });
        }
      },

      async create(title) {
        const at = target();
        if (!at) return undefined;
        const created = await act('create', () => client.reusableContents.create.mutate({ ...at, title }));
        if (!created) return undefined;
        await get().reload();
        return created.id;
      },

      async rename(id, title) {
        const at = target();
        if (!at) return false;
        const done = await act(`rename:${id}`, () => client.reusableContents.rename.mutate({ ...at, id, title }));
        if (!done) return false;
        setListed({ items: get().items.map((item) => (item.id === id ? { ...item, title } : item)).sort(byTitle) });
        return true;
      },

      async remove(id) {
        const at = target();
        if (!at) return false;
        const done = await act(`delete:${id}`, () => client.reusableContents.delete.mutate({ ...at, id }));
        if (!done) return false;
        const { [id]: _gone, ...markdown } = get().markdown;
        setListed({ items: get().items.filter((item) => item.id !== id), markdown });
        if (navigation.getState().reusableContentId === id) navigation.getState().openReusableContent(undefined);
        return true;
      },

      requestMarkdown(id) {
        const at = target();
        const key = `${contentKey(at?.spaceId, at?.changeRequestId)}\u0000${id}`;
        if (!at || get().markdown[id] || fetching.has(key)) return;
        fetching.add(key);
        void client.reusableContents.find
          .query({ ...at, id })
          .then(
            (found): MarkdownLoad => ({ status: 'ready', markdown: found.markdown }),
            (error: unknown): MarkdownLoad => ({ status: 'error', message: report(error) }),
          )
          .then((answer) => {
            fetching.delete(key);
            const now = target();
            if (now?.spaceId === at.spaceId && now.changeRequestId === at.changeRequestId) setListed({ markdown: { ...get().markdown, [id]: answer } });
          });
      },

      forgetMarkdown(id) {
        if (!get().markdown[id]) return;
        const { [id]: _forgotten, ...markdown } = get().markdown;
        setListed({ markdown });
      },

      clearError(action) {
        set({ errors: { ...get().errors, [action]: undefined } });
      },
    };
  });

  const switchContent = (state: Pick<NavigationState, 'spaceId' | 'changeRequestId'>) => {
    generation += 1;
    const cached = cache.get(contentKey(state.spaceId, state.changeRequestId));
    store.setState({
      spaceId: state.spaceId,
      changeRequestId: state.changeRequestId,
      load: cached?.load.status === 'ready' ? cached.load : { status: 'idle' },
      items: cached?.items ?? [],
      markdown: cached?.markdown ?? {},
      pending: {},
      errors: {},
    });
    if (state.spaceId) void store.getState().reload();
  };

  navigation.subscribe((state, previous) => {
    if (state.spaceId !== previous.spaceId || state.changeRequestId !== previous.changeRequestId) switchContent(state);
    else if (state.contentVersion !== previous.contentVersion) {
      // A merge, an import or an update from main may have changed any body.
      store.setState({ markdown: {} });
      cache.delete(contentKey(state.spaceId, state.changeRequestId));
      void store.getState().reload();
    }
  });
  if (navigation.getState().spaceId) switchContent(navigation.getState());
  return store;
}
