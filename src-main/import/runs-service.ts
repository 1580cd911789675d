import { roleAtLeast } from '../../src-shared/roles';
import type { ListImportRunsQuery, StartImportRunInput } from '../../src-shared/schemas/import-runs';
import { isoNow, type ServiceContext } from '../app/context';
import { badRequest, isFolioError, notFound } from '../errors';
import { requireMembership } from '../orgs/access';
import { requireSpace } from '../spaces/access';
import { findChangeRequest } from '../store/change-requests';
import { getSite } from '../store/sites';
import {
  finishImportRun,
  getImportRun,
  insertImportRun,
  isImportRunCancelRequested,
  listImportRuns as listImportRunRows,
  markImportRunStarted,
  recordImportRunProgress,
  requestImportRunCancel,
  type ImportRunRow,
} from '../store/import-runs';
import { newId } from '../store/ids';
import { ImportCancelled } from './cancellation';
import { checkImportRequest, importIntoSpace } from './service';

/**
 * Import runs (GitBook's /org/{organizationId}/imports): an import started through the API and run in the
 * background over the same engine as `importContent` (service.ts), its state kept in `import_runs`. The
 * engine reads the whole source, then writes it in one transaction: a run that fails or is cancelled has
 * written nothing, and a completed one wrote one revision.
 */
export async function startImportRun(ctx: ServiceContext, organizationId: string, input: StartImportRunInput): Promise<ImportRunRow> {
  requireMembership(ctx, organizationId);
  const { space } = requireSpace(ctx, input.target.space, { required: 'edit', action: 'import content into it' });
  if (space.organization_id !== organizationId) throw notFound(`Space "${input.target.space}" not found in this organization`);
  if (input.source.type === 'file') {
    throw badRequest('source.files: Folio keeps no uploaded files to import from; import a website, or send a file to POST /v1/spaces/{spaceId}/content/import');
  }
  const site = input.site ? getSite(ctx.db, input.site) : undefined;
  if (input.site && site?.organization_id !== organizationId) throw badRequest(`site: no site "${input.site}" in this organization`);
  const changeRequest = input.target.changeRequest ? findChangeRequest(ctx.db, space.id, input.target.changeRequest) : undefined;
  if (input.target.changeRequest && !changeRequest) throw notFound(`Change request "${input.target.changeRequest}" not found`);
  const request = { url: input.source.url, source: 'website' as const, parentPageId: input.target.page, changeRequestId: changeRequest?.id };
  // What the import's own request checks (the URL, the right to write there, the network policy), so that a
  // refused run is this request's 400 or 403 rather than a run that fails later.
  await checkImportRequest(ctx, space.id, request);
  const run = insertImportRun(ctx.db, {
    id: newId(),
    organizationId,
    spaceId: space.id,
    changeRequestId: changeRequest?.id,
    pageId: input.target.page,
    siteId: input.site,
    source: input.source,
    createdBy: ctx.user.id,
    now: isoNow(ctx.clock),
  });
  const running = new Promise<void>((resolve) => setImmediate(() => void runImport(ctx, run.id, request).finally(resolve)));
  const runs = inFlight.get(ctx.db) ?? new Set();
  inFlight.set(ctx.db, runs);
  runs.add(running);
  void running.then(() => runs.delete(running));
  return run;
}

/** The runs this process is working on, per database. */
const inFlight = new WeakMap<object, Set<Promise<void>>>();

/** Resolves once every run this process started on `db` has stopped (tests; a graceful stop). */
export async function importRunsSettled(db: object): Promise<void> {
  await Promise.all(inFlight.get(db) ?? []);
}

async function runImport(ctx: ServiceContext, runId: string, request: Parameters<typeof importIntoSpace>[2]): Promise<void> {
  const { db } = ctx;
  const now = () => isoNow(ctx.clock);
  if (!db.open || isImportRunCancelRequested(db, runId)) return;
  markImportRunStarted(db, runId, now());
  const isCancelled = () => !db.open || isImportRunCancelRequested(db, runId);
  try {
    const outcome = await importIntoSpace(ctx, getImportRun(db, runId)!.space_id, request, {
      isCancelled,
      onProgress: (done, found) => {
        // Between pages: the engine stops here when the run was cancelled.
        if (isCancelled()) throw new ImportCancelled();
        recordImportRunProgress(db, runId, done, found, now());
      },
    });
    finishImportRun(db, runId, { status: 'completed', revisionId: outcome.revision, done: outcome.importedResources, found: outcome.totalResources }, now());
  } catch (error) {
    if (!db.open) return;
    if (error instanceof ImportCancelled) return; // the cancel recorded the outcome
    if (!isFolioError(error)) console.error('[folio] import run failed:', error);
    const reason = isFolioError(error) ? error.message : 'The import failed: see the server log';
    finishImportRun(db, runId, { status: 'failed', reason }, now());
  }
}

/** A run of the organization whose space the caller can read; others are 404 (as their spaces are). */
export function getImportRunForCaller(ctx: ServiceContext, organizationId: string, runId: string): ImportRunRow {
  requireMembership(ctx, organizationId);
  const run = getImportRun(ctx.db, runId);
  if (!run || run.organization_id !== organizationId) throw notFound(`Import run "${runId}" not found`);
  try {
    requireSpace(ctx, run.space_id, { allowDeleted: true });
  } catch {
    throw notFound(`Import run "${runId}" not found`);
  }
  return run;
}

/** The organization's runs, the most recent first: for its members (a guest sees spaces one by one, not the organization's work). */
export function listImportRuns(ctx: ServiceContext, organizationId: string, query: ListImportRunsQuery) {
  const { role } = requireMembership(ctx, organizationId);
  if (!roleAtLeast(role, 'read')) throw notFound(`Organization "${organizationId}" not found`);
  const { page, limit, ...filters } = query;
  return listImportRunRows(ctx.db, organizationId, filters, { page, limit });
}

/**
 * Stops a run that has not finished: it is cancelled at once, and the engine, which checks between pages and
 * right before writing, stops without writing anything. A finished run cannot be cancelled (400).
 */
export function cancelImportRun(ctx: ServiceContext, organizationId: string, runId: string): ImportRunRow {
  const run = getImportRunForCaller(ctx, organizationId, runId);
  requireSpace(ctx, run.space_id, { required: 'edit', action: 'cancel an import into it', allowDeleted: true });
  if (run.status !== 'pending' && run.status !== 'in-progress') throw badRequest(`importRunId: the import run is already ${run.status}`);
  requestImportRunCancel(ctx.db, run.id, isoNow(ctx.clock));
  return getImportRun(ctx.db, run.id)!;
}
