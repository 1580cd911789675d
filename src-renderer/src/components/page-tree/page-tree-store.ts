import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { AppRouter } from '../../api/types';
import type { FeatureDependencies } from '../../stores/feature-dependencies';
import type { NavigationState } from '../../stores/navigation-store';
import {
  type DropTarget,
  EMPTY_TREE,
  type PageTreeData,
  ancestorsOf,
  canMove,
  insertPage,
  keyboardMoveTarget,
  moveInput,
  movePage,
  parsePresentedPages,
  removeSubtree,
  subtreeOf,
  updatePage,
} from './tree-data';
import type { ExpandedState } from './visible-rows';

type Inputs = inferRouterInputs<AppRouter>['content'];
type Outputs = inferRouterOutputs<AppRouter>['content'];

/** The content procedures the page tree calls. */
export interface PageTreeClient {
  content: {
    outline: { query(input: Inputs['outline']): Promise<Outputs['outline']> };
    createPage: { mutate(input: Inputs['createPage']): Promise<Outputs['createPage']> };
    updatePage: { mutate(input: Inputs['updatePage']): Promise<Outputs['updatePage']> };
    movePage: { mutate(input: Inputs['movePage']): Promise<Outputs['movePage']> };
    deletePage: { mutate(input: Inputs['deletePage']): Promise<Outputs['deletePage']> };
    restorePage: { mutate(input: Inputs['restorePage']): Promise<Outputs['restorePage']> };
  };
}

type PageTreeLoad = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };

/** What the writer can ask for; each has its own pending flag and error. */
export type PageTreeAction = 'create' | 'rename' | 'emoji' | 'move' | 'delete' | 'restore';

/** The last page deleted, offered for undo. */
interface DeletedPage {
  id: string;
  title: string;
  /** The page and the pages below it. */
  pageCount: number;
  /** It was open in the editor: undo opens it again. */
  wasOpen: boolean;
}

export interface PageTreeState {
  load: PageTreeLoad;
  tree: PageTreeData;
  /** Open comment threads per page of the content shown. */
  commentCounts: Record<string, number>;
  /** Kept across reloads and change request switches; reset for another space. */
  expanded: ExpandedState;
  /** The page whose title is being edited in place. */
  renamingId?: string;
  /** A page just created: the editor focuses its title (Untitled, selected) once it opens it. */
  focusTitleId?: string;
  pending: Partial<Record<PageTreeAction, true>>;
  errors: Partial<Record<PageTreeAction, string>>;
  lastDeleted?: DeletedPage;
  /** What just happened, for a polite live region. */
  notice?: string;

  reload(): Promise<void>;
  toggle(pageId: string): void;
  setExpanded(pageId: string, open: boolean): void;
  /** Opens a document in the editor; a group opens or closes; a link is not content of this space. */
  open(pageId: string): void;
  /** Creates "Untitled" (at the root, inside `parent`, or right after `after`) and opens it with its title to type. */
  createPage(at?: { parent?: string; after?: string }): Promise<string | undefined>;
  /** The editor has focused the new page's title. */
  titleFocused(): void;
  startRename(pageId: string): void;
  cancelRename(): void;
  /** `fromEditor`: renamed in the editor's title, which already shows it: the open page is not reloaded. */
  rename(pageId: string, title: string, options?: { fromEditor?: boolean }): Promise<boolean>;
  /** null removes the emoji. */
  setEmoji(pageId: string, emoji: string | null): Promise<boolean>;
  /** Moves at once, then asks the server; a refusal puts the page back and says why. */
  move(pageId: string, target: DropTarget): Promise<boolean>;
  moveWithKeyboard(pageId: string, direction: 'up' | 'down' | 'in' | 'out'): Promise<boolean>;
  deletePage(pageId: string): Promise<boolean>;
  undoDelete(): Promise<boolean>;
  dismissUndo(): void;
  clearError(action: PageTreeAction): void;
}

export type PageTreeStore = StoreApi<PageTreeState>;

/** The API's title limit (src-shared/schemas/pages.ts), checked before asking. */
export const PAGE_TITLE_MAX_LENGTH = 255;
const NEW_PAGE_TITLE = 'Untitled';

const FRESH = { load: { status: 'idle' }, tree: EMPTY_TREE, commentCounts: {}, renamingId: undefined, focusTitleId: undefined, lastDeleted: undefined } as const;

export function createPageTreeStore({ client, onUnauthorized, navigation }: FeatureDependencies<PageTreeClient>): PageTreeStore {
  // Bumped when the content shown changes (another space or change request): older answers are dropped.
  let generation = 0;
  // Bumped per reload, so only the newest answer is shown; and per local edit, so a reload that
  // started before an edit does not paint the old tree over it.
  let reloadSeq = 0;
  let editSeq = 0;
  // While a change is on its way to the server, a tree read now may predate it: reload once it lands.
  let inFlight = 0;
  let reloadWanted = false;

  const explain = (error: unknown): string => {
    const described = describeError(error);
    if (described.unauthorized) onUnauthorized(described.message);
    return described.message;
  };
  const target = () => {
    const { spaceId, changeRequestId } = navigation.getState();
    return spaceId ? { spaceId, ...(changeRequestId ? { changeRequestId } : {}) } : undefined;
  };

  const store = createStore<PageTreeState>()((set, get) => {
    const setTree = (tree: PageTreeData) => {
      editSeq += 1;
      set({ tree });
    };
    const titleOf = (pageId: string) => get().tree.pages[pageId]?.title || NEW_PAGE_TITLE;
    const expandAll = (ids: string[]) => {
      const expanded = { ...get().expanded };
      for (const id of ids) expanded[id] = true;
      set({ expanded });
    };

    /** Runs one action: marks it pending, records its error in words, and ignores its answer after a switch. */
    async function run<T>(action: PageTreeAction, call: () => Promise<T>, apply: (result: T) => void, undo?: () => void) {
      const started = generation;
      set((s) => ({ pending: { ...s.pending, [action]: true }, errors: { ...s.errors, [action]: undefined }, notice: undefined }));
      inFlight += 1;
      try {
        const result = await call();
        if (started !== generation) return false;
        set((s) => ({ pending: { ...s.pending, [action]: undefined } }));
        apply(result);
        return true;
      } catch (error) {
        const message = explain(error);
        if (started === generation) {
          undo?.();
          set((s) => ({ pending: { ...s.pending, [action]: undefined }, errors: { ...s.errors, [action]: message } }));
        }
        return false;
      } finally {
        if (started === generation) inFlight -= 1;
        if (started === generation && inFlight === 0 && reloadWanted) {
          reloadWanted = false;
          void get().reload();
        }
      }
    }
    const refuse = (action: PageTreeAction, message: string) => {
      set((s) => ({ errors: { ...s.errors, [action]: message } }));
      return false;
    };

    /** The open page's title or emoji changed here, outside the editor: the editor (and the tree) reload it. */
    const tellOpenPage = (pageId: string) => {
      if (navigation.getState().pageId === pageId) navigation.getState().contentChanged();
      return true;
    };

    /** A change applied at once; on refusal it is taken back if nothing changed the tree since, else the tree reloads. */
    async function optimistic(action: PageTreeAction, next: PageTreeData, call: () => Promise<unknown>, describe: (m: string) => string) {
      const before = get().tree;
      setTree(next);
      const done = await run(action, call, () => {}, () => (get().tree === next ? setTree(before) : void get().reload()));
      if (!done && get().errors[action]) set((s) => ({ errors: { ...s.errors, [action]: describe(s.errors[action]!) } }));
      return done;
    }

    return {
      ...FRESH,
      expanded: {},
      pending: {},
      errors: {},
      notice: undefined,

      async reload() {
        const at = target();
        if (!at) return;
        const started = generation;
        const seq = ++reloadSeq;
        const editsBefore = editSeq;
        if (get().load.status !== 'ready') set({ load: { status: 'loading' } });
        try {
          const answer = await client.content.outline.query(at);
          if (started !== generation || seq !== reloadSeq) return;
          // The tree changed here while the answer travelled, or a change is still on its way: the answer
          // may predate it, so ask again (now, or once the change has landed).
          if (inFlight > 0) {
            reloadWanted = true;
            return;
          }
          if (editSeq !== editsBefore) return void get().reload();
          set({ load: { status: 'ready' }, tree: parsePresentedPages(answer.pages), commentCounts: answer.commentCounts });
          const open = navigation.getState().pageId;
          if (open) expandAll(ancestorsOf(get().tree, open));
        } catch (error) {
          const message = explain(error);
          if (started !== generation || seq !== reloadSeq) return;
          // A tree already shown stays; the failure shows only when there is nothing to show.
          if (get().load.status !== 'ready') set({ load: { status: 'error', message } });
        }
      },

      toggle(pageId) {
        const page = get().tree.pages[pageId];
        if (!page) return;
        get().setExpanded(pageId, !(get().expanded[pageId] ?? page.type === 'group'));
      },

      setExpanded(pageId, open) {
        set({ expanded: { ...get().expanded, [pageId]: open } });
      },

      open(pageId) {
        const page = get().tree.pages[pageId];
        if (!page) return;
        if (page.type === 'group') get().toggle(pageId);
        else if (page.type === 'document') navigation.getState().openPage(pageId);
      },

      async createPage(at = {}) {
        const where = target();
        if (!where) return undefined;
        const after = at.after && get().tree.pages[at.after] ? at.after : undefined;
        const parent = after ? get().tree.pages[after]!.parent : (at.parent ?? null);
        let created: string | undefined;
        await run(
          'create',
          () => client.content.createPage.mutate({ ...where, title: NEW_PAGE_TITLE, parent, ...(after ? { after } : {}) }),
          ({ pageId }) => {
            created = pageId;
            setTree(insertPage(get().tree, { id: pageId, title: NEW_PAGE_TITLE, type: 'document', parent, children: [], hidden: false }, after));
            if (parent) expandAll([parent, ...ancestorsOf(get().tree, parent)]);
            set({ focusTitleId: pageId, notice: `Created the page “${NEW_PAGE_TITLE}”.` });
            navigation.getState().openPage(pageId);
          },
        );
        return created;
      },

      titleFocused() {
        if (get().focusTitleId !== undefined) set({ focusTitleId: undefined });
      },

      startRename(pageId) {
        if (get().tree.pages[pageId]) set({ renamingId: pageId, errors: { ...get().errors, rename: undefined } });
      },

      cancelRename() {
        set({ renamingId: undefined });
      },

      async rename(pageId, input, options = {}) {
        const where = target();
        if (!where) return false;
        const title = input.trim();
        if (!title) return refuse('rename', 'Give the page a title.');
        if (title.length > PAGE_TITLE_MAX_LENGTH) return refuse('rename', `A title can be at most ${PAGE_TITLE_MAX_LENGTH} characters.`);
        set({ renamingId: undefined });
        if (title === get().tree.pages[pageId]?.title) return true;
        const old = titleOf(pageId);
        const done = await optimistic(
          'rename',
          updatePage(get().tree, pageId, { title }),
          () => client.content.updatePage.mutate({ ...where, pageId, title }),
          (message) => `Could not rename “${old}”: ${message}`,
        );
        return done && (options.fromEditor === true || tellOpenPage(pageId));
      },

      async setEmoji(pageId, emoji) {
        const where = target();
        if (!where) return false;
        const value = emoji?.trim() || null;
        const done = await optimistic(
          'emoji',
          updatePage(get().tree, pageId, { emoji: value ?? undefined }),
          () => client.content.updatePage.mutate({ ...where, pageId, emoji: value }),
          (message) => `Could not change the emoji of “${titleOf(pageId)}”: ${message}`,
        );
        return done && tellOpenPage(pageId);
      },

      async move(pageId, to) {
        const where = target();
        const tree = get().tree;
        if (!where) return false;
        if (!canMove(tree, pageId, to)) {
          if (pageId === to.pageId) return false;
          return refuse('move', `“${titleOf(pageId)}” cannot go there: a page cannot be moved into itself or one of its own pages.`);
        }
        if (to.position === 'inside') expandAll([to.pageId]);
        return optimistic(
          'move',
          movePage(tree, pageId, to),
          () => client.content.movePage.mutate({ ...where, pageId, ...moveInput(tree, to) }),
          (message) => `Could not move “${titleOf(pageId)}”: ${message}`,
        );
      },

      async moveWithKeyboard(pageId, direction) {
        const to = keyboardMoveTarget(get().tree, pageId, direction);
        return to ? get().move(pageId, to) : false;
      },

      async deletePage(pageId) {
        const where = target();
        const tree = get().tree;
        if (!where || !tree.pages[pageId]) return false;
        const removed = subtreeOf(tree, pageId);
        const title = titleOf(pageId);
        return run(
          'delete',
          () => client.content.deletePage.mutate({ ...where, pageId }),
          () => {
            const openPage = navigation.getState().pageId;
            const wasOpen = openPage !== undefined && removed.includes(openPage);
            setTree(removeSubtree(get().tree, pageId));
            set({
              lastDeleted: { id: pageId, title, pageCount: removed.length, wasOpen },
              renamingId: undefined,
              errors: { ...get().errors, restore: undefined },
              notice: `Deleted the page “${title}”.`,
            });
            if (wasOpen) navigation.getState().openPage(undefined);
          },
        );
      },

      async undoDelete() {
        const deleted = get().lastDeleted;
        const where = target();
        if (!deleted || !where || get().pending.restore) return false;
        const done = await run(
          'restore',
          () => client.content.restorePage.mutate({ ...where, pageId: deleted.id }),
          () => set({ lastDeleted: undefined, notice: `Restored the page “${deleted.title}”.` }),
        );
        if (!done) return false;
        // The server knows where it went back exactly (beside its old neighbours): show its tree.
        await get().reload();
        expandAll(ancestorsOf(get().tree, deleted.id));
        if (deleted.wasOpen) navigation.getState().openPage(deleted.id);
        return true;
      },

      dismissUndo() {
        set({ lastDeleted: undefined, errors: { ...get().errors, restore: undefined } });
      },

      clearError(action) {
        if (get().errors[action] !== undefined) set({ errors: { ...get().errors, [action]: undefined } });
      },
    };
  });

  /** Another space or change request: a fresh tree (another space also forgets what was expanded). */
  const switchContent = (state: NavigationState, previous?: NavigationState) => {
    generation += 1;
    inFlight = 0;
    reloadWanted = false;
    const sameSpace = previous?.spaceId === state.spaceId;
    store.setState({ ...FRESH, pending: {}, errors: {}, notice: undefined, ...(sameSpace ? {} : { expanded: {} }) });
    if (state.spaceId) void store.getState().reload();
  };

  navigation.subscribe((state, previous) => {
    if (state.spaceId !== previous.spaceId || state.changeRequestId !== previous.changeRequestId) switchContent(state, previous);
    // Content changed outside the tree (a merge, an import, a comment posted or resolved: counts change).
    else if (state.contentVersion !== previous.contentVersion) void store.getState().reload();
    if (state.pageId && state.pageId !== previous.pageId) {
      const ancestors = ancestorsOf(store.getState().tree, state.pageId);
      if (ancestors.some((id) => !store.getState().expanded[id])) {
        const expanded = { ...store.getState().expanded };
        for (const id of ancestors) expanded[id] = true;
        store.setState({ expanded });
      }
    }
  });
  if (navigation.getState().spaceId) switchContent(navigation.getState());
  return store;
}
