import type { Db } from '../../store/database';
import { childRows, type NavRow } from '../../store/site-navigation';

/**
 * Reading order around one page (the pager's previous and next), walked over the rows the navigation already
 * read, reading a folded page's children only when the walk goes into them. Only visible documents count:
 * groups and links are passed through, hidden pages (and what is under them) skipped.
 */
export class PageOrder {
  private readonly byId = new Map<string, NavRow>();
  private readonly children = new Map<string | null, NavRow[]>();

  constructor(
    private readonly db: Db,
    private readonly treeId: string,
    rows: readonly NavRow[],
    /** Pages whose children are all among `rows` (top level is null). */
    loadedParents: ReadonlySet<string | null>,
  ) {
    for (const row of rows) this.byId.set(row.page_id, row);
    for (const parent of loadedParents) this.children.set(parent, []);
    for (const row of rows) {
      const parent = row.parent_id !== null && this.byId.has(row.parent_id) ? row.parent_id : null;
      if (this.children.has(parent)) this.children.get(parent)!.push(row);
    }
    for (const list of this.children.values()) list.sort(byPosition);
  }

  next(page: NavRow): NavRow | undefined {
    let at: NavRow | undefined = page;
    // Bounded: a walk never visits more pages than there are (a malformed tree cannot loop it forever).
    for (let steps = 0; at && steps < 100_000; steps += 1) {
      at = this.successor(at, at !== page || !isHidden(page));
      if (at && isReadable(at)) return at;
    }
    return undefined;
  }

  previous(page: NavRow): NavRow | undefined {
    let at: NavRow | undefined = page;
    for (let steps = 0; at && steps < 100_000; steps += 1) {
      at = this.predecessor(at);
      if (at && isReadable(at)) return at;
    }
    return undefined;
  }

  /** The page after `row` in reading order: its first child (when entering it), else the next sibling of it or of an ancestor. */
  private successor(row: NavRow, enter: boolean): NavRow | undefined {
    if (enter && !isHidden(row)) {
      const first = this.childrenOf(row.page_id)[0];
      if (first) return first;
    }
    for (let at: NavRow | undefined = row; at; at = this.parentOf(at)) {
      const siblings = this.childrenOf(this.parentKey(at));
      const next = siblings[siblings.findIndex((s) => s.page_id === at!.page_id) + 1];
      if (next) return next;
    }
    return undefined;
  }

  /** The page before `row`: the last page under its previous sibling, else its parent. */
  private predecessor(row: NavRow): NavRow | undefined {
    const siblings = this.childrenOf(this.parentKey(row));
    let at = siblings[siblings.findIndex((s) => s.page_id === row.page_id) - 1];
    if (!at) return this.parentOf(row);
    for (let below = this.childrenOf(at.page_id); below.length > 0 && !isHidden(at); below = this.childrenOf(at.page_id)) at = below.at(-1)!;
    return at;
  }

  private parentKey(row: NavRow): string | null {
    return row.parent_id !== null && this.byId.has(row.parent_id) ? row.parent_id : null;
  }

  private parentOf(row: NavRow): NavRow | undefined {
    const key = this.parentKey(row);
    return key === null ? undefined : this.byId.get(key);
  }

  private childrenOf(parent: string | null): NavRow[] {
    let list = this.children.get(parent);
    if (!list) {
      list = parent === null ? [] : childRows(this.db, this.treeId, parent);
      for (const row of list) this.byId.set(row.page_id, row);
      this.children.set(parent, list);
    }
    return list;
  }
}

function byPosition(a: NavRow, b: NavRow): number {
  return a.position - b.position || (a.page_id < b.page_id ? -1 : a.page_id > b.page_id ? 1 : 0);
}

export function isHidden(row: Pick<NavRow, 'meta'>): boolean {
  try {
    return (JSON.parse(row.meta) as { hidden?: unknown }).hidden === true;
  } catch {
    return false;
  }
}

function isReadable(row: NavRow): boolean {
  return row.kind === 'document' && !isHidden(row);
}
