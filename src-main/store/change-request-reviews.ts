import type { Db } from './database';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult } from './keyset';

export type ReviewStatus = 'approved' | 'changes-requested';

export interface ReviewRow {
  seq: number;
  id: string;
  change_request_id: string;
  reviewer_id: string;
  status: ReviewStatus;
  revision_id: string;
  comment_id: string | null;
  requested_by: string | null;
  created_at: string;
  updated_at: string;
  /** Computed on read (see OUTDATED). */
  outdated: number;
}

export interface RequestedReviewerRow {
  seq: number;
  change_request_id: string;
  user_id: string;
  requested_by: string;
  revision_id: string;
  created_at: string;
}

/**
 * Outdated, as GitBook words it, "superseded by a newer review request or submission": the same reviewer
 * reviewed again later, or was asked again after reviewing. Not "the content changed since": revisions are cut
 * on each replica, so a revision id recorded on a workstation cannot be compared with the server's, while
 * timestamps of the synced rows mean the same everywhere. Ties on time fall back to the id, which every
 * replica orders alike.
 */
const OUTDATED = `(EXISTS (SELECT 1 FROM change_request_reviews n WHERE n.change_request_id = r.change_request_id
      AND n.reviewer_id = r.reviewer_id AND (n.created_at > r.created_at OR (n.created_at = r.created_at AND n.id > r.id)))
   OR EXISTS (SELECT 1 FROM change_request_requested_reviewers q WHERE q.change_request_id = r.change_request_id
      AND q.user_id = r.reviewer_id AND q.created_at > r.created_at))`;
const SELECT_REVIEWS = `SELECT r.*, ${OUTDATED} AS outdated FROM change_request_reviews r`;

export function insertReview(
  db: Db,
  review: { changeRequestId: string; reviewerId: string; status: ReviewStatus; revisionId: string; commentId: string | null; requestedBy: string | null; now: string },
): ReviewRow {
  const id = newId();
  db.prepare(
    `INSERT INTO change_request_reviews (id, change_request_id, reviewer_id, status, revision_id, comment_id, requested_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, review.changeRequestId, review.reviewerId, review.status, review.revisionId, review.commentId, review.requestedBy, review.now, review.now);
  return getReview(db, review.changeRequestId, id)!;
}

export function getReview(db: Db, changeRequestId: string, id: string): ReviewRow | undefined {
  return db.prepare(`${SELECT_REVIEWS} WHERE r.change_request_id = ? AND r.id = ?`).get(changeRequestId, id) as ReviewRow | undefined;
}

export function listReviews(db: Db, changeRequestId: string, filter: { outdated?: boolean }, page: PageRequest): PageResult<ReviewRow> {
  const where = ['r.change_request_id = ?'];
  if (filter.outdated !== undefined) where.push(`${OUTDATED} = ${filter.outdated ? 1 : 0}`);
  return listPage(
    db,
    { select: SELECT_REVIEWS, where, params: [changeRequestId], order: [{ expr: 'r.seq', dir: 'desc', key: 'seq' }] },
    page,
  );
}

/** Asks a reviewer (again): a repeated request moves its time, which outdates the reviews given before. */
export function upsertRequestedReviewer(db: Db, row: { changeRequestId: string; userId: string; requestedBy: string; revisionId: string; now: string }): void {
  db.prepare(
    `INSERT INTO change_request_requested_reviewers (change_request_id, user_id, requested_by, revision_id, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (change_request_id, user_id) DO UPDATE SET requested_by = excluded.requested_by, revision_id = excluded.revision_id,
       created_at = excluded.created_at`,
  ).run(row.changeRequestId, row.userId, row.requestedBy, row.revisionId, row.now);
}

export function getRequestedReviewer(db: Db, changeRequestId: string, userId: string): RequestedReviewerRow | undefined {
  return db
    .prepare('SELECT * FROM change_request_requested_reviewers WHERE change_request_id = ? AND user_id = ?')
    .get(changeRequestId, userId) as RequestedReviewerRow | undefined;
}

export function listRequestedReviewers(db: Db, changeRequestId: string, page: PageRequest): PageResult<RequestedReviewerRow> {
  return listPage(
    db,
    {
      select: 'SELECT * FROM change_request_requested_reviewers',
      where: ['change_request_id = ?'],
      params: [changeRequestId],
      order: [{ expr: 'seq', dir: 'asc', key: 'seq' }],
    },
    page,
  );
}

export function allRequestedReviewers(db: Db, changeRequestId: string): RequestedReviewerRow[] {
  return db.prepare('SELECT * FROM change_request_requested_reviewers WHERE change_request_id = ? ORDER BY seq').all(changeRequestId) as RequestedReviewerRow[];
}

export function deleteRequestedReviewer(db: Db, changeRequestId: string, userId: string): boolean {
  return db.prepare('DELETE FROM change_request_requested_reviewers WHERE change_request_id = ? AND user_id = ?').run(changeRequestId, userId).changes > 0;
}

/** The ids of an organization's members (who may be asked to review, once their role on the space allows it). */
export function organizationMemberIds(db: Db, organizationId: string): string[] {
  return (db.prepare('SELECT user_id FROM members WHERE organization_id = ? ORDER BY seq').all(organizationId) as Array<{ user_id: string }>).map((r) => r.user_id);
}
