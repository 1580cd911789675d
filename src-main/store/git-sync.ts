import type { Db } from './database';

export interface GitSyncRow {
  space_id: string;
  url: string;
  ref: string;
  project_directory: string;
  /** Sealed JSON {username, password}, or null. */
  credentials: string | null;
  provider: string | null;
  tree_url: string | null;
  last_commit: string | null;
  last_revision_id: string | null;
  /** JSON string[]. */
  managed_paths: string;
  /** JSON GitSyncOperation, or null before the first operation. */
  operation: string | null;
  base_change_request_id: string | null;
  import_change_request_id: string | null;
  pending_commit: string | null;
  pending_revision_id: string | null;
  /** JSON string[]: the files the pending commit holds for the space. */
  pending_managed_paths: string | null;
  pending_updates: Buffer | null;
  enabled: number;
  /** The user automatic syncs act as (their roles apply). */
  configured_by: string | null;
  /** Sealed. */
  webhook_secret: string | null;
  poll_minutes: number;
  last_checked_at: string | null;
  created_at: string;
  updated_at: string;
}

export function getGitSync(db: Db, spaceId: string): GitSyncRow | undefined {
  return db.prepare('SELECT * FROM git_sync WHERE space_id = ?').get(spaceId) as GitSyncRow | undefined;
}

interface GitSyncTarget {
  url: string;
  ref: string;
  projectDirectory: string;
  /** Sealed; undefined keeps what is stored. */
  credentials?: string | null;
  provider?: string | null;
  treeUrl?: string | null;
}

/** Records where the space syncs to (an export or import names it each time, as GitBook's API does). */
export function upsertGitSyncTarget(db: Db, spaceId: string, target: GitSyncTarget, now: string): void {
  db.prepare(
    `INSERT INTO git_sync (space_id, url, ref, project_directory, credentials, provider, tree_url, created_at, updated_at)
     VALUES (@spaceId, @url, @ref, @projectDirectory, @credentials, @provider, @treeUrl, @now, @now)
     ON CONFLICT (space_id) DO UPDATE SET
       url = excluded.url, ref = excluded.ref, project_directory = excluded.project_directory,
       credentials = CASE WHEN @keepCredentials THEN git_sync.credentials ELSE excluded.credentials END,
       provider = COALESCE(excluded.provider, git_sync.provider), tree_url = COALESCE(excluded.tree_url, git_sync.tree_url),
       -- Another repository, branch or folder: what was agreed with the old one is no base for the new one.
       last_commit = CASE WHEN git_sync.url = excluded.url AND git_sync.ref = excluded.ref AND git_sync.project_directory = excluded.project_directory THEN git_sync.last_commit END,
       last_revision_id = CASE WHEN git_sync.url = excluded.url AND git_sync.ref = excluded.ref AND git_sync.project_directory = excluded.project_directory THEN git_sync.last_revision_id END,
       managed_paths = CASE WHEN git_sync.url = excluded.url AND git_sync.ref = excluded.ref AND git_sync.project_directory = excluded.project_directory THEN git_sync.managed_paths ELSE '[]' END,
       base_change_request_id = CASE WHEN git_sync.url = excluded.url AND git_sync.ref = excluded.ref AND git_sync.project_directory = excluded.project_directory THEN git_sync.base_change_request_id END,
       import_change_request_id = CASE WHEN git_sync.url = excluded.url AND git_sync.ref = excluded.ref AND git_sync.project_directory = excluded.project_directory THEN git_sync.import_change_request_id END,
       pending_commit = CASE WHEN git_sync.url = excluded.url AND git_sync.ref = excluded.ref AND git_sync.project_directory = excluded.project_directory THEN git_sync.pending_commit END,
       updated_at = excluded.updated_at`,
  ).run({
    spaceId,
    url: target.url,
    ref: target.ref,
    projectDirectory: target.projectDirectory,
    credentials: target.credentials ?? null,
    keepCredentials: target.credentials === undefined ? 1 : 0,
    provider: target.provider ?? null,
    treeUrl: target.treeUrl ?? null,
    now,
  });
}

/** The repository and the space agree: `commit` holds the space's content at `revisionId`. */
export function recordGitSyncAgreement(db: Db, spaceId: string, commit: string, revisionId: string, managedPaths: readonly string[], now: string): void {
  db.prepare('UPDATE git_sync SET last_commit = ?, last_revision_id = ?, managed_paths = ?, updated_at = ? WHERE space_id = ?').run(
    commit,
    revisionId,
    JSON.stringify(managedPaths),
    now,
    spaceId,
  );
}

export function setGitSyncOperation(db: Db, spaceId: string, operation: unknown, now: string): void {
  db.prepare('UPDATE git_sync SET operation = ?, updated_at = ? WHERE space_id = ?').run(JSON.stringify(operation), now, spaceId);
}

interface PendingExport {
  commit: string;
  revisionId: string;
  managedPaths: readonly string[];
  /** encodePendingBase's bytes. */
  base: Uint8Array;
}

/** An export committed and not yet known to be in the repository (docs/git-sync.md, "Offline"). */
export function recordPendingExport(db: Db, spaceId: string, pending: PendingExport, now: string): void {
  db.prepare(
    'UPDATE git_sync SET pending_commit = ?, pending_revision_id = ?, pending_managed_paths = ?, pending_updates = ?, updated_at = ? WHERE space_id = ?',
  ).run(pending.commit, pending.revisionId, JSON.stringify(pending.managedPaths), Buffer.from(pending.base), now, spaceId);
}

export function clearPendingExport(db: Db, spaceId: string): void {
  db.prepare('UPDATE git_sync SET pending_commit = NULL, pending_revision_id = NULL, pending_managed_paths = NULL, pending_updates = NULL WHERE space_id = ?').run(spaceId);
}

export function setGitSyncBase(db: Db, spaceId: string, baseChangeRequestId: string | null): void {
  db.prepare('UPDATE git_sync SET base_change_request_id = ? WHERE space_id = ?').run(baseChangeRequestId, spaceId);
}

export function setGitSyncImportChangeRequest(db: Db, spaceId: string, changeRequestId: string | null): void {
  db.prepare('UPDATE git_sync SET import_change_request_id = ? WHERE space_id = ?').run(changeRequestId, spaceId);
}

/** Turns Git Sync on (acting as `userId`) or off; the repository and agreement stay either way. */
export function setGitSyncEnabled(db: Db, spaceId: string, enabled: boolean, settings: { userId?: string; pollMinutes?: number; webhookSecret?: string }, now: string): void {
  db.prepare(
    `UPDATE git_sync SET enabled = ?, configured_by = COALESCE(?, configured_by), poll_minutes = COALESCE(?, poll_minutes),
       webhook_secret = COALESCE(webhook_secret, ?), updated_at = ? WHERE space_id = ?`,
  ).run(enabled ? 1 : 0, settings.userId ?? null, settings.pollMinutes ?? null, settings.webhookSecret ?? null, now, spaceId);
}

export function listEnabledGitSyncs(db: Db): GitSyncRow[] {
  return db.prepare('SELECT * FROM git_sync WHERE enabled = 1').all() as GitSyncRow[];
}

export function markGitSyncChecked(db: Db, spaceId: string, now: string): void {
  db.prepare('UPDATE git_sync SET last_checked_at = ? WHERE space_id = ?').run(now, spaceId);
}

/** Change requests merged into main after the revision the repository last agreed with, oldest first, with their merger. */
export function mergesSince(db: Db, spaceId: string, revisionId: string | null): Array<{ id: string; number: number; subject: string; merged_by: string | null; revision_id: string }> {
  return db
    .prepare(
      `SELECT cr.id, cr.number, cr.subject, r.created_by AS merged_by, r.id AS revision_id FROM revisions r
       JOIN change_requests cr ON cr.revision_merged = r.id
       WHERE r.tree_id = ? AND r.type = 'merge' AND r.seq > COALESCE((SELECT seq FROM revisions WHERE id = ?), 0)
       ORDER BY r.seq`,
    )
    .all(spaceId, revisionId) as Array<{ id: string; number: number; subject: string; merged_by: string | null; revision_id: string }>;
}
