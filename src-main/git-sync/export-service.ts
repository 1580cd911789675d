import type { ServiceContext } from '../app/context';
import { isoNow } from '../app/context';
import { exportSpaceRepository } from '../export/service';
import { unsealSecret } from '../secrets/connection';
import { conflict } from '../errors';
import { assertSpaceWritable, requireSpace } from '../spaces/access';
import { getGitSync, recordGitSyncAgreement } from '../store/git-sync';
import { changedPathsBetween, fetchBranch, openLocalRepository, pushCommit, writeCommit } from './local-repository';
import { runGitOperation } from './operation';
import { remoteConfig, type GitRemote } from './remote';
import { type GitTargetInput, parseGitTarget, rememberGitTarget } from './target';

export interface ExportToGitInput extends GitTargetInput {
  commitMessage: string;
  force?: boolean;
}

export interface ExportToGitOutcome {
  /** The commit pushed; undefined when the repository already held the space's content (nothing committed). */
  commit?: string;
}

/**
 * Commits the space's main content to the repository in GitBook's layout (export/repository.ts) and pushes
 * it: one commit on top of the branch, authored by the caller, or none when nothing changed. Only files a
 * previous sync wrote or read for the space are ever deleted; others beside them stay as they are.
 */
export async function exportToGitRepository(ctx: ServiceContext, spaceId: string, input: ExportToGitInput): Promise<ExportToGitOutcome> {
  const { space } = requireSpace(ctx, spaceId, { required: 'edit', action: 'export it to a git repository' });
  assertSpaceWritable(space);
  const target = parseGitTarget(ctx, input);
  const remote = withStoredCredentials(ctx, space.id, target.remote);
  const config = await remoteConfig(remote, ctx.config);
  rememberGitTarget(ctx, space.id, target, input);
  return runGitOperation(ctx, space.id, 'export', async (stage) => {
    const gitDir = await openLocalRepository(dataDirOf(ctx), space.id);
    const parent = await fetchBranch(gitDir, remote, config, target.ref);
    stage('content_process');
    // The content and the revision it is read at, together: the agreement recorded below names both.
    const { files, revisionId } = ctx.db.transaction(() => ({
      files: exportSpaceRepository(ctx, space.id),
      revisionId: requireSpace(ctx, space.id).space.revision_id,
    }))();
    const prefix = target.projectDirectory ? `${target.projectDirectory}/` : '';
    const written = files.map((file) => ({ path: `${prefix}${file.path}`, bytes: file.bytes }));
    const paths = new Set(written.map((file) => file.path));
    const row = getGitSync(ctx.db, space.id)!;
    const managed = parent && row.last_commit ? (JSON.parse(row.managed_paths) as string[]) : [];
    if (parent && row.last_commit && parent !== row.last_commit && !input.force) {
      await assertRepositoryDocsUnchanged(gitDir, row.last_commit, parent, managed, prefix);
    }
    stage('finalize');
    const commit = await writeCommit(gitDir, {
      parent,
      write: written,
      remove: managed.filter((path) => !paths.has(path)),
      message: input.commitMessage,
      author: { name: ctx.user.display_name, email: ctx.user.email },
      time: Date.parse(isoNow(ctx.clock)) / 1000,
    });
    if (commit) await pushCommit(gitDir, remote, config, commit, target.ref, input.force);
    const agreed = commit ?? parent;
    if (agreed) recordGitSyncAgreement(ctx.db, space.id, agreed, revisionId, [...paths], isoNow(ctx.clock));
    return commit ? { commit } : {};
  });
}

/**
 * Commits made in the repository since it last agreed with the space may be committed on: unless they
 * touch the space's files (its pages, SUMMARY.md, `.gitbook.yaml`, `.gitbook/`), which an export would
 * overwrite. Those need an import first (a 409), or `force` to replace them.
 */
async function assertRepositoryDocsUnchanged(gitDir: string, agreed: string, head: string, managed: readonly string[], prefix: string): Promise<void> {
  const changed = await changedPathsBetween(gitDir, agreed, head);
  const owned = new Set(managed);
  const docs = (path: string) => owned.has(path) || (path.startsWith(prefix) && /\.(md|markdown)$|^\.gitbook(\.yaml$|\/)/i.test(path.slice(prefix.length)));
  if (changed === undefined || changed.some(docs)) {
    throw conflict(`ref: the branch has commits changing the docs that this space has not imported${changed === undefined ? ' (its history was rewritten)' : ''}; import them first, or export with force to replace them`);
  }
}

/** The credentials stored for this repository when the URL names none. */
export function withStoredCredentials(ctx: ServiceContext, spaceId: string, remote: GitRemote): GitRemote {
  if (remote.credentials) return remote;
  const row = getGitSync(ctx.db, spaceId);
  if (!row?.credentials || row.url !== remote.url) return remote;
  return { ...remote, credentials: JSON.parse(unsealSecret(ctx.db, row.credentials)) as { username: string; password: string } };
}

export function dataDirOf(ctx: ServiceContext): string {
  if (!ctx.config.dataDir) throw new Error('Git Sync needs the app opened on a data directory');
  return ctx.config.dataDir;
}
