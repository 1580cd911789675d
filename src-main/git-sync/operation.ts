import type { ServiceContext } from '../app/context';
import { isoNow } from '../app/context';
import { badRequest, conflict, isFolioError } from '../errors';
import { setGitSyncOperation } from '../store/git-sync';
import { GitCommandError, GitUnavailableError } from './git-command';

type GitSyncStage = 'repo_fetch' | 'config_check' | 'content_process' | 'finalize';

/** GitBook's GitSyncOperation, as `git/info` and the app show the last one. */
export interface GitSyncOperation {
  state: 'running' | 'failure' | 'success';
  direction: 'export' | 'import';
  stage: GitSyncStage;
  dispatchedTasks: number;
  completedTasks: number;
  startedAt: string;
  updatedAt: string;
  completedAt?: string;
  error?: string;
  /** Folio's: what the writer should know about an operation that succeeded (pages kept, files left out). */
  notes?: string[];
}

/** One space's operations run one at a time in this process: two would race on its local repository. */
const running = new Map<string, Promise<unknown>>();

/**
 * Runs an export or import of a space, recording its stage as it goes and its outcome at the end (the
 * error in words when it fails). Errors reach the caller in Folio's vocabulary: a git failure is a 400 on
 * `url` (unreachable, refused credentials), a rejected push a 409.
 */
export async function runGitOperation<T>(
  ctx: ServiceContext,
  spaceId: string,
  direction: GitSyncOperation['direction'],
  work: (stage: (stage: GitSyncStage) => void) => Promise<T>,
): Promise<T> {
  const previous = running.get(spaceId) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(async () => {
    const startedAt = isoNow(ctx.clock);
    const operation: GitSyncOperation = { state: 'running', direction, stage: 'repo_fetch', dispatchedTasks: 4, completedTasks: 0, startedAt, updatedAt: startedAt };
    const save = () => setGitSyncOperation(ctx.db, spaceId, operation, operation.updatedAt);
    save();
    const stages: GitSyncStage[] = ['repo_fetch', 'config_check', 'content_process', 'finalize'];
    try {
      const result = await work((stage) => {
        Object.assign(operation, { stage, completedTasks: stages.indexOf(stage), updatedAt: isoNow(ctx.clock) });
        save();
      });
      const now = isoNow(ctx.clock);
      const notes = (result as { notes?: unknown } | undefined)?.notes;
      Object.assign(operation, { state: 'success', stage: 'finalize', completedTasks: 4, updatedAt: now, completedAt: now }, Array.isArray(notes) && notes.length ? { notes } : {});
      save();
      return result;
    } catch (error) {
      const answer = inFolioWords(error);
      Object.assign(operation, { state: 'failure', updatedAt: isoNow(ctx.clock), error: answer.message });
      save();
      throw answer;
    }
  });
  running.set(spaceId, next);
  try {
    return await next;
  } finally {
    if (running.get(spaceId) === next) running.delete(spaceId);
  }
}

function inFolioWords(error: unknown): Error {
  if (isFolioError(error)) return error;
  if (error instanceof GitUnavailableError) return badRequest(`url: ${error.message}`);
  if (error instanceof GitCommandError) {
    if (/\[rejected\]|non-fast-forward|fetch first|stale info/i.test(error.stderr)) {
      return conflict('ref: the branch has commits this space has not imported yet; import them first, or export with force to replace them');
    }
    if (/authentication failed|could not read Username|401|403/i.test(error.stderr)) {
      return badRequest('url: the repository refused the credentials (give a user and token in the URL, https://user:token@host/owner/repo.git)');
    }
    return badRequest(`url: the repository could not be reached (${error.message.replace(/^git \w+ failed: /, '')})`);
  }
  return error as Error;
}
