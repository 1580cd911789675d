import { createStore, type StoreApi } from 'zustand/vanilla';

/** The panel beside the editor. */
export type SidePanel = 'comments' | 'changes' | 'history';
/** A dialog over the whole window. */
export type Dialog = 'search' | 'import' | 'settings' | 'git-sync';

/** Where the writer is inside the open space: which page, on which content, with which panel. */
export interface NavigationState {
  /** The open space (follows the spaces store); every other field belongs to it. */
  spaceId?: string;
  pageId?: string;
  /**
   * The reusable content open in the editor instead of a page (components/reusable-contents): at most one of
   * `pageId` and this is set; `openContentOf` names which.
   */
  reusableContentId?: string;
  /** A heading id in the page to scroll to once it is shown (a search result's section). */
  anchor?: string;
  /** The change request whose content the editor shows; absent: the space's main content. */
  changeRequestId?: string;
  /** A revision shown read-only; absent: the live content. */
  revisionId?: string;
  panel?: SidePanel;
  dialog?: Dialog;
  /**
   * Bumped when the space's content changed other than through the open editor (a merge, an import, a
   * change request updated from main), so the page tree and the page reload.
   */
  contentVersion: number;

  /** A different space resets everything else; the same space keeps it. */
  enterSpace(spaceId: string | undefined): void;
  openPage(pageId: string | undefined, anchor?: string): void;
  /** Opens a reusable content's body in the editor, in place of the open page. */
  openReusableContent(reusableContentId: string | undefined): void;
  /** Switches the content being edited; the open page stays if it exists there. */
  openChangeRequest(changeRequestId: string | undefined): void;
  openRevision(revisionId: string | undefined): void;
  showPanel(panel: SidePanel | undefined): void;
  togglePanel(panel: SidePanel): void;
  openDialog(dialog: Dialog): void;
  closeDialog(): void;
  contentChanged(): void;
}

export type NavigationStore = StoreApi<NavigationState>;

/** What the editor shows: a page, or a reusable content (edited the same way, used wherever it is included). */
type OpenContent = { kind: 'page'; pageId: string } | { kind: 'reusable-content'; reusableContentId: string };

export function openContentOf(state: Pick<NavigationState, 'pageId' | 'reusableContentId'>): OpenContent | undefined {
  if (state.reusableContentId) return { kind: 'reusable-content', reusableContentId: state.reusableContentId };
  return state.pageId ? { kind: 'page', pageId: state.pageId } : undefined;
}

export function createNavigationStore(): NavigationStore {
  return createStore<NavigationState>()((set, get) => ({
    contentVersion: 0,
    enterSpace(spaceId) {
      if (spaceId === get().spaceId) return;
      set({ spaceId, pageId: undefined, reusableContentId: undefined, anchor: undefined, changeRequestId: undefined, revisionId: undefined });
    },
    openPage(pageId, anchor) {
      set({ pageId, anchor, reusableContentId: undefined });
    },
    openReusableContent(reusableContentId) {
      set({ reusableContentId, pageId: reusableContentId ? undefined : get().pageId, anchor: undefined });
    },
    openChangeRequest(changeRequestId) {
      set({ changeRequestId, revisionId: undefined });
    },
    openRevision(revisionId) {
      set({ revisionId });
    },
    showPanel(panel) {
      set({ panel });
    },
    togglePanel(panel) {
      set({ panel: get().panel === panel ? undefined : panel });
    },
    openDialog(dialog) {
      set({ dialog });
    },
    closeDialog() {
      set({ dialog: undefined });
    },
    contentChanged() {
      set({ contentVersion: get().contentVersion + 1 });
    },
  }));
}
