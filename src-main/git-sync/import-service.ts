import type { ServiceContext } from '../app/context';
import { isoNow } from '../app/context';
import { cutRevision } from '../content/engine';
import { badRequest } from '../errors';
import { exportSpaceRepository } from '../export/service';
import { withoutOversizeImages } from '../import/assets';
import { importMarkdownTree } from '../import/markdown';
import { DEFAULT_LIMITS } from '../import/source';
import { assertSpaceWritable, requireSpace } from '../spaces/access';
import type { ChangeRequestRow } from '../store/change-requests';
import { clearPendingExport, getGitSync, recordGitSyncAgreement, setGitSyncBase, setGitSyncImportChangeRequest } from '../store/git-sync';
import { createBaseFork } from './base-fork';
import { gitText } from './git-command';
import { mergeRepositoryIntoSpace } from './merge-commits';
import { setRevisionOrigin } from '../store/revisions';
import { finalizePendingExport } from './export-service';
import { fetchBranch, isAncestor, openLocalRepository, renamesBetween } from './local-repository';
import { runGitOperation } from './operation';
import { reconcileTreeWithPlan } from './reconcile';
import { sourceTreeOfCommit } from './repository-source';
import { agreesWith, dataDirOf, type GitTargetInput, prepareGitOperation, rememberGitTarget } from './target';

interface ImportGitInput extends GitTargetInput {
  standalone?: boolean;
  force?: boolean;
}

/**
 * Fetches the branch and brings what it holds into the space's main content, as GitBook's Git Sync reads a
 * repository (import/markdown.ts):
 * - The first time (or with `force`: the repository wins), the content is reconciled into main with the
 *   fewest edits: pages still there keep their ids (a file git saw renamed keeps its page), an import of what
 *   is already there writes nothing.
 * - Once the two have agreed, new commits are merged (merge-commits.ts): as a change request that merges
 *   through Yjs with what Folio changed since, when the caller may merge; else left open for a reviewer.
 */
export async function importGitRepository(ctx: ServiceContext, spaceId: string, input: ImportGitInput): Promise<ImportGitOutcome> {
  if (input.standalone) throw badRequest('standalone: an import that leaves the space as it is is not supported; import into the space, or into a change request through the app');
  const { space, target, remote, config } = await prepareGitOperation(ctx, spaceId, input, 'import a git repository into it');
  return runGitOperation(ctx, space.id, 'import', async (stage) => {
    const gitDir = await openLocalRepository(dataDirOf(ctx), space.id);
    const commit = await fetchBranch(gitDir, remote, config, target.ref);
    if (!commit) throw badRequest(`ref: the repository has no branch ${target.ref}`);
    let row = getGitSync(ctx.db, space.id)!;
    if (agreesWith(row, target) && row.pending_commit && (await isAncestor(gitDir, row.pending_commit, commit))) {
      finalizePendingExport(ctx, space.id);
      row = getGitSync(ctx.db, space.id)!;
    }
    const agreed = agreesWith(row, target);
    if (agreed && commit === row.last_commit && !input.force) {
      rememberGitTarget(ctx, space.id, target, input);
      return {};
    }
    stage('config_check');
    const { tree: source } = await sourceTreeOfCommit(gitDir, commit, target.projectDirectory, DEFAULT_LIMITS);
    stage('content_process');
    const plan = withoutOversizeImages(await importMarkdownTree(source));
    if (plan.pages.length === 0) throw badRequest(`url: no GitBook content (SUMMARY.md, README.md or markdown pages) under "${target.projectDirectory || '/'}" on ${target.ref}`);
    const renames = agreed ? await renamesBetween(gitDir, row.last_commit!, commit, target.projectDirectory).catch(() => new Map<string, string>()) : new Map<string, string>();
    stage('finalize');
    const prefix = target.projectDirectory ? `${target.projectDirectory}/` : '';
    const base = agreed && !input.force ? row.base_change_request_id : null;
    if (base) {
      const merged = mergeRepositoryIntoSpace(ctx, space.id, base, plan, renames, await mergeSubject(gitDir, row.last_commit!, commit));
      ctx.db.transaction(() => {
        rememberGitTarget(ctx, space.id, target, input);
        const managed = exportSpaceRepository(ctx, space.id, base).map((file) => `${prefix}${file.path}`);
        // The repository now holds the base's content, not main's: the revision it last matched stays, so what
        // Folio merged since is still what the next export commits.
        recordGitSyncAgreement(ctx.db, space.id, commit, row.last_revision_id ?? requireSpace(ctx, space.id).space.revision_id, managed, isoNow(ctx.clock));
        if (merged.changeRequest) setGitSyncImportChangeRequest(ctx.db, space.id, merged.changeRequest.id);
        // An export still waiting to be pushed was built on the branch as it was: its content is in main,
        // and the next export commits it on top of what was just imported.
        clearPendingExport(ctx.db, space.id);
      })();
      const notes = [
        ...merged.kept.map((title) => `Kept the page "${title}": the repository deleted it, but it was edited in Folio since the last sync`),
        ...(merged.changeRequest && !merged.merged ? [`Change request #${merged.changeRequest.number} holds the repository's changes and waits for a reviewer to merge it`] : []),
        ...plan.failures,
        ...merged.failures,
      ];
      return { ...(merged.changeRequest && { changeRequest: merged.changeRequest, merged: merged.merged }), kept: merged.kept, notes };
    }
    const failures = ctx.docs.write((writer) => {
      const { space: now } = requireSpace(ctx, spaceId, { required: 'edit', action: 'import a git repository into it' });
      assertSpaceWritable(now);
      const tree = { spaceId: now.id, treeId: now.id };
      const outcome = reconcileTreeWithPlan(ctx, writer, tree, plan, renames);
      const revision = cutRevision(ctx, tree, 'edits', ctx.user.id);
      if (revision) setRevisionOrigin(ctx.db, revision.id, 'import');
      const current = requireSpace(ctx, now.id).space;
      rememberGitTarget(ctx, now.id, target, input);
      clearPendingExport(ctx.db, now.id);
      // From now on new commits merge from here: a fork holding exactly what the repository holds.
      setGitSyncBase(ctx.db, now.id, createBaseFork(ctx, writer, current));
      setGitSyncImportChangeRequest(ctx.db, now.id, null);
      const managed = exportSpaceRepository(ctx, now.id).map((file) => `${prefix}${file.path}`);
      recordGitSyncAgreement(ctx.db, now.id, commit, current.revision_id, managed, isoNow(ctx.clock));
      return outcome.failures;
    });
    return { notes: [...plan.failures, ...failures] };
  });
}

interface ImportGitOutcome {
  /** The change request that brought new commits in, merged when the caller could merge it. */
  changeRequest?: ChangeRequestRow;
  merged?: boolean;
  /** Pages the repository deleted that stayed because Folio edited them since. */
  kept?: string[];
  /** What the writer should know, in words: what could not be imported or merged, and why. */
  notes?: string[];
}

/** "Git Sync: <subject of the newest commit>" and how many more came with it. */
async function mergeSubject(gitDir: string, from: string, to: string): Promise<string> {
  const subjects = (await gitText(['log', '--format=%s', '--no-merges', `${from}..${to}`], { gitDir }).catch(() => '')).split('\n').filter(Boolean);
  const first = subjects[0]?.slice(0, 200) ?? 'changes from the repository';
  return `Git Sync: ${first}${subjects.length > 1 ? ` (+${subjects.length - 1} more commits)` : ''}`;
}
