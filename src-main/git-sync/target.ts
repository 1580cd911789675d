import { badRequest } from '../errors';
import type { ServiceContext } from '../app/context';
import { sealSecret } from '../store/secret-sealer';
import { getGitSync, type GitSyncRow, upsertGitSyncTarget } from '../store/git-sync';
import { isoNow } from '../app/context';
import { parseRemote, remoteConfig, type GitRemote } from './remote';
import { unsealSecret } from '../store/secret-sealer';
import { assertSpaceWritable, requireSpace } from '../spaces/access';
import type { SpaceRow } from '../store/spaces';

/** What an export or import names, as GitBook's ExportToGitRepository / ImportGitRepository give it. */
export interface GitTargetInput {
  url: string;
  ref: string;
  repoProjectDirectory?: string;
  repoTreeURL?: string;
  gitInfo?: { provider?: 'github' | 'gitlab'; url?: string };
}

interface GitTarget {
  remote: GitRemote;
  ref: string;
  /** '' for the repository's top, else `docs` (no leading or trailing slash). */
  projectDirectory: string;
}

/** Checks a request's repository, branch and folder (400s naming the field); nothing is contacted yet. */
export function parseGitTarget(ctx: ServiceContext, input: GitTargetInput): GitTarget {
  const remote = parseRemote(input.url, { allowFileImports: ctx.config.allowFileImports, network: ctx.config });
  if (!/^refs\/heads\/[^\s~^:?*[\\]+$/.test(input.ref) || /\.\.|@\{|\/\/|\/$|\.lock$|\.$/.test(input.ref)) {
    throw badRequest(`ref: "${input.ref.slice(0, 200)}" is not a branch ref such as refs/heads/main`);
  }
  const directory = (input.repoProjectDirectory ?? '').trim().replace(/^\.?\/+|\/+$/g, '');
  if (directory.split('/').some((segment) => segment === '..' || segment === '.') || /[\0\\]/.test(directory)) {
    throw badRequest('repoProjectDirectory: give a folder inside the repository, such as docs (no "..")');
  }
  return { remote, ref: input.ref, projectDirectory: directory };
}

/**
 * Makes sure the space has a Git Sync row to record an operation's progress on. A space that already has
 * one keeps its repository, credentials and agreement until the operation succeeds (rememberGitTarget):
 * a mistyped URL or refused credentials must not erase what the space agreed with its real repository.
 */
function ensureGitSyncRow(ctx: ServiceContext, spaceId: string, target: GitTarget): GitSyncRow {
  const row = getGitSync(ctx.db, spaceId);
  if (row) return row;
  upsertGitSyncTarget(ctx.db, spaceId, { url: target.remote.url, ref: target.ref, projectDirectory: target.projectDirectory }, isoNow(ctx.clock));
  return getGitSync(ctx.db, spaceId)!;
}

/** Whether the row's agreement is with this repository, branch and folder (else there is none to build on). */
export function agreesWith(row: GitSyncRow, target: GitTarget): boolean {
  return row.url === target.remote.url && row.ref === target.ref && row.project_directory === target.projectDirectory && row.last_commit !== null;
}

/** Remembers the target on the space (credentials sealed) once an operation with it succeeded. */
export function rememberGitTarget(ctx: ServiceContext, spaceId: string, target: GitTarget, input: GitTargetInput): void {
  upsertGitSyncTarget(
    ctx.db,
    spaceId,
    {
      url: target.remote.url,
      ref: target.ref,
      projectDirectory: target.projectDirectory,
      ...(target.remote.credentials && { credentials: sealSecret(ctx.db, JSON.stringify(target.remote.credentials)) }),
      provider: input.gitInfo?.provider ?? null,
      treeUrl: input.gitInfo?.url ?? input.repoTreeURL ?? null,
    },
    isoNow(ctx.clock),
  );
}

interface PreparedGitOperation {
  space: SpaceRow;
  target: GitTarget;
  /** With the credentials stored for it when the URL names none. */
  remote: GitRemote;
  /** git's settings for the remote (remote.ts). */
  config: Record<string, string>;
}

/**
 * What an export or import checks before contacting anything: the caller may edit the live space, the
 * request names a repository, branch and folder that can be used, and the network policy allows the host.
 */
export async function prepareGitOperation(ctx: ServiceContext, spaceId: string, input: GitTargetInput, action: string): Promise<PreparedGitOperation> {
  const { space } = requireSpace(ctx, spaceId, { required: 'edit', action });
  assertSpaceWritable(space);
  const target = parseGitTarget(ctx, input);
  const remote = withStoredCredentials(ctx, space.id, target.remote);
  const config = await remoteConfig(remote, ctx.config);
  ensureGitSyncRow(ctx, space.id, target);
  return { space, target, remote, config };
}

/** The credentials stored for this repository when the URL names none. */
function withStoredCredentials(ctx: ServiceContext, spaceId: string, remote: GitRemote): GitRemote {
  if (remote.credentials) return remote;
  const row = getGitSync(ctx.db, spaceId);
  if (!row?.credentials || row.url !== remote.url) return remote;
  return { ...remote, credentials: JSON.parse(unsealSecret(ctx.db, row.credentials)) as { username: string; password: string } };
}

export function dataDirOf(ctx: ServiceContext): string {
  if (!ctx.config.dataDir) throw new Error('Git Sync needs the app opened on a data directory');
  return ctx.config.dataDir;
}
