import type { Db } from './database';

interface RecentPageRow {
  space_id: string;
  space_title: string;
  page_id: string;
  title: string;
  path: string;
  meta: string;
  /** When this user's latest revision touching the page was cut. */
  edited_at: string;
}

/**
 * The document pages of these spaces' main content that a user's own revisions changed most recently,
 * newest first. Revisions record the pages they changed (content_versions); a page edited in a change
 * request counts once the request is merged (its merge is its merger's, not the writer's, edit).
 */
export function recentPagesEditedBy(db: Db, userId: string, spaceIds: string[], limit: number): RecentPageRow[] {
  if (spaceIds.length === 0) return [];
  return db
    .prepare(
      `SELECT p.space_id, s.title AS space_title, p.page_id, p.title, p.path, p.meta, latest.edited_at
       FROM (
         SELECT r.space_id, v.page_id, MAX(r.seq) AS seq, MAX(r.created_at) AS edited_at
         FROM revisions r
         JOIN content_versions v ON v.tree_id = r.tree_id AND v.revision_seq = r.seq
         WHERE r.created_by = ? AND r.tree_id = r.space_id AND r.type IN ('edits', 'rollback')
           AND r.space_id IN (SELECT value FROM json_each(?))
         GROUP BY r.space_id, v.page_id
       ) latest
       JOIN content_pages p ON p.tree_id = latest.space_id AND p.page_id = latest.page_id
       JOIN spaces s ON s.id = latest.space_id
       WHERE p.deleted = 0 AND p.kind = 'document'
       ORDER BY latest.seq DESC
       LIMIT ?`,
    )
    .all(userId, JSON.stringify(spaceIds), limit) as RecentPageRow[];
}
