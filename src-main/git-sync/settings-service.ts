import { randomBytes } from 'node:crypto';
import type { ServiceContext } from '../app/context';

/** Settings name the webhook's address on this host when the caller came through one. */
type SettingsContext = ServiceContext & { baseUrl?: string };
import { isoNow } from '../app/context';
import { conflict, notFound } from '../errors';
import { sealSecret, unsealSecret } from '../store/secret-sealer';
import { requireSpace } from '../spaces/access';
import { getChangeRequest } from '../store/change-requests';
import { getGitSync, type GitSyncRow, markGitSyncChecked, mergesSince, setGitSyncEnabled, upsertGitSyncTarget } from '../store/git-sync';
import { getUserById } from '../store/users';
import { type ExportToGitInput, exportToGitRepository } from './export-service';
import { importGitRepository } from './import-service';
import type { GitSyncOperation } from './operation';
import { remoteConfig } from './remote';
import { parseGitTarget } from './target';

export interface GitSyncSettingsInput {
  url: string;
  ref: string;
  repoProjectDirectory?: string;
  /** Credentials for an https repository; `token: null` forgets stored ones, absent keeps them. */
  username?: string;
  token?: string | null;
  pollMinutes?: number;
}

/**
 * Turns Git Sync on for a space (docs/git-sync.md, "Configured"): admins of the space only. The repository is
 * checked against the network policy first; credentials and the webhook's secret are sealed. Automatic syncs
 * act as the admin who configured it.
 */
export async function configureGitSync(ctx: SettingsContext, spaceId: string, input: GitSyncSettingsInput) {
  const { space } = requireSpace(ctx, spaceId, { required: 'admin', action: 'set up Git Sync' });
  assertNotAWorkstation(ctx);
  const target = parseGitTarget(ctx, { url: input.url, ref: input.ref, repoProjectDirectory: input.repoProjectDirectory });
  await remoteConfig(target.remote, ctx.config);
  const credentials =
    input.token === null
      ? null
      : input.token !== undefined
        ? sealSecret(ctx.db, JSON.stringify({ username: input.username || 'git', password: input.token }))
        : target.remote.credentials
          ? sealSecret(ctx.db, JSON.stringify(target.remote.credentials))
          : undefined;
  const now = isoNow(ctx.clock);
  ctx.db.transaction(() => {
    upsertGitSyncTarget(ctx.db, space.id, { url: target.remote.url, ref: target.ref, projectDirectory: target.projectDirectory, ...(credentials !== undefined && { credentials }) }, now);
    setGitSyncEnabled(ctx.db, space.id, true, { userId: ctx.user.id, pollMinutes: input.pollMinutes, webhookSecret: sealSecret(ctx.db, randomBytes(24).toString('base64url')) }, now);
  })();
  return gitSyncSettings(ctx, space.id);
}

/**
 * A workstation attached to a team server leaves Git Sync to the server (docs/git-sync.md): were both to run
 * it, both would push the same merges.
 */
function assertNotAWorkstation(ctx: ServiceContext): void {
  const attached = ctx.sync.status();
  if (attached) throw conflict(`This app is attached to the team server ${attached.url}, which runs Git Sync for its spaces: set it up there, in the server's app or with its API`);
}

/** Turns automatic syncs off; the repository, credentials and what was agreed stay for the next time. */
export function disableGitSync(ctx: SettingsContext, spaceId: string) {
  const { space } = requireSpace(ctx, spaceId, { required: 'admin', action: 'turn Git Sync off' });
  if (!getGitSync(ctx.db, space.id)) throw notFound(`Space "${space.id}" has no Git Sync set up`);
  setGitSyncEnabled(ctx.db, space.id, false, {}, isoNow(ctx.clock));
  return gitSyncSettings(ctx, space.id);
}

/** The settings and state of a space's Git Sync, for its admins (the webhook secret included). */
export function getGitSyncSettings(ctx: SettingsContext, spaceId: string) {
  const { space } = requireSpace(ctx, spaceId, { required: 'admin', action: 'see its Git Sync settings' });
  if (!getGitSync(ctx.db, space.id)) throw notFound(`Space "${space.id}" has no Git Sync set up`);
  return gitSyncSettings(ctx, space.id);
}

function gitSyncSettings(ctx: SettingsContext, spaceId: string) {
  const row = getGitSync(ctx.db, spaceId)!;
  const importRequest = row.import_change_request_id ? getChangeRequest(ctx.db, row.import_change_request_id) : undefined;
  const { notes, ...operation } = row.operation ? (JSON.parse(row.operation) as GitSyncOperation) : { notes: undefined };
  return {
    enabled: row.enabled === 1,
    url: row.url,
    ref: row.ref,
    repoProjectDirectory: row.project_directory,
    hasCredentials: row.credentials !== null,
    pollMinutes: row.poll_minutes,
    webhook: row.webhook_secret ? { url: `${ctx.baseUrl ?? ''}/hooks/git/${spaceId}`, secret: unsealSecret(ctx.db, row.webhook_secret) } : null,
    lastCommit: row.last_commit,
    lastCheckedAt: row.last_checked_at,
    pendingCommit: row.pending_commit,
    operation: row.operation ? (operation as GitSyncOperation) : null,
    notes: notes ?? [],
    changeRequest: importRequest ? { id: importRequest.id, number: importRequest.number, subject: importRequest.subject, status: importRequest.status } : null,
  };
}

/**
 * One sync ("Sync now", the timer, a webhook, a merge): new commits are merged in, then main content, if it
 * moved since the two agreed, is committed and pushed, named after the change requests merged since and
 * authored by whoever merged the last of them.
 */
export async function syncSpaceNow(ctx: SettingsContext, spaceId: string) {
  const { space } = requireSpace(ctx, spaceId, { required: 'edit', action: 'sync it with its repository' });
  assertNotAWorkstation(ctx);
  const row = getGitSync(ctx.db, space.id);
  if (!row) throw notFound(`Space "${space.id}" has no Git Sync set up`);
  const target = { url: row.url, ref: row.ref, repoProjectDirectory: row.project_directory };
  try {
    await importGitRepository(ctx, space.id, target);
    const after = getGitSync(ctx.db, space.id)!;
    const current = requireSpace(ctx, space.id).space;
    const waiting = after.import_change_request_id ? getChangeRequest(ctx.db, after.import_change_request_id) : undefined;
    // New commits waiting for a reviewer: exporting now would take them back out of the repository.
    const reviewPending = waiting?.status === 'open' || waiting?.status === 'draft';
    if (!reviewPending && (after.last_revision_id !== current.revision_id || after.pending_commit)) {
      await exportToGitRepository(ctx, space.id, { ...target, ...commitOf(ctx, after, current.revision_id) });
    }
  } finally {
    markGitSyncChecked(ctx.db, space.id, isoNow(ctx.clock));
  }
  return gitSyncSettings(ctx, space.id);
}

/** Change requests merged since the agreement, but the one that brought the repository's own commits in. */
export function mergesToPush(ctx: Pick<ServiceContext, 'db'>, row: GitSyncRow) {
  return mergesSince(ctx.db, row.space_id, row.last_revision_id).filter((merge) => merge.id !== row.import_change_request_id);
}

/**
 * The commits a sync makes: one per change request merged since the agreement, each of main content at its
 * merge, named after it and authored by whoever merged it; edits made on main after the last merge (a live
 * space) go last, as "Edits in Folio".
 */
function commitOf(ctx: ServiceContext, row: GitSyncRow, currentRevision: string): Pick<ExportToGitInput, 'commitMessage' | 'author' | 'history'> {
  const merges = mergesToPush(ctx, row).map((merge) => {
    const merger = merge.merged_by ? getUserById(ctx.db, merge.merged_by) : undefined;
    return {
      revisionId: merge.revision_id,
      commitMessage: `#${merge.number}: ${merge.subject || 'Untitled change request'}`,
      ...(merger && { author: { name: merger.display_name, email: merger.email } }),
    };
  });
  const last = merges.at(-1);
  // New commits merged in since: main at an earlier merge lacks them, and a commit of it on top of the branch
  // would take them back out. One commit then, naming every merge.
  const importMerged = mergesSince(ctx.db, row.space_id, row.last_revision_id).some((merge) => merge.id === row.import_change_request_id);
  if (importMerged && merges.length > 1) {
    const message = `Merge ${merges.map((merge) => merge.commitMessage.split(':')[0]).join(', ')} from Folio\n\n${merges.map((merge) => merge.commitMessage).join('\n')}`;
    return { commitMessage: message, author: last!.author };
  }
  if (importMerged && last) return { commitMessage: last.commitMessage, author: last.author };
  if (last && last.revisionId === currentRevision) return { commitMessage: last.commitMessage, author: last.author, history: merges.slice(0, -1) };
  return { commitMessage: 'Edits in Folio', history: merges };
}
