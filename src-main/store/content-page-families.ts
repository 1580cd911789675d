import type { Db } from './database';
import type { PageRowFields } from './content-pages';

/**
 * Read-model rows of one part of a tree (a page, its siblings, its subtree), bodies left out: what an
 * edit of the tree needs to refresh only the rows it touches (content/tree-rows-incremental.ts).
 */
type TreeRow = PageRowFields & { deleted: number };

const TREE_COLUMNS = 'tree_id, page_id, space_id, parent_id, position, depth, kind, title, slug, path, meta, created_at, updated_at, deleted';

export function treeRowOf(db: Db, treeId: string, pageId: string): TreeRow | undefined {
  return db.prepare(`SELECT ${TREE_COLUMNS} FROM content_pages WHERE tree_id = ? AND page_id = ?`).get(treeId, pageId) as
    | TreeRow
    | undefined;
}

/** Where a page is shown: what deciding whether its row must change needs. */
export type PlaceRow = Pick<TreeRow, 'page_id' | 'position' | 'depth' | 'slug' | 'path'>;

const PLACE_COLUMNS = 'page_id, position, depth, slug, path';

/** The live pages shown directly under `parent` (null: the top level). */
export function childPlaceRows(db: Db, treeId: string, parent: string | null): PlaceRow[] {
  if (parent === null) {
    return db.prepare(`SELECT ${PLACE_COLUMNS} FROM content_pages WHERE tree_id = ? AND parent_id IS NULL AND deleted = 0`).all(treeId) as PlaceRow[];
  }
  return db.prepare(`SELECT ${PLACE_COLUMNS} FROM content_pages WHERE tree_id = ? AND parent_id = ? AND deleted = 0`).all(treeId, parent) as PlaceRow[];
}

/** The live pages shown below `pageId`, at any depth. */
export function subtreeTreeRows(db: Db, treeId: string, pageId: string): TreeRow[] {
  return db
    .prepare(
      // CROSS JOIN fixes the join order: SQLite otherwise scans the recursion per row of the tree.
      `WITH RECURSIVE below(page_id) AS (
         SELECT page_id FROM content_pages WHERE tree_id = @tree AND parent_id = @page AND deleted = 0
         UNION ALL SELECT p.page_id FROM below b CROSS JOIN content_pages p
           ON p.tree_id = @tree AND p.parent_id = b.page_id WHERE p.deleted = 0)
       SELECT ${TREE_COLUMNS.split(', ').map((c) => `c.${c}`).join(', ')}
       FROM below b CROSS JOIN content_pages c ON c.tree_id = @tree AND c.page_id = b.page_id`,
    )
    .all({ tree: treeId, page: pageId }) as TreeRow[];
}
