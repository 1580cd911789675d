import type { KeyboardEvent } from 'react';
import type { PageTreeState } from './page-tree-store';
import { type VisibleRow, parentRowIndex } from './visible-rows';

interface TreeKeyContext {
  rows: VisibleRow[];
  /** The row that has focus (the roving tabindex). */
  index: number;
  state: PageTreeState;
  editable: boolean;
  focus(pageId: string): void;
  openMenu(pageId: string): void;
}

const MOVES = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'in', ArrowLeft: 'out' } as const;

/**
 * The tree's keys (WAI-ARIA tree pattern): arrows move and open or close, Home/End jump, Enter opens,
 * a letter jumps to the next title starting with it; for editors F2 renames, Delete deletes,
 * Shift+F10 opens the actions, and Alt+arrows move the page (the keyboard's drag and drop).
 */
export function handleTreeKey(event: KeyboardEvent, ctx: TreeKeyContext): void {
  const { rows, index, state } = ctx;
  const row = rows[index];
  if (!row) return;
  const page = state.tree.pages[row.id];
  if (!page) return;
  const go = (to: number) => {
    const target = rows[Math.max(0, Math.min(rows.length - 1, to))];
    if (target) ctx.focus(target.id);
  };

  if (event.altKey && event.key in MOVES) {
    event.preventDefault();
    if (ctx.editable) void state.moveWithKeyboard(row.id, MOVES[event.key as keyof typeof MOVES]).then(() => ctx.focus(row.id));
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;

  switch (event.key) {
    case 'ArrowDown':
      go(index + 1);
      break;
    case 'ArrowUp':
      go(index - 1);
      break;
    case 'Home':
      go(0);
      break;
    case 'End':
      go(rows.length - 1);
      break;
    case 'ArrowRight':
      if (row.hasChildren && !row.expanded) state.setExpanded(row.id, true);
      else if (row.expanded) go(index + 1);
      break;
    case 'ArrowLeft':
      if (row.expanded) state.setExpanded(row.id, false);
      else if (parentRowIndex(rows, index) >= 0) go(parentRowIndex(rows, index));
      break;
    case 'Enter':
      state.open(row.id);
      break;
    case 'F2':
      if (!ctx.editable) return;
      state.startRename(row.id);
      break;
    case 'Delete':
      if (!ctx.editable) return;
      void state.deletePage(row.id);
      break;
    case 'ContextMenu':
      if (!ctx.editable) return;
      ctx.openMenu(row.id);
      break;
    case 'F10':
      if (!event.shiftKey || !ctx.editable) return;
      ctx.openMenu(row.id);
      break;
    default:
      if (event.key.length !== 1 || event.key === ' ') return;
      jumpToTitle(event.key.toLowerCase(), ctx);
  }
  event.preventDefault();
}

/** Type-ahead: the next row (after the focused one, wrapping) whose title starts with the letter. */
function jumpToTitle(letter: string, ctx: TreeKeyContext): void {
  const { rows, index, state } = ctx;
  for (let step = 1; step <= rows.length; step += 1) {
    const candidate = rows[(index + step) % rows.length]!;
    if (state.tree.pages[candidate.id]?.title.toLowerCase().startsWith(letter)) {
      ctx.focus(candidate.id);
      return;
    }
  }
}
