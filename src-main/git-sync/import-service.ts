import type { ServiceContext } from '../app/context';
import { isoNow } from '../app/context';
import { cutRevision } from '../content/engine';
import { badRequest, conflict } from '../errors';
import { exportSpaceRepository } from '../export/service';
import { withoutOversizeImages } from '../import/assets';
import { importMarkdownTree } from '../import/markdown';
import { DEFAULT_LIMITS } from '../import/source';
import { assertSpaceWritable, requireSpace } from '../spaces/access';
import { getGitSync, recordGitSyncAgreement } from '../store/git-sync';
import { setRevisionOrigin } from '../store/revisions';
import { dataDirOf, withStoredCredentials } from './export-service';
import { fetchBranch, openLocalRepository, renamesBetween } from './local-repository';
import { runGitOperation } from './operation';
import { reconcileTreeWithPlan } from './reconcile';
import { remoteConfig } from './remote';
import { sourceTreeOfCommit } from './repository-source';
import { type GitTargetInput, parseGitTarget, rememberGitTarget } from './target';

export interface ImportGitInput extends GitTargetInput {
  standalone?: boolean;
  force?: boolean;
}

/**
 * Fetches the branch and makes the space's main content what the repository holds, as GitBook's Git Sync
 * reads it (import/markdown.ts), with the fewest edits: pages still there keep their ids (a file git saw
 * renamed keeps its page), comments and links stay attached, and an import of what is already there writes
 * nothing. One revision, marked as an import.
 *
 * When both sides changed since they last agreed, the import is refused with a 409 unless `force` (the
 * repository wins): merging both sides is the configured Git Sync's job.
 */
export async function importGitRepository(ctx: ServiceContext, spaceId: string, input: ImportGitInput): Promise<void> {
  const { space } = requireSpace(ctx, spaceId, { required: 'edit', action: 'import a git repository into it' });
  assertSpaceWritable(space);
  if (input.standalone) throw badRequest('standalone: an import that leaves the space as it is is not supported; import into the space, or into a change request through the app');
  const target = parseGitTarget(ctx, input);
  const remote = withStoredCredentials(ctx, space.id, target.remote);
  const config = await remoteConfig(remote, ctx.config);
  rememberGitTarget(ctx, space.id, target, input);
  await runGitOperation(ctx, space.id, 'import', async (stage) => {
    const gitDir = await openLocalRepository(dataDirOf(ctx), space.id);
    const commit = await fetchBranch(gitDir, remote, config, target.ref);
    if (!commit) throw badRequest(`ref: the repository has no branch ${target.ref}`);
    stage('config_check');
    const { tree: source } = await sourceTreeOfCommit(gitDir, commit, target.projectDirectory, DEFAULT_LIMITS);
    stage('content_process');
    const plan = withoutOversizeImages(await importMarkdownTree(source));
    if (plan.pages.length === 0) throw badRequest(`url: no GitBook content (SUMMARY.md, README.md or markdown pages) under "${target.projectDirectory || '/'}" on ${target.ref}`);
    const before = getGitSync(ctx.db, space.id)!;
    const renames = before.last_commit && before.last_commit !== commit ? await renamesBetween(gitDir, before.last_commit, commit, target.projectDirectory).catch(() => new Map<string, string>()) : new Map<string, string>();
    stage('finalize');
    ctx.docs.write((writer) => {
      const { space: now } = requireSpace(ctx, spaceId, { required: 'edit', action: 'import a git repository into it' });
      assertSpaceWritable(now);
      const row = getGitSync(ctx.db, now.id)!;
      const spaceMoved = row.last_revision_id !== null && row.last_revision_id !== now.revision_id;
      if (spaceMoved && row.last_commit !== commit && !input.force) {
        throw conflict('url: the space and the repository both changed since they last agreed; import with force to take the repository\'s content, or export first');
      }
      const tree = { spaceId: now.id, treeId: now.id };
      reconcileTreeWithPlan(ctx, writer, tree, plan, renames);
      const revision = cutRevision(ctx, tree, 'edits', ctx.user.id);
      if (revision) setRevisionOrigin(ctx.db, revision.id, 'import');
      const prefix = target.projectDirectory ? `${target.projectDirectory}/` : '';
      const managed = exportSpaceRepository(ctx, now.id).map((file) => `${prefix}${file.path}`);
      recordGitSyncAgreement(ctx.db, now.id, commit, revision?.id ?? now.revision_id, managed, isoNow(ctx.clock));
    });
  });
}
