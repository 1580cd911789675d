import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../api/errors';
import type { Collection, FolioClient, Page, Space } from '../api/types';

/** The tree needs every collection and space: they are fetched a page at a time, up to this many pages. */
const TREE_PAGE_SIZE = 100;
const MAX_TREE_PAGES = 20;

/** The spaces and collections of the open organization, in the order the lists return them. */
type TreeState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; collections: Collection[]; spaces: Space[]; truncated: boolean };

/** The space being looked at. */
type OpenSpaceState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; space: Space };

/** What the user can ask for; each has its own pending flag and error, shown beside its control. */
type SpaceAction = 'createSpace' | 'createCollection' | 'rename' | 'delete' | 'restore';

/** The last space deleted, kept so that it can be restored (the server keeps it in the trash for 7 days). */
interface DeletedSpace {
  space: Space;
  /** The space that followed it among its siblings, to put it back in its place on undo. */
  before?: string;
}

export interface NewSpace {
  title: string;
  emoji?: string;
  /** A collection id; absent: the organization's root. */
  parent?: string;
}

interface NewCollection {
  title: string;
  parent?: string;
}

export interface SpacesState {
  organizationId?: string;
  tree: TreeState;
  openSpaceId?: string;
  openSpace?: OpenSpaceState;
  pending: Partial<Record<SpaceAction, true>>;
  errors: Partial<Record<SpaceAction, string>>;
  lastDeleted?: DeletedSpace;
  /** What just happened, for a polite live region ("Restored “API”."). */
  notice?: string;

  /** Shows this organization's tree (loading it); the same id again keeps what is loaded. */
  showOrganization(organizationId: string): Promise<void>;
  reload(): Promise<void>;
  /** Reloads without a loading state (changes that arrived by sync): what is shown stays until the answer. */
  refresh(): Promise<void>;
  open(spaceId: string): Promise<void>;
  close(): void;
  /** Resolves to the new space, or undefined when it was refused (the reason is in `errors.createSpace`). */
  createSpace(input: NewSpace): Promise<Space | undefined>;
  createCollection(input: NewCollection): Promise<Collection | undefined>;
  rename(spaceId: string, title: string): Promise<boolean>;
  /** Moves the space to the trash and offers to undo it. */
  deleteSpace(spaceId: string): Promise<boolean>;
  /** Restores the last deleted space, in its former place. */
  undoDelete(): Promise<Space | undefined>;
  dismissUndo(): void;
  clearError(action: SpaceAction): void;
  /** Forgets everything loaded (sign-out, no organization); answers still in flight are dropped. */
  reset(): void;
}

interface SpacesDependencies {
  client: FolioClient;
  /** Called with the server's message when a call is refused with 401. */
  onUnauthorized(message: string): void;
}

export type SpacesStore = StoreApi<SpacesState>;

/** Title limit of the API's schemas (src-shared/schemas): checked here so the form says so before asking. */
export const TITLE_MAX_LENGTH = 50;

const IDLE_STATE = {
  organizationId: undefined,
  tree: { status: 'idle' },
  openSpaceId: undefined,
  openSpace: undefined,
  pending: {},
  errors: {},
  lastDeleted: undefined,
  notice: undefined,
} satisfies Partial<SpacesState>;

export function createSpacesStore({ client, onUnauthorized }: SpacesDependencies): SpacesStore {
  // Bumped whenever what is shown changes wholesale (another organization, reset): older answers are dropped.
  let generation = 0;

  const explain = (error: unknown): string => {
    const described = describeError(error);
    if (described.unauthorized) onUnauthorized(described.message);
    return described.message;
  };

  async function fetchAll<T>(fetchPage: (page?: string) => Promise<Page<T>>): Promise<{ items: T[]; truncated: boolean }> {
    const first = await fetchPage();
    const items = [...first.items];
    let next = first.next?.page;
    for (let pages = 1; next && pages < MAX_TREE_PAGES; pages += 1) {
      const page = await fetchPage(next);
      items.push(...page.items);
      next = page.next?.page;
    }
    return { items, truncated: next !== undefined };
  }

  return createStore<SpacesState>()((set, get) => {
    /** Applies a change to the loaded tree, if there is one. */
    const updateTree = (change: (tree: Extract<TreeState, { status: 'ready' }>) => Partial<Extract<TreeState, { status: 'ready' }>>) => {
      const tree = get().tree;
      if (tree.status === 'ready') set({ tree: { ...tree, ...change(tree) } });
    };

    const replaceSpace = (space: Space) => {
      updateTree((tree) => ({ spaces: tree.spaces.map((s) => (s.id === space.id ? space : s)) }));
      if (get().openSpaceId === space.id) set({ openSpace: { status: 'ready', space } });
    };

    /** Loads the organization's collections and spaces; `showLoading` false keeps what is shown meanwhile (and on failure). */
    async function load(showLoading: boolean): Promise<void> {
      const organizationId = get().organizationId;
      if (!organizationId) return;
      const started = generation;
      if (showLoading) set({ tree: { status: 'loading' } });
      try {
        const [collections, spaces] = await Promise.all([
          fetchAll((page) => client.collections.list.query({ organizationId, nested: true, limit: TREE_PAGE_SIZE, page })),
          fetchAll((page) => client.spaces.list.query({ organizationId, limit: TREE_PAGE_SIZE, page })),
        ]);
        if (started !== generation) return;
        set({
          tree: {
            status: 'ready',
            collections: collections.items,
            spaces: spaces.items,
            truncated: collections.truncated || spaces.truncated,
          },
        });
      } catch (error) {
        const message = explain(error);
        if (started === generation && showLoading) set({ tree: { status: 'error', message } });
      }
    }

    /** Runs one user action: marks it pending, records its error, and ignores its answer after a switch or reset. */
    async function run<T>(action: SpaceAction, call: () => Promise<T>, apply: (result: T) => void): Promise<T | undefined> {
      const started = generation;
      set((state) => ({ pending: { ...state.pending, [action]: true }, errors: { ...state.errors, [action]: undefined }, notice: undefined }));
      try {
        const result = await call();
        if (started !== generation) return undefined;
        set((state) => ({ pending: { ...state.pending, [action]: undefined } }));
        apply(result);
        return result;
      } catch (error) {
        const message = explain(error);
        if (started === generation) {
          set((state) => ({ pending: { ...state.pending, [action]: undefined }, errors: { ...state.errors, [action]: message } }));
        }
        return undefined;
      }
    }

    const failBeforeAsking = (action: SpaceAction, message: string) => {
      set((state) => ({ errors: { ...state.errors, [action]: message } }));
      return undefined;
    };

    const checkTitle = (action: SpaceAction, title: string, noun: string): string | undefined => {
      const trimmed = title.trim();
      if (!trimmed) return failBeforeAsking(action, `Give the ${noun} a title.`);
      if (trimmed.length > TITLE_MAX_LENGTH) return failBeforeAsking(action, `The title can be at most ${TITLE_MAX_LENGTH} characters.`);
      return trimmed;
    };

    return {
      ...IDLE_STATE,

      async showOrganization(organizationId) {
        if (get().organizationId === organizationId && get().tree.status !== 'idle') return;
        generation += 1;
        set({ ...IDLE_STATE, organizationId });
        await get().reload();
      },

      reload: () => load(true),

      async refresh() {
        // What is shown stays until the new lists arrive; a failure keeps it (the next refresh may work).
        await load(false);
        const openSpaceId = get().openSpaceId;
        if (!openSpaceId || get().openSpace?.status !== 'ready') return;
        const started = generation;
        try {
          const space = await client.spaces.get.query({ spaceId: openSpaceId });
          if (started === generation && get().openSpaceId === openSpaceId) replaceSpace(space);
        } catch {
          // Gone or unreadable: the next explicit action says why.
        }
      },

      async open(spaceId) {
        const started = generation;
        const tree = get().tree;
        // The list already holds the space: show it at once, then refresh it from the server.
        const known = tree.status === 'ready' ? tree.spaces.find((s) => s.id === spaceId) : undefined;
        set({
          openSpaceId: spaceId,
          openSpace: known ? { status: 'ready', space: known } : { status: 'loading' },
          errors: { ...get().errors, rename: undefined, delete: undefined },
        });
        try {
          const space = await client.spaces.get.query({ spaceId });
          if (started === generation && get().openSpaceId === spaceId) replaceSpace(space);
        } catch (error) {
          const message = explain(error);
          if (started === generation && get().openSpaceId === spaceId) set({ openSpace: { status: 'error', message } });
        }
      },

      close() {
        set({ openSpaceId: undefined, openSpace: undefined });
      },

      async createSpace(input) {
        const organizationId = get().organizationId;
        if (!organizationId) return undefined;
        const title = checkTitle('createSpace', input.title, 'space');
        if (title === undefined) return undefined;
        const emoji = input.emoji?.trim() || undefined;
        return run(
          'createSpace',
          () => client.spaces.create.mutate({ organizationId, title, emoji, parent: input.parent }),
          (space) => {
            // A new space goes last among its siblings, which is where appending puts it in its group.
            updateTree((tree) => ({ spaces: [...tree.spaces, space] }));
            set({ notice: `Created the space “${space.title}”.` });
          },
        );
      },

      async createCollection(input) {
        const organizationId = get().organizationId;
        if (!organizationId) return undefined;
        const title = checkTitle('createCollection', input.title, 'collection');
        if (title === undefined) return undefined;
        return run(
          'createCollection',
          () => client.collections.create.mutate({ organizationId, title, parent: input.parent }),
          (collection) => {
            updateTree((tree) => ({ collections: [...tree.collections, collection] }));
            set({ notice: `Created the collection “${collection.title}”.` });
          },
        );
      },

      async rename(spaceId, input) {
        const title = checkTitle('rename', input, 'space');
        if (title === undefined) return false;
        const renamed = await run(
          'rename',
          () => client.spaces.update.mutate({ spaceId, title }),
          (space) => {
            replaceSpace(space);
            set({ notice: `Renamed the space to “${space.title}”.` });
          },
        );
        return renamed !== undefined;
      },

      async deleteSpace(spaceId) {
        const tree = get().tree;
        const spaces = tree.status === 'ready' ? tree.spaces : [];
        const index = spaces.findIndex((s) => s.id === spaceId);
        const open = openSpaceOf(get());
        const space = index >= 0 ? spaces[index] : open?.id === spaceId ? open : undefined;
        if (!space) return false;
        const before = index >= 0 ? spaces.slice(index + 1).find((s) => s.parent === space.parent)?.id : undefined;
        const done = await run(
          'delete',
          async () => {
            await client.spaces.delete.mutate({ spaceId });
            return true;
          },
          () => {
            updateTree((current) => ({ spaces: current.spaces.filter((s) => s.id !== spaceId) }));
            if (get().openSpaceId === spaceId) set({ openSpaceId: undefined, openSpace: undefined });
            set({
              lastDeleted: { space, before },
              errors: { ...get().errors, restore: undefined },
              notice: `Deleted the space “${space.title}”.`,
            });
          },
        );
        return done === true;
      },

      async undoDelete() {
        const deleted = get().lastDeleted;
        if (!deleted || get().pending.restore) return undefined;
        const spaceId = deleted.space.id;
        const result = await run(
          'restore',
          async () => {
            const restored = await client.spaces.restore.mutate({ spaceId });
            // The server puts a restored space last among its siblings; put it back where it was.
            const tree = get().tree;
            const anchor = tree.status === 'ready' ? tree.spaces.find((s) => s.id === deleted.before) : undefined;
            if (!anchor || anchor.parent !== restored.parent) return { space: restored, before: undefined };
            try {
              const moved = await client.spaces.move.mutate({ spaceId, position: { before: { type: 'space', space: anchor.id } } });
              return { space: moved, before: anchor.id };
            } catch {
              return { space: restored, before: undefined }; // It is back, only not in its old place.
            }
          },
          ({ space, before }) => {
            updateTree((tree) => {
              const spaces = tree.spaces.filter((s) => s.id !== space.id);
              const at = before ? spaces.findIndex((s) => s.id === before) : -1;
              spaces.splice(at < 0 ? spaces.length : at, 0, space);
              return { spaces };
            });
            set({ lastDeleted: undefined, notice: `Restored the space “${space.title}”.` });
          },
        );
        return result?.space;
      },

      dismissUndo() {
        set({ lastDeleted: undefined, errors: { ...get().errors, restore: undefined } });
      },

      clearError(action) {
        if (get().errors[action] !== undefined) set({ errors: { ...get().errors, [action]: undefined } });
      },

      reset() {
        generation += 1;
        set({ ...IDLE_STATE });
      },
    };
  });
}

/** The open space's object, when it is loaded. */
export function openSpaceOf(state: Pick<SpacesState, 'openSpace'>): Space | undefined {
  return state.openSpace?.status === 'ready' ? state.openSpace.space : undefined;
}
