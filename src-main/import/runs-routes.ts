import { listImportRunsQuery, startImportRunBody } from '../../src-shared/schemas/import-runs';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { presentImportRun } from './runs-presenter';
import { cancelImportRun, getImportRunForCaller, listImportRuns, startImportRun } from './runs-service';

/** Import runs: GitBook's `/org/` (not `/orgs/`) paths. */
export function registerImportRunRoutes(router: Router): void {
  router.get('/v1/org/{organizationId}/imports', { effect: 'read', query: listImportRunsQuery }, ({ ctx, params, query }) => {
    const page = listImportRuns(ctx, params.organizationId, query);
    return { status: 200, body: listEnvelope(page, (run) => presentImportRun(run, ctx)) };
  });

  router.post('/v1/org/{organizationId}/imports', { effect: 'write', body: startImportRunBody }, async ({ ctx, params, body }) => {
    const run = await startImportRun(ctx, params.organizationId, body);
    const location = `${ctx.baseUrl}/v1/org/${run.organization_id}/imports/${run.id}`;
    return { status: 201, body: presentImportRun(run, ctx), headers: { Location: location } };
  });

  router.get('/v1/org/{organizationId}/imports/{importRunId}', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: presentImportRun(getImportRunForCaller(ctx, params.organizationId, params.importRunId), ctx),
  }));

  router.post('/v1/org/{organizationId}/imports/{importRunId}/cancel', { effect: 'write' }, ({ ctx, params }) => ({
    status: 200,
    body: presentImportRun(cancelImportRun(ctx, params.organizationId, params.importRunId), ctx),
  }));
}
