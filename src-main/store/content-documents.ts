import type { Db } from './database';

/**
 * Where a space's content held a body (by its hash): a page of one of its trees (main content or a change
 * request) at some revision, main content first and the newest version first. Undefined when none did.
 */
export function spaceUsesBody(db: Db, spaceId: string, hash: string): { treeId: string; pageId: string } | undefined {
  const row = db
    .prepare(
      `SELECT v.tree_id AS treeId, v.page_id AS pageId FROM content_versions v
       WHERE v.tree_id IN (SELECT DISTINCT tree_id FROM revisions WHERE space_id = ?) AND v.body_hash = ?
       ORDER BY (v.tree_id = ?) DESC, v.seq DESC LIMIT 1`,
    )
    .get(spaceId, hash, spaceId) as { treeId: string; pageId: string } | undefined;
  return row;
}
