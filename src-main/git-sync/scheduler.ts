import type { AppServices, ServiceContext } from '../app/context';
import { isoNow } from '../app/context';
import type { Db } from '../store/database';
import { type GitSyncRow, listEnabledGitSyncs } from '../store/git-sync';
import { getUserById, type UserRow } from '../store/users';
import { mergesToPush, syncSpaceNow } from './settings-service';

const TICK_MS = 2_000;
/** After a failed sync (repository down), the timer waits this long before trying again; a webhook or "Sync now" do not. */
const RETRY_AFTER_FAILURE_MS = 60_000;

interface Scheduler {
  requested: Set<string>;
  running: Set<string>;
  failedAt: Map<string, number>;
  timer: NodeJS.Timeout;
}

const schedulers = new WeakMap<Db, Scheduler>();

/**
 * Runs configured Git Syncs (docs/git-sync.md, "Configured"): a space syncs when a change request was merged
 * into it since it last agreed with its repository, when its webhook was called, and every `poll_minutes`.
 * A workstation attached to a team server leaves them to the server, which owns a space's Git Sync, so the
 * two never both push the same merge.
 */
export function startGitSyncScheduler(app: AppServices, contextOf: (user: UserRow) => ServiceContext, tickMs = TICK_MS): void {
  const scheduler: Scheduler = { requested: new Set(), running: new Set(), failedAt: new Map(), timer: setInterval(() => tick(app, contextOf, scheduler), tickMs) };
  scheduler.timer.unref();
  schedulers.set(app.db, scheduler);
}

export function stopGitSyncScheduler(db: Db): void {
  const scheduler = schedulers.get(db);
  if (scheduler) clearInterval(scheduler.timer);
  schedulers.delete(db);
}

/** A webhook said the repository changed: sync the space at the next tick. */
export function requestGitSync(db: Db, spaceId: string): void {
  schedulers.get(db)?.requested.add(spaceId);
}

function tick(app: AppServices, contextOf: (user: UserRow) => ServiceContext, scheduler: Scheduler): void {
  if (app.sync.status()) return;
  const now = Date.parse(isoNow(app.clock));
  for (const row of listEnabledGitSyncs(app.db)) {
    if (scheduler.running.has(row.space_id) || !isDue(app, scheduler, row, now)) continue;
    const user = row.configured_by ? getUserById(app.db, row.configured_by) : undefined;
    if (!user) continue;
    scheduler.requested.delete(row.space_id);
    scheduler.running.add(row.space_id);
    syncSpaceNow(contextOf(user), row.space_id).then(
      () => scheduler.failedAt.delete(row.space_id),
      // The failure is in the space's Git Sync state (operation.ts), in words, for the app to show.
      () => scheduler.failedAt.set(row.space_id, Date.now()),
    ).finally(() => scheduler.running.delete(row.space_id));
  }
}

function isDue(app: AppServices, scheduler: Scheduler, row: GitSyncRow, now: number): boolean {
  if (scheduler.requested.has(row.space_id)) return true;
  const failedAt = scheduler.failedAt.get(row.space_id);
  if (failedAt !== undefined && Date.now() - failedAt < RETRY_AFTER_FAILURE_MS) return false;
  const checked = row.last_checked_at ? Date.parse(row.last_checked_at) : 0;
  if (now - checked >= row.poll_minutes * 60_000) return true;
  return row.last_commit !== null && mergesToPush(app, row).length > 0;
}
