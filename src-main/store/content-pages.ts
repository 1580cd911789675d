import type { Db } from './database';

/** A page of a content tree as readers see it now (the read model of docs/content.md). */
export interface ContentPageRow {
  tree_id: string;
  page_id: string;
  space_id: string;
  parent_id: string | null;
  position: number;
  depth: number;
  kind: string;
  title: string;
  slug: string;
  path: string;
  /** JSON: emoji, icon, description, hidden, href, options. */
  meta: string;
  markdown: string;
  created_at: string;
  updated_at: string;
  deleted: number;
  dirty: number;
}

export type PageRowFields = Omit<ContentPageRow, 'markdown' | 'deleted' | 'dirty'>;

/** The tree fields of every page of a tree (bodies left out: a tree refresh never needs them). */
export function treeRows(db: Db, treeId: string): Map<string, PageRowFields & { deleted: number }> {
  const rows = db
    .prepare(
      `SELECT tree_id, page_id, space_id, parent_id, position, depth, kind, title, slug, path, meta, created_at, updated_at, deleted
       FROM content_pages WHERE tree_id = ?`,
    )
    .all(treeId) as Array<PageRowFields & { deleted: number }>;
  return new Map(rows.map((r) => [r.page_id, r]));
}

/** Live pages of a tree, parents before children, siblings in order. */
export function listLivePages(db: Db, treeId: string): ContentPageRow[] {
  return db
    .prepare('SELECT * FROM content_pages WHERE tree_id = ? AND deleted = 0 ORDER BY depth, parent_id, position')
    .all(treeId) as ContentPageRow[];
}

/**
 * Live pages of a tree like listLivePages, with empty bodies: what the page tree needs, without reading
 * the markdown of every page of a 10,000-page space.
 */
export function listLivePagesWithoutBodies(db: Db, treeId: string): ContentPageRow[] {
  return db
    .prepare(
      `SELECT tree_id, page_id, space_id, parent_id, position, depth, kind, title, slug, path, meta, '' AS markdown,
         created_at, updated_at, deleted, dirty
       FROM content_pages WHERE tree_id = ? AND deleted = 0 ORDER BY depth, parent_id, position`,
    )
    .all(treeId) as ContentPageRow[];
}

export function getLivePage(db: Db, treeId: string, pageId: string): ContentPageRow | undefined {
  return db.prepare('SELECT * FROM content_pages WHERE tree_id = ? AND page_id = ? AND deleted = 0').get(treeId, pageId) as
    | ContentPageRow
    | undefined;
}

export function getLivePageByPath(db: Db, treeId: string, path: string): ContentPageRow | undefined {
  return db.prepare('SELECT * FROM content_pages WHERE tree_id = ? AND path = ? AND deleted = 0').get(treeId, path) as
    | ContentPageRow
    | undefined;
}

/** Writes a page's tree fields, marking it changed since the last revision. */
export function upsertPageRow(db: Db, row: PageRowFields): void {
  db.prepare(
    `INSERT INTO content_pages (tree_id, page_id, space_id, parent_id, position, depth, kind, title, slug, path, meta,
       created_at, updated_at, deleted, dirty)
     VALUES (@tree_id, @page_id, @space_id, @parent_id, @position, @depth, @kind, @title, @slug, @path, @meta,
       @created_at, @updated_at, 0, 1)
     ON CONFLICT(tree_id, page_id) DO UPDATE SET parent_id = excluded.parent_id, position = excluded.position,
       depth = excluded.depth, kind = excluded.kind, title = excluded.title, slug = excluded.slug, path = excluded.path,
       meta = excluded.meta, updated_at = excluded.updated_at, deleted = 0, dirty = 1`,
  ).run(row);
}

export function markPageDeleted(db: Db, treeId: string, pageId: string): void {
  db.prepare('UPDATE content_pages SET deleted = 1, dirty = 1 WHERE tree_id = ? AND page_id = ?').run(treeId, pageId);
}

export function setPageMarkdown(db: Db, treeId: string, pageId: string, markdown: string, now: string): void {
  db.prepare(
    'UPDATE content_pages SET markdown = ?, updated_at = ?, dirty = 1 WHERE tree_id = ? AND page_id = ? AND markdown <> ?',
  ).run(markdown, now, treeId, pageId, markdown);
}

export function dirtyPages(db: Db, treeId: string): ContentPageRow[] {
  return db.prepare('SELECT * FROM content_pages WHERE tree_id = ? AND dirty = 1').all(treeId) as ContentPageRow[];
}

/** After a revision recorded them: nothing is pending, and deleted pages leave the read model. */
export function settlePages(db: Db, treeId: string): void {
  // Deleted rows are dirty until settled: the partial index on dirty rows finds them without a scan of the tree.
  db.prepare('DELETE FROM content_pages WHERE tree_id = ? AND dirty = 1 AND deleted = 1').run(treeId);
  db.prepare('UPDATE content_pages SET dirty = 0 WHERE tree_id = ? AND dirty = 1').run(treeId);
}

/** Trees with page, file or reusable-content changes not yet in a revision. */
export function treesWithPendingChanges(db: Db): string[] {
  return (
    db
      .prepare(
        `SELECT tree_id FROM content_pages WHERE dirty = 1 UNION SELECT tree_id FROM content_files WHERE dirty = 1
         UNION SELECT tree_id FROM content_reusables WHERE dirty = 1`,
      )
      .all() as Array<{ tree_id: string }>
  ).map((r) => r.tree_id);
}

/** The live descendants of a page (its children, theirs, ...): what reading one page needs, not the whole tree. */
export function listLiveDescendants(db: Db, treeId: string, pageId: string): ContentPageRow[] {
  return db
    .prepare(
      // CROSS JOIN fixes the join order: SQLite otherwise scans the recursion per row of the tree.
      `WITH RECURSIVE below(page_id) AS (
         SELECT page_id FROM content_pages WHERE tree_id = @tree AND parent_id = @page AND deleted = 0
         UNION ALL SELECT p.page_id FROM below b CROSS JOIN content_pages p
           ON p.tree_id = @tree AND p.parent_id = b.page_id WHERE p.deleted = 0)
       SELECT c.* FROM below b CROSS JOIN content_pages c ON c.tree_id = @tree AND c.page_id = b.page_id`,
    )
    .all({ tree: treeId, page: pageId }) as ContentPageRow[];
}

export function hasLivePage(db: Db, treeId: string, pageId: string): boolean {
  return db.prepare('SELECT 1 FROM content_pages WHERE tree_id = ? AND page_id = ? AND deleted = 0').get(treeId, pageId) !== undefined;
}

/** A change request's read model starts as a copy of main's, bodies included, nothing pending. */
export function copyTreeRows(db: Db, fromTree: string, toTree: string): void {
  db.prepare(
    `INSERT INTO content_pages (tree_id, page_id, space_id, parent_id, position, depth, kind, title, slug, path, meta, markdown,
       created_at, updated_at, deleted, dirty)
     SELECT ?, page_id, space_id, parent_id, position, depth, kind, title, slug, path, meta, markdown, created_at, updated_at, 0, 1
     FROM content_pages WHERE tree_id = ? AND deleted = 0`,
  ).run(toTree, fromTree);
}

/**
 * Pages of a change request that still read main's body (never forked) take main's current
 * markdown: after pulling main in, pages main added need their bodies. Returns how many changed.
 */
export function syncUnforkedMarkdown(db: Db, mainTree: string, changeRequestId: string): number {
  return db
    .prepare(
      `UPDATE content_pages AS c SET markdown = m.markdown, dirty = 1
       FROM content_pages AS m
       WHERE c.tree_id = @cr AND m.tree_id = @main AND m.page_id = c.page_id AND c.deleted = 0 AND m.deleted = 0
         AND c.markdown <> m.markdown
         AND c.page_id NOT IN (SELECT page_id FROM change_request_bodies WHERE change_request_id = @cr)`,
    )
    .run({ main: mainTree, cr: changeRequestId }).changes;
}
