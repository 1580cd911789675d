import type { Db } from './database';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult } from './keyset';

export type ChangeRequestStatus = 'draft' | 'open' | 'archived' | 'merged';

export interface ChangeRequestRow {
  seq: number;
  id: string;
  space_id: string;
  number: number;
  subject: string;
  status: ChangeRequestStatus;
  created_by: string;
  created_at: string;
  updated_at: string;
  revision_initial: string;
  revision_merged_ancestor: string | null;
  revision_merged: string | null;
}

export function insertChangeRequest(
  db: Db,
  cr: { spaceId: string; subject: string; createdBy: string; revisionInitial: string; now: string },
): ChangeRequestRow {
  const id = newId();
  // Numbers count per space from 1, in the same transaction as the insert, so they never repeat.
  const number =
    ((db.prepare('SELECT MAX(number) AS n FROM change_requests WHERE space_id = ?').get(cr.spaceId) as { n: number | null }).n ?? 0) + 1;
  db.prepare(
    `INSERT INTO change_requests (id, space_id, number, subject, created_by, created_at, updated_at, revision_initial)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, cr.spaceId, number, cr.subject, cr.createdBy, cr.now, cr.now, cr.revisionInitial);
  return getChangeRequest(db, id)!;
}

export function getChangeRequest(db: Db, id: string): ChangeRequestRow | undefined {
  return db.prepare('SELECT * FROM change_requests WHERE id = ?').get(id) as ChangeRequestRow | undefined;
}

/** By id, or by number in the space (the API accepts either). */
export function findChangeRequest(db: Db, spaceId: string, idOrNumber: string): ChangeRequestRow | undefined {
  const byId = db.prepare('SELECT * FROM change_requests WHERE space_id = ? AND id = ?').get(spaceId, idOrNumber) as
    | ChangeRequestRow
    | undefined;
  if (byId || !/^\d+$/.test(idOrNumber)) return byId;
  return db.prepare('SELECT * FROM change_requests WHERE space_id = ? AND number = ?').get(spaceId, Number(idOrNumber)) as
    | ChangeRequestRow
    | undefined;
}

export function updateChangeRequest(
  db: Db,
  id: string,
  changes: Partial<Pick<ChangeRequestRow, 'subject' | 'status' | 'revision_merged_ancestor' | 'revision_merged' | 'updated_at'>>,
): void {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  if (!entries.length) return;
  db.prepare(`UPDATE change_requests SET ${entries.map(([k]) => `${k} = ?`).join(', ')} WHERE id = ?`).run(
    ...entries.map(([, v]) => v),
    id,
  );
}

export function listChangeRequests(
  db: Db,
  spaceId: string,
  filter: { status: ChangeRequestStatus; contributor?: string },
  page: PageRequest,
): PageResult<ChangeRequestRow> {
  const where = ['space_id = ?', 'status = ?'];
  const params: unknown[] = [spaceId, filter.status];
  if (filter.contributor) {
    where.push('id IN (SELECT change_request_id FROM change_request_contributors WHERE user_id = ?)');
    params.push(filter.contributor);
  }
  return listPage(db, { select: 'SELECT * FROM change_requests', where, params, order: [{ expr: 'seq', dir: 'desc', key: 'seq' }] }, page);
}

/** Change requests of the space whose content can still change (main's edits must not leak into them). */
export function unmergedChangeRequestIds(db: Db, spaceId: string): string[] {
  return (
    db.prepare("SELECT id FROM change_requests WHERE space_id = ? AND status <> 'merged'").all(spaceId) as Array<{ id: string }>
  ).map((r) => r.id);
}

export function addContributor(db: Db, changeRequestId: string, userId: string): void {
  db.prepare('INSERT INTO change_request_contributors (change_request_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING').run(
    changeRequestId,
    userId,
  );
}

export function countChangeRequests(db: Db, spaceId: string): { all: number; open: number; draft: number } {
  return db
    .prepare(
      `SELECT COUNT(*) AS "all", COALESCE(SUM(status = 'open'), 0) AS open, COALESCE(SUM(status = 'draft'), 0) AS draft
       FROM change_requests WHERE space_id = ?`,
    )
    .get(spaceId) as { all: number; open: number; draft: number };
}

interface BodyFork {
  page_id: string;
  edited: number;
}

export function bodyForks(db: Db, changeRequestId: string): BodyFork[] {
  return db.prepare('SELECT page_id, edited FROM change_request_bodies WHERE change_request_id = ?').all(changeRequestId) as BodyFork[];
}

export function getBodyFork(db: Db, changeRequestId: string, pageId: string): BodyFork | undefined {
  return db.prepare('SELECT page_id, edited FROM change_request_bodies WHERE change_request_id = ? AND page_id = ?').get(
    changeRequestId,
    pageId,
  ) as BodyFork | undefined;
}

export function recordBodyFork(db: Db, changeRequestId: string, pageId: string, edited: boolean): void {
  db.prepare(
    `INSERT INTO change_request_bodies (change_request_id, page_id, edited) VALUES (?, ?, ?)
     ON CONFLICT DO UPDATE SET edited = MAX(edited, excluded.edited)`,
  ).run(changeRequestId, pageId, edited ? 1 : 0);
}

/** The space a content tree belongs to: itself for main content, the change request's for a fork. */
export function spaceOfTree(db: Db, treeId: string): string | undefined {
  const row =
    (db.prepare('SELECT id FROM spaces WHERE id = ?').get(treeId) as { id: string } | undefined) ??
    (db.prepare('SELECT space_id AS id FROM change_requests WHERE id = ?').get(treeId) as { id: string } | undefined);
  return row?.id;
}

/** The change request whose merge produced this revision. */
export function changeRequestMergedAs(db: Db, revisionId: string): ChangeRequestRow | undefined {
  return db.prepare('SELECT * FROM change_requests WHERE revision_merged = ?').get(revisionId) as ChangeRequestRow | undefined;
}

interface OrganizationChangeRequestFilter {
  /** The spaces the caller may read: only their change requests are listed. */
  spaceIds: string[];
  statuses: ChangeRequestStatus[];
  creator?: string;
  contributor?: string;
  orderBy: 'updatedAt' | 'createdAt';
}

/** Change requests across many spaces, most recently updated (or created) first. */
export function listChangeRequestsOfSpaces(db: Db, filter: OrganizationChangeRequestFilter, page: PageRequest): PageResult<ChangeRequestRow> {
  const where = ['space_id IN (SELECT value FROM json_each(?))', 'status IN (SELECT value FROM json_each(?))'];
  const params: unknown[] = [JSON.stringify(filter.spaceIds), JSON.stringify(filter.statuses)];
  if (filter.creator) {
    where.push('created_by = ?');
    params.push(filter.creator);
  }
  if (filter.contributor) {
    where.push('id IN (SELECT change_request_id FROM change_request_contributors WHERE user_id = ?)');
    params.push(filter.contributor);
  }
  const column = filter.orderBy === 'createdAt' ? 'created_at' : 'updated_at';
  return listPage(
    db,
    { select: 'SELECT * FROM change_requests', where, params, order: [{ expr: column, dir: 'desc', key: column }, { expr: 'seq', dir: 'desc', key: 'seq' }] },
    page,
  );
}
