import type { ServiceContext } from '../app/context';
import { isoNow } from '../app/context';
import { exportSpaceRepository, exportSpaceRepositoryAt } from '../export/service';
import { badRequest, conflict } from '../errors';
import { requireSpace } from '../spaces/access';
import { getChangeRequest } from '../store/change-requests';
import { clearPendingExport, getGitSync, recordGitSyncAgreement, recordPendingExport, setGitSyncBase, setGitSyncImportChangeRequest } from '../store/git-sync';
import { applyBaseStash, createBaseFork, decodePendingBase, encodePendingBase, stashMainForBase } from './base-fork';
import { changedPathsBetween, FETCHED_REF, fetchBranch, isAncestor, openLocalRepository, pushCommit, resolveCommit, writeCommit } from './local-repository';
import { GitCommandError } from './git-command';
import { runGitOperation } from './operation';
import { agreesWith, dataDirOf, type GitTargetInput, prepareGitOperation, rememberGitTarget } from './target';

export interface ExportToGitInput extends GitTargetInput {
  commitMessage: string;
  force?: boolean;
  /** The commit's author when not the caller (a configured sync commits a merge as its merger). */
  author?: { name: string; email: string };
  /**
   * Commits to make first, each of main content at a past revision (a configured sync: one commit per merge
   * since the agreement, the last of them being this export's own).
   */
  history?: ReadonlyArray<{ revisionId: string; commitMessage: string; author?: { name: string; email: string } }>;
}

interface ExportToGitOutcome {
  /** The commit pushed; undefined when the repository already held the space's content (nothing committed). */
  commit?: string;
}

/**
 * Commits the space's main content to the repository in GitBook's layout (export/repository.ts) and pushes
 * it: one commit on top of the branch, authored by the caller, or none when nothing changed. Only files a
 * previous sync wrote or read for the space are ever deleted; others beside them stay as they are.
 */
export async function exportToGitRepository(ctx: ServiceContext, spaceId: string, input: ExportToGitInput): Promise<ExportToGitOutcome> {
  const { space, target, remote, config } = await prepareGitOperation(ctx, spaceId, input, 'export it to a git repository');
  return runGitOperation(ctx, space.id, 'export', async (stage) => {
    const gitDir = await openLocalRepository(dataDirOf(ctx), space.id);
    let row = getGitSync(ctx.db, space.id)!;
    // Offline first: with the repository out of reach, a space that agreed with it before still commits, on
    // what it last fetched, and the commit waits to be pushed (docs/git-sync.md, "Offline").
    let unreachable: Error | undefined;
    const head = await fetchBranch(gitDir, remote, config, target.ref).catch(async (error: unknown) => {
      if (!agreesWith(row, target) || !isUnreachable(error)) throw error;
      // Never a commit without the branch's head under it: that could only be pushed by force.
      const known = await resolveCommit(gitDir, FETCHED_REF);
      if (!known) throw error;
      unreachable = error as Error;
      return known;
    });
    const agreed = agreesWith(row, target);
    // An export that committed before and may not have pushed (offline, stopped): in the repository now, it is
    // agreed; not there and the branch unchanged since the agreement, the new commit follows it.
    if (agreed && row.pending_commit && head && (await isAncestor(gitDir, row.pending_commit, head))) {
      finalizePendingExport(ctx, space.id);
      row = getGitSync(ctx.db, space.id)!;
    }
    const chainOnPending = agreed && row.pending_commit !== null && head === row.last_commit;
    const parent = chainOnPending ? row.pending_commit! : head;
    const prefix = target.projectDirectory ? `${target.projectDirectory}/` : '';
    const managed = agreed && head ? (JSON.parse(row.managed_paths) as string[]) : [];
    if (agreed && head && head !== row.last_commit && !input.force) await assertRepositoryDocsUnchanged(gitDir, row.last_commit!, head, managed, prefix);
    const openImport = agreed && row.import_change_request_id ? getChangeRequest(ctx.db, row.import_change_request_id) : undefined;
    const importUnmerged = openImport !== undefined && (openImport.status === 'open' || openImport.status === 'draft');
    if (importUnmerged && !input.force) {
      throw conflict(`ref: change request #${openImport.number} holds the repository's latest changes; merge it (or archive it) before exporting, or export with force`);
    }
    stage('content_process');
    // The content, its revision and what the base fork needs, in one transaction: the base must become exactly
    // what this commit holds (base-fork.ts).
    const read = ctx.docs.write((writer) => {
      const current = requireSpace(ctx, space.id).space;
      // The base holds the last import's edits: usable while main has them too (no import, or its change
      // request merged). One archived or overridden: a fresh fork of main, taken with this commit.
      const importMerged = openImport === undefined || openImport.status === 'merged';
      const base = agreed && row.base_change_request_id && importMerged ? row.base_change_request_id : undefined;
      return {
        files: exportSpaceRepository(ctx, space.id),
        revisionId: current.revision_id,
        pendingBase: base ? { stash: stashMainForBase(ctx, space.id, base) } : { newBase: createBaseFork(ctx, writer, current) },
      };
    });
    const written = read.files.map((file) => ({ path: `${prefix}${file.path}`, bytes: file.bytes }));
    const paths = written.map((file) => file.path);
    stage('finalize');
    const time = Date.parse(isoNow(ctx.clock)) / 1000;
    let previous = { commit: parent, paths: chainOnPending ? (JSON.parse(row.pending_managed_paths ?? '[]') as string[]) : managed };
    // Each commit replaces the files the one before it held for the space; a commit that changes nothing is not made.
    const commitFiles = async (files: Array<{ path: string; bytes: Uint8Array }>, message: string, author?: { name: string; email: string }) => {
      const kept = new Set(files.map((file) => file.path));
      const made = await writeCommit(gitDir, {
        parent: previous.commit,
        write: files,
        remove: previous.paths.filter((path) => !kept.has(path)),
        message,
        author: author ?? { name: ctx.user.display_name, email: ctx.user.email },
        time,
      });
      if (made) previous = { commit: made, paths: [...kept] };
      return made;
    };
    for (const step of input.history ?? []) {
      const files = exportSpaceRepositoryAt(ctx, space.id, step.revisionId).map((file) => ({ path: `${prefix}${file.path}`, bytes: file.bytes }));
      await commitFiles(files, step.commitMessage, step.author);
    }
    const last = await commitFiles(written, input.commitMessage, input.author);
    const result = last ?? previous.commit;
    const commit = result !== parent ? result : undefined;
    if (!result) return {};
    recordPendingExport(ctx.db, space.id, { commit: result, revisionId: read.revisionId, managedPaths: paths, base: encodePendingBase(read.pendingBase) }, isoNow(ctx.clock));
    if (unreachable) {
      throw badRequest(`url: the repository could not be reached (${unreachable.message.replace(/^git \w+ failed: /, '')}); the commit is kept and will be pushed by the next export or sync`);
    }
    if (result !== head) await pushCommit(gitDir, remote, config, result, target.ref, input.force);
    rememberGitTarget(ctx, space.id, target, input);
    finalizePendingExport(ctx, space.id);
    return commit ? { commit } : {};
  });
}

/**
 * The repository holds the pending export's commit: it is now what the two agree on, and the base fork
 * becomes what that commit holds (its stash applied, or the fork taken with it adopted).
 */
export function finalizePendingExport(ctx: ServiceContext, spaceId: string): void {
  ctx.docs.write((writer) => {
    const row = getGitSync(ctx.db, spaceId);
    if (!row?.pending_commit || !row.pending_updates) return;
    const pending = decodePendingBase(row.pending_updates);
    if ('newBase' in pending) {
      setGitSyncBase(ctx.db, spaceId, pending.newBase);
      // The repository now holds main's content: an import's change request left open is just a change request.
      setGitSyncImportChangeRequest(ctx.db, spaceId, null);
    } else if (row.base_change_request_id) {
      applyBaseStash(ctx, writer, { spaceId, treeId: row.base_change_request_id }, pending.stash);
    }
    recordGitSyncAgreement(ctx.db, spaceId, row.pending_commit, row.pending_revision_id!, JSON.parse(row.pending_managed_paths ?? '[]') as string[], isoNow(ctx.clock));
    clearPendingExport(ctx.db, spaceId);
  });
}

/** A repository out of reach (network, host down, folder missing), as opposed to one that refused us. */
function isUnreachable(error: unknown): boolean {
  return error instanceof GitCommandError && !/authentication failed|could not read Username|\b40[13]\b|couldn't find remote ref/i.test(error.stderr);
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
