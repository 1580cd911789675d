import { type DragEvent, useRef, useState } from 'react';
import type { PageTreeStore } from './page-tree-store';
import { type DropTarget, canMove } from './tree-data';
import { isExpanded } from './visible-rows';

/** Hovering a closed page this long while dragging opens it, so a page can be dropped deep in the tree. */
const OPEN_ON_HOVER_MS = 700;

/**
 * Drag and drop with HTML5 events: the top quarter of a row drops before it, the bottom quarter after
 * it, the middle inside it (as its last page). Only drops the tree accepts show an indicator.
 */
export function useTreeDrag(store: PageTreeStore) {
  const [dragging, setDragging] = useState<string>();
  const [indicator, setIndicator] = useState<DropTarget>();
  const draggingRef = useRef<string | undefined>(undefined);
  const indicatorRef = useRef<DropTarget | undefined>(undefined);
  const hover = useRef<{ pageId: string; timer: ReturnType<typeof setTimeout> } | undefined>(undefined);

  const show = (target: DropTarget | undefined) => {
    const current = indicatorRef.current;
    if (current?.pageId === target?.pageId && current?.position === target?.position) return;
    indicatorRef.current = target;
    setIndicator(target);
  };
  const stopHover = () => {
    if (hover.current) clearTimeout(hover.current.timer);
    hover.current = undefined;
  };
  const end = () => {
    draggingRef.current = undefined;
    setDragging(undefined);
    show(undefined);
    stopHover();
  };

  const openLater = (pageId: string) => {
    if (hover.current?.pageId === pageId) return;
    stopHover();
    hover.current = { pageId, timer: setTimeout(() => store.getState().setExpanded(pageId, true), OPEN_ON_HOVER_MS) };
  };

  return {
    dragging,
    indicator,
    dragStart(pageId: string, event: DragEvent<HTMLElement>) {
      event.dataTransfer.effectAllowed = 'move';
      // Some browsers start no drag without data; the title is what a drop elsewhere would get.
      event.dataTransfer.setData('text/plain', store.getState().tree.pages[pageId]?.title ?? pageId);
      draggingRef.current = pageId;
      setDragging(pageId);
    },
    dragOver(pageId: string, event: DragEvent<HTMLElement>) {
      const moving = draggingRef.current;
      if (!moving) return;
      const { tree, expanded } = store.getState();
      const target = targetAt(event, pageId, tree.pages[pageId]?.type === 'link');
      if (!canMove(tree, moving, target)) {
        show(undefined);
        return;
      }
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      show(target);
      const page = tree.pages[pageId];
      if (target.position === 'inside' && page && page.children.length > 0 && !isExpanded(expanded, page)) openLater(pageId);
      else stopHover();
    },
    drop(_pageId: string, event: DragEvent<HTMLElement>) {
      event.preventDefault();
      const moving = draggingRef.current;
      const target = indicatorRef.current;
      end();
      if (moving && target) void store.getState().move(moving, placedTarget(store, target));
    },
    dragEnd: end,
  };
}

function targetAt(event: DragEvent<HTMLElement>, pageId: string, isLink: boolean): DropTarget {
  const rect = event.currentTarget.getBoundingClientRect();
  const y = rect.height > 0 ? (event.clientY - rect.top) / rect.height : 0.5;
  if (isLink) return { position: y < 0.5 ? 'before' : 'after', pageId };
  if (y < 0.25) return { position: 'before', pageId };
  if (y > 0.75) return { position: 'after', pageId };
  return { position: 'inside', pageId };
}

/**
 * Below an open page with pages the line sits above its first page, and that is where the page goes:
 * "after" the open page itself would land below its whole branch.
 */
function placedTarget(store: PageTreeStore, target: DropTarget): DropTarget {
  const { tree, expanded } = store.getState();
  const page = tree.pages[target.pageId];
  if (target.position !== 'after' || !page || page.children.length === 0 || !isExpanded(expanded, page)) return target;
  return { position: 'before', pageId: page.children[0]! };
}
