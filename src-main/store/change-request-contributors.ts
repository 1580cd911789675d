import type { Db } from './database';

export interface ContributionRow {
  user_id: string;
  action_type: 'edit' | 'comment';
  count: number;
  updated_at: string;
}

/**
 * Who contributed to a change request and how, most recent first. Edits are attributed where the content
 * engine attributes them: the revisions cut on the change request's own tree (`type = 'edits'`; an `update`
 * only pulls main in), plus `change_request_contributors`, which every edit path fills (the opener included),
 * for edits not yet gathered into a revision. Comments are the comments and replies posted in its discussion.
 */
export function changeRequestContributions(db: Db, changeRequest: { id: string; created_at: string }): ContributionRow[] {
  return db
    .prepare(
      `SELECT user_id, 'edit' AS action_type, MAX(COUNT(r.id), 1) AS count, COALESCE(MAX(r.created_at), ?) AS updated_at
       FROM (SELECT created_by AS user_id FROM revisions WHERE tree_id = ? AND type = 'edits' AND created_by IS NOT NULL
             UNION SELECT user_id FROM change_request_contributors WHERE change_request_id = ?) editors
       LEFT JOIN revisions r ON r.tree_id = ? AND r.type = 'edits' AND r.created_by = editors.user_id
       GROUP BY user_id
       UNION ALL
       SELECT posted_by AS user_id, 'comment' AS action_type, COUNT(*) AS count, MAX(posted_at) AS updated_at
       FROM (SELECT posted_by, posted_at FROM comments WHERE change_request_id = ?
             UNION ALL SELECT r.posted_by, r.posted_at FROM comment_replies r JOIN comments c ON c.id = r.comment_id WHERE c.change_request_id = ?)
       GROUP BY posted_by
       ORDER BY updated_at DESC, user_id, action_type`,
    )
    .all(changeRequest.created_at, changeRequest.id, changeRequest.id, changeRequest.id, changeRequest.id, changeRequest.id) as ContributionRow[];
}
