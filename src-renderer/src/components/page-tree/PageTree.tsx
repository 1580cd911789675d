import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { Space } from '../../api/types';
import { visibleRows } from './visible-rows';
import { LockIcon, PlusIcon } from '../Icons';
import { StatusMessage } from '../StatusMessage';
import { useAppStores, useNavigation } from '../stores-context';
import { EmojiDialog } from './EmojiDialog';
import { PageActionsMenu, type PageMenuItem } from './PageActionsMenu';
import { PageTreeRow, type RowHandlers, rowDomId } from './PageTreeRow';
import { TreeErrors } from './TreeErrors';
import { UndoDeleteBar } from './UndoDeleteBar';
import { handleTreeKey } from './tree-keyboard';
import { useRowWindow } from './use-row-window';
import { useTreeDrag } from './use-tree-drag';

interface Popup {
  pageId: string;
  anchor: DOMRect;
}

/**
 * The space's page tree: an ARIA tree with a roving tabindex, drawn a window of rows at a time so a
 * 10,000-page space shows at once. Editors create, rename, set emoji, move (drag and drop, or Alt+arrows)
 * and delete with undo; readers only browse. Each row shows its open comment count.
 */
export function PageTree({ space }: { space: Space }) {
  const store = useAppStores().pageTree;
  const load = useStore(store, (s) => s.load);
  const tree = useStore(store, (s) => s.tree);
  const expanded = useStore(store, (s) => s.expanded);
  const counts = useStore(store, (s) => s.commentCounts);
  const renamingId = useStore(store, (s) => s.renamingId);
  const creating = useStore(store, (s) => s.pending.create === true);
  const notice = useStore(store, (s) => s.notice);
  const openPageId = useNavigation((s) => s.pageId);
  const onChangeRequest = useNavigation((s) => s.changeRequestId !== undefined);
  // Locking freezes main content; a change request's copy stays editable (only its merge waits), as the server rules.
  const locked = space.editMode === 'locked' && !onChangeRequest;
  const editable = !locked && space.permissions.edit;

  const rows = useMemo(() => visibleRows(tree, expanded), [tree, expanded]);
  const indexOf = useMemo(() => new Map(rows.map((row, index) => [row.id, index])), [rows]);
  const [focusedId, setFocusedId] = useState<string>();
  const [focusRequest, setFocusRequest] = useState(0);
  const [menu, setMenu] = useState<Popup>();
  const [emojiFor, setEmojiFor] = useState<Popup>();
  const drag = useTreeDrag(store);
  const newPageButton = useRef<HTMLButtonElement>(null);

  // The one row in the tab order: the last focused, else the open page, else the first.
  const tabbableId = [focusedId, openPageId].find((id) => id !== undefined && indexOf.has(id)) ?? rows[0]?.id;
  const tabbableIndex = tabbableId === undefined ? -1 : indexOf.get(tabbableId)!;
  const view = useRowWindow(rows.length, [tabbableIndex, drag.dragging ? (indexOf.get(drag.dragging) ?? -1) : -1]);

  /** Moves focus to a row (drawn because it becomes the tabbable one). */
  const focusRow = useCallback((pageId: string) => {
    setFocusedId(pageId);
    setFocusRequest((n) => n + 1);
  }, []);
  useEffect(() => {
    if (focusRequest && focusedId) document.getElementById(rowDomId(focusedId))?.focus();
    // Only a new request moves focus (not every change of focusedId): re-renders must not take focus back.
  }, [focusRequest]);
  // A page being renamed (a new one included) becomes the tabbable row, so it is drawn and in view.
  useEffect(() => {
    if (renamingId) setFocusedId(renamingId);
  }, [renamingId]);

  const rowRect = (pageId: string) => document.getElementById(rowDomId(pageId))?.getBoundingClientRect() ?? new DOMRect();
  const latest = useRef({ drag, rowRect });
  latest.current = { drag, rowRect };
  const handlers = useMemo<RowHandlers>(
    () => ({
      activate: (id) => store.getState().open(id),
      toggle: (id) => store.getState().toggle(id),
      focus: (id) => setFocusedId(id),
      openMenu: (id, button) => setMenu({ pageId: id, anchor: button.getBoundingClientRect() }),
      commitRename: (id, title, refocus) => {
        void store.getState().rename(id, title);
        if (refocus) focusRow(id);
      },
      cancelRename: (id, refocus) => {
        store.getState().cancelRename();
        if (refocus) focusRow(id);
      },
      dragStart: (id, event) => latest.current.drag.dragStart(id, event),
      dragOver: (id, event) => latest.current.drag.dragOver(id, event),
      drop: (id, event) => latest.current.drag.drop(id, event),
      dragEnd: () => latest.current.drag.dragEnd(),
    }),
    [store, focusRow],
  );

  const closeMenu = useCallback(
    (refocus: boolean) => {
      setMenu((open) => {
        if (open && refocus) focusRow(open.pageId);
        return undefined;
      });
    },
    [focusRow],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).getAttribute('role') !== 'treeitem') return;
    handleTreeKey(event, {
      rows,
      index: tabbableIndex,
      state: store.getState(),
      editable,
      focus: focusRow,
      openMenu: (id) => setMenu({ pageId: id, anchor: latest.current.rowRect(id) }),
    });
  };

  const create = () => void store.getState().createPage();
  const menuPage = menu ? tree.pages[menu.pageId] : undefined;
  const emojiPage = emojiFor ? tree.pages[emojiFor.pageId] : undefined;

  return (
    <div className="page-tree">
      <div className="page-tree__header">
        <h2 className="page-tree__heading" id="page-tree-heading">
          Pages
        </h2>
        {editable && (
          <button ref={newPageButton} type="button" className="button button--quiet page-tree__new" onClick={create} disabled={creating}>
            <PlusIcon /> New page
          </button>
        )}
      </div>
      {!editable && (
        <p className="hint page-tree__readonly">
          <LockIcon size={14} /> {locked ? 'This space is locked: its pages cannot be changed.' : 'You can read these pages, not change them.'}
        </p>
      )}
      <TreeErrors store={store} />
      {load.status === 'error' ? (
        <StatusMessage kind="error" title="Could not load the pages" onRetry={() => void store.getState().reload()}>
          {load.message}
        </StatusMessage>
      ) : load.status !== 'ready' ? (
        <StatusMessage kind="loading">Loading pages…</StatusMessage>
      ) : rows.length === 0 ? (
        <div className="page-tree__empty">
          <StatusMessage kind="empty">{editable ? 'No pages yet — create the first one.' : 'No pages yet.'}</StatusMessage>
          {editable && (
            <button type="button" className="button button--primary" onClick={create} disabled={creating}>
              <PlusIcon /> Create the first page
            </button>
          )}
        </div>
      ) : (
        <div className="page-tree__scroller" ref={view.scroller} onScroll={view.onScroll}>
          <div role="tree" aria-labelledby="page-tree-heading" className="page-tree__tree" style={{ height: view.height }} onKeyDown={onKeyDown}>
            {view.indices.map((index) => {
              const row = rows[index]!;
              return (
                <PageTreeRow
                  key={row.id}
                  page={tree.pages[row.id]!}
                  level={row.level}
                  setSize={row.setSize}
                  posInSet={row.posInSet}
                  hasChildren={row.hasChildren}
                  expanded={row.expanded}
                  index={index}
                  commentCount={counts[row.id] ?? 0}
                  selected={row.id === openPageId}
                  tabbable={index === tabbableIndex}
                  editable={editable}
                  renaming={row.id === renamingId && editable}
                  dragging={row.id === drag.dragging}
                  drop={drag.indicator?.pageId === row.id ? drag.indicator.position : undefined}
                  handlers={handlers}
                />
              );
            })}
          </div>
        </div>
      )}
      <p className="visually-hidden" role="status">
        {notice}
      </p>
      <UndoDeleteBar
        store={store}
        onRestored={focusRow}
        onDismissed={() => (tabbableId ? focusRow(tabbableId) : newPageButton.current?.focus())}
      />
      {menu && menuPage && <PageActionsMenu page={menuPage} anchor={menu.anchor} items={menuItems(menuPage.id)} onClose={closeMenu} />}
      {emojiFor && emojiPage && (
        <EmojiDialog
          page={emojiPage}
          anchor={emojiFor.anchor}
          onClose={() => {
            setEmojiFor(undefined);
            focusRow(emojiFor.pageId);
          }}
          onSave={(emoji) => {
            setEmojiFor(undefined);
            void store.getState().setEmoji(emojiFor.pageId, emoji);
            focusRow(emojiFor.pageId);
          }}
        />
      )}
    </div>
  );

  function menuItems(pageId: string): PageMenuItem[] {
    const page = tree.pages[pageId]!;
    const state = store.getState();
    const then = (run: () => void) => () => {
      closeMenu(false);
      run();
    };
    const items: PageMenuItem[] = [
      { label: 'Rename', run: then(() => state.startRename(pageId)) },
      { label: page.emoji ? 'Change emoji' : 'Add emoji', run: then(() => setEmojiFor({ pageId, anchor: latest.current.rowRect(pageId) })) },
    ];
    if (page.emoji) items.push({ label: 'Remove emoji', run: then(() => void state.setEmoji(pageId, null).then(() => focusRow(pageId))) });
    if (page.type !== 'link') items.push({ label: 'Add subpage', run: then(() => void state.createPage({ parent: pageId })) });
    items.push({ label: 'Delete', danger: true, run: then(() => void state.deletePage(pageId)) });
    return items;
  }
}
