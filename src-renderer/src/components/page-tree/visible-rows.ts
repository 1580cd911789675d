import type { PageTreeData, TreePage } from './tree-data';

/** Which pages show their children: explicit choices, else groups (headers) open and everything else closed. */
export type ExpandedState = Record<string, boolean>;

export function isExpanded(expanded: ExpandedState, page: TreePage): boolean {
  return expanded[page.id] ?? page.type === 'group';
}

/** One row of the tree as shown: a page, with what aria-level, aria-setsize and aria-posinset need. */
export interface VisibleRow {
  id: string;
  /** 1 for the first level. */
  level: number;
  setSize: number;
  posInSet: number;
  hasChildren: boolean;
  expanded: boolean;
}

/**
 * The rows on screen, in order: only expanded branches are walked, so a 10,000-page space costs what
 * its open branches hold. Iterative, so a deep tree cannot overflow the stack.
 */
export function visibleRows(tree: PageTreeData, expanded: ExpandedState): VisibleRow[] {
  const rows: VisibleRow[] = [];
  const stack: Array<{ ids: string[]; index: number; level: number }> = [{ ids: tree.roots, index: 0, level: 1 }];
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    if (frame.index >= frame.ids.length) {
      stack.pop();
      continue;
    }
    const id = frame.ids[frame.index]!;
    frame.index += 1;
    const page = tree.pages[id];
    if (!page) continue;
    const open = page.children.length > 0 && isExpanded(expanded, page);
    rows.push({ id, level: frame.level, setSize: frame.ids.length, posInSet: frame.index, hasChildren: page.children.length > 0, expanded: open });
    if (open) stack.push({ ids: page.children, index: 0, level: frame.level + 1 });
  }
  return rows;
}

/** Where ArrowLeft goes from a row: its parent's row (the nearest row above it one level up). */
export function parentRowIndex(rows: VisibleRow[], index: number): number {
  const level = rows[index]?.level ?? 1;
  for (let i = index - 1; i >= 0; i -= 1) if (rows[i]!.level < level) return i;
  return -1;
}
