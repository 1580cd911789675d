import type { Db } from './database';

/** Lookups the sync authorization needs by a row's id alone (a pushed change names rows only by key). */
export function teamOrganization(db: Db, teamId: string): string | undefined {
  return (db.prepare('SELECT organization_id FROM teams WHERE id = ?').get(teamId) as { organization_id: string } | undefined)?.organization_id;
}

export function changeRequestSpace(db: Db, changeRequestId: string): string | undefined {
  return (db.prepare('SELECT space_id FROM change_requests WHERE id = ?').get(changeRequestId) as { space_id: string } | undefined)?.space_id;
}

export function organizationExists(db: Db, id: string): boolean {
  return db.prepare('SELECT 1 FROM organizations WHERE id = ?').get(id) !== undefined;
}

interface PostedRow {
  posted_by: string;
  /** The comment's space; for a reply, its comment's. */
  space_id: string | null;
}

/** A comment or a reply, with the space it is in. */
export function postedRow(db: Db, table: 'comments' | 'comment_replies', id: string): PostedRow | undefined {
  return (
    table === 'comments'
      ? db.prepare('SELECT posted_by, space_id FROM comments WHERE id = ?').get(id)
      : db.prepare('SELECT r.posted_by, c.space_id FROM comment_replies r LEFT JOIN comments c ON c.id = r.comment_id WHERE r.id = ?').get(id)
  ) as PostedRow | undefined;
}

export function commentSpace(db: Db, commentId: unknown): string | undefined {
  if (typeof commentId !== 'string') return undefined;
  return (db.prepare('SELECT space_id FROM comments WHERE id = ?').get(commentId) as { space_id: string } | undefined)?.space_id;
}
