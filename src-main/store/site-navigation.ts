import type { Db } from './database';

/**
 * The pages a published site's navigation shows, read without the rest of a large space: the site preview
 * shows the top level, groups' pages and the branch of the current page, so it reads those rows only (a
 * 10,000-page space is not read whole for each page view). Bodies are left out.
 */
export interface NavRow {
  page_id: string;
  parent_id: string | null;
  position: number;
  depth: number;
  kind: string;
  title: string;
  path: string;
  /** JSON: emoji, icon, description, hidden, href. */
  meta: string;
  /** 1 when the page has live children. */
  has_children: number;
}

const FIELDS = `p.page_id, p.parent_id, p.position, p.depth, p.kind, p.title, p.path, p.meta,
  EXISTS (SELECT 1 FROM content_pages c WHERE c.tree_id = p.tree_id AND c.parent_id = p.page_id AND c.deleted = 0) AS has_children`;

/** The page and its ancestors, the page first. */
export function ancestorIds(db: Db, treeId: string, pageId: string): string[] {
  const rows = db
    .prepare(
      `WITH RECURSIVE up(id, n) AS (
         SELECT ?, 0
         UNION SELECT p.parent_id, up.n + 1 FROM content_pages p JOIN up ON p.tree_id = ? AND p.page_id = up.id
         WHERE p.parent_id IS NOT NULL AND up.n < 100)
       SELECT id FROM up ORDER BY n`,
    )
    .all(pageId, treeId) as Array<{ id: string }>;
  return rows.map((row) => row.id);
}

/** Top-level pages, the pages of top-level groups, and the children of the given (open) pages. */
export function navigationRows(db: Db, treeId: string, openIds: readonly string[]): NavRow[] {
  return db
    .prepare(
      `SELECT ${FIELDS} FROM content_pages p
       WHERE p.tree_id = ? AND p.deleted = 0 AND (
         p.parent_id IS NULL
         OR p.parent_id IN (SELECT value FROM json_each(?))
         OR p.parent_id IN (SELECT g.page_id FROM content_pages g WHERE g.tree_id = ? AND g.parent_id IS NULL AND g.kind = 'group' AND g.deleted = 0))`,
    )
    .all(treeId, JSON.stringify(openIds), treeId) as NavRow[];
}

/** A page's live children in order. */
export function childRows(db: Db, treeId: string, parentId: string): NavRow[] {
  return db
    .prepare(`SELECT ${FIELDS} FROM content_pages p WHERE p.tree_id = ? AND p.parent_id = ? AND p.deleted = 0 ORDER BY p.position, p.page_id`)
    .all(treeId, parentId) as NavRow[];
}

export function navRowsByIds(db: Db, treeId: string, ids: readonly string[]): NavRow[] {
  return db
    .prepare(`SELECT ${FIELDS} FROM content_pages p WHERE p.tree_id = ? AND p.deleted = 0 AND p.page_id IN (SELECT value FROM json_each(?))`)
    .all(treeId, JSON.stringify(ids)) as NavRow[];
}
