import { randomUUID } from 'node:crypto';
import { isFolioError } from '../errors';
import type { ImportOutcome } from './service';

interface ImportJob {
  id: string;
  userId: string;
  state: 'running' | 'done' | 'failed';
  done: number;
  found: number;
  result?: ImportOutcome;
  error?: string;
  startedAt: number;
}

const KEEP_FINISHED_MS = 60 * 60 * 1000;

/**
 * Long imports run in the background so the app can show progress: the renderer starts one and
 * polls its state (polling works the same over IPC and HTTP). Jobs live in memory: the import
 * itself is one transaction, so a job lost with its process leaves nothing half written.
 */
export class ImportJobs {
  private readonly jobs = new Map<string, ImportJob>();

  start(userId: string, run: (progress: (done: number, found: number) => void) => Promise<ImportOutcome>): ImportJob {
    this.prune();
    const job: ImportJob = { id: randomUUID(), userId, state: 'running', done: 0, found: 0, startedAt: Date.now() };
    this.jobs.set(job.id, job);
    run((done, found) => {
      job.done = done;
      job.found = found;
    }).then(
      (result) => Object.assign(job, { state: 'done', result, done: result.importedResources, found: result.totalResources }),
      (error: unknown) => {
        if (!isFolioError(error)) console.error('[folio] import failed:', error);
        Object.assign(job, { state: 'failed', error: isFolioError(error) ? error.message : 'The import failed: see the server log' });
      },
    );
    return job;
  }

  /** A job of this user (others' jobs do not exist for them). */
  get(id: string, userId: string): ImportJob | undefined {
    const job = this.jobs.get(id);
    return job && job.userId === userId ? job : undefined;
  }

  private prune(): void {
    const cutoff = Date.now() - KEEP_FINISHED_MS;
    for (const [id, job] of this.jobs) if (job.state !== 'running' && job.startedAt < cutoff) this.jobs.delete(id);
  }
}
