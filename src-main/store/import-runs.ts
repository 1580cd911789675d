import type { Db } from './database';
import { listPage, type PageRequest, type PageResult } from './keyset';

/** An import run (migration 035). */
export interface ImportRunRow {
  seq: number;
  id: string;
  organization_id: string;
  space_id: string;
  change_request_id: string | null;
  page_id: string | null;
  site_id: string | null;
  source: string;
  status: ImportRunStatus;
  reason: string | null;
  pages_done: number;
  pages_found: number;
  revision_id: string | null;
  cancel_requested: number;
  created_by: string;
  created_at: string;
  started_at: string | null;
  updated_at: string;
  completed_at: string | null;
}

type ImportRunStatus = 'pending' | 'in-progress' | 'completed' | 'failed' | 'cancelled';

interface NewImportRun {
  id: string;
  organizationId: string;
  spaceId: string;
  changeRequestId?: string;
  pageId?: string;
  siteId?: string;
  source: unknown;
  createdBy: string;
  now: string;
}

export function insertImportRun(db: Db, run: NewImportRun): ImportRunRow {
  db.prepare(
    `INSERT INTO import_runs (id, organization_id, space_id, change_request_id, page_id, site_id, source, status, created_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
  ).run(run.id, run.organizationId, run.spaceId, run.changeRequestId ?? null, run.pageId ?? null, run.siteId ?? null, JSON.stringify(run.source), run.createdBy, run.now, run.now);
  return getImportRun(db, run.id)!;
}

export function getImportRun(db: Db, id: string): ImportRunRow | undefined {
  return db.prepare('SELECT * FROM import_runs WHERE id = ?').get(id) as ImportRunRow | undefined;
}

interface ImportRunFilters {
  space?: string;
  changeRequest?: string;
  site?: string;
  /** A status, or `active`: pending and in progress. */
  status?: ImportRunStatus | 'active';
}

/** An organization's runs, the most recent first. */
export function listImportRuns(db: Db, organizationId: string, filters: ImportRunFilters, page: PageRequest): PageResult<ImportRunRow> {
  const where = ['organization_id = ?'];
  const params: unknown[] = [organizationId];
  const equals = (column: string, value: string | undefined) => {
    if (value === undefined) return;
    where.push(`${column} = ?`);
    params.push(value);
  };
  equals('space_id', filters.space);
  equals('change_request_id', filters.changeRequest);
  equals('site_id', filters.site);
  if (filters.status === 'active') where.push("status IN ('pending', 'in-progress')");
  else equals('status', filters.status);
  return listPage<ImportRunRow>(db, { select: 'SELECT * FROM import_runs', where, params, order: [{ expr: 'seq', dir: 'desc', key: 'seq' }] }, page);
}

export function markImportRunStarted(db: Db, id: string, now: string): void {
  db.prepare("UPDATE import_runs SET status = 'in-progress', started_at = ?, updated_at = ? WHERE id = ? AND status = 'pending'").run(now, now, id);
}

export function recordImportRunProgress(db: Db, id: string, done: number, found: number, now: string): void {
  db.prepare("UPDATE import_runs SET pages_done = ?, pages_found = ?, updated_at = ? WHERE id = ? AND status = 'in-progress'").run(done, found, now, id);
}

/** Ends an unfinished run; a run already finished keeps its outcome (false). */
export function finishImportRun(
  db: Db,
  id: string,
  outcome: { status: 'completed' | 'failed' | 'cancelled'; reason?: string; revisionId?: string; done?: number; found?: number },
  now: string,
): boolean {
  return (
    db
      .prepare(
        `UPDATE import_runs SET status = ?, reason = ?, revision_id = COALESCE(?, revision_id), pages_done = COALESCE(?, pages_done),
           pages_found = COALESCE(?, pages_found), completed_at = ?, updated_at = ?
         WHERE id = ? AND status IN ('pending', 'in-progress')`,
      )
      .run(outcome.status, outcome.reason ?? null, outcome.revisionId ?? null, outcome.done ?? null, outcome.found ?? null, now, now, id).changes > 0
  );
}

/** Cancels an unfinished run: the flag its engine checks, and the outcome (nothing is written after it). */
export function requestImportRunCancel(db: Db, id: string, now: string): void {
  db.prepare(
    "UPDATE import_runs SET cancel_requested = 1, status = 'cancelled', completed_at = ?, updated_at = ? WHERE id = ? AND status IN ('pending', 'in-progress')",
  ).run(now, now, id);
}

export function isImportRunCancelRequested(db: Db, id: string): boolean {
  return (db.prepare('SELECT cancel_requested FROM import_runs WHERE id = ?').get(id) as { cancel_requested: number } | undefined)?.cancel_requested === 1;
}

/** At start-up: runs a previous process left unfinished cannot be resumed (their reading was in its memory). */
export function failInterruptedImportRuns(db: Db, reason: string, now: string): number {
  return db
    .prepare("UPDATE import_runs SET status = 'failed', reason = ?, completed_at = ?, updated_at = ? WHERE status IN ('pending', 'in-progress')")
    .run(reason, now, now).changes;
}
