import type { Db } from './database';

interface ReplierRow {
  comment_id: string;
  user_id: string;
  count: number;
  updated_at: string;
}

/** Who replied to each of these comments, how often and when last (GitBook's `repliers`), in one query. */
export function repliersOf(db: Db, commentIds: string[]): Map<string, ReplierRow[]> {
  const byComment = new Map<string, ReplierRow[]>();
  if (commentIds.length === 0) return byComment;
  const rows = db
    .prepare(
      `SELECT comment_id, posted_by AS user_id, COUNT(*) AS count, MAX(posted_at) AS updated_at FROM comment_replies
       WHERE comment_id IN (SELECT value FROM json_each(?)) GROUP BY comment_id, posted_by ORDER BY MIN(seq)`,
    )
    .all(JSON.stringify(commentIds)) as ReplierRow[];
  for (const row of rows) byComment.set(row.comment_id, [...(byComment.get(row.comment_id) ?? []), row]);
  return byComment;
}
