import { listQuery } from '../../src-shared/schemas/common';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { nameParam } from './params';
import { getIntegrationEvent, listIntegrationEvents, refuseIntegrationRuntime } from './runtime-service';

/** What GitBook's integration runtime answers (runtime-service.ts says why Folio's answers are what they are). */
export function registerIntegrationRuntimeRoutes(router: Router): void {
  router.get('/v1/integrations/{integrationName}/events', { effect: 'read', query: listQuery }, ({ ctx, params, query }) => {
    const page = listIntegrationEvents(ctx, nameParam(params), query);
    return { status: 200, body: listEnvelope(page, (event) => event) };
  });

  router.get('/v1/integrations/{integrationName}/events/{eventId}', { effect: 'read' }, ({ ctx, params }) => getIntegrationEvent(ctx, nameParam(params), params.eventId));

  router.put('/v1/integrations/{integrationName}/dev', { effect: 'write' }, ({ ctx, params }) => refuseIntegrationRuntime(ctx, nameParam(params), 'Development mode'));
  router.delete('/v1/integrations/{integrationName}/dev', { effect: 'write' }, ({ ctx, params }) => refuseIntegrationRuntime(ctx, nameParam(params), 'Development mode'));
  router.get('/v1/integrations/{integrationName}/render', { effect: 'read' }, ({ ctx, params }) => refuseIntegrationRuntime(ctx, nameParam(params), 'Rendering an integration\'s UI'));
  router.post('/v1/integrations/{integrationName}/render', { effect: 'read' }, ({ ctx, params }) => refuseIntegrationRuntime(ctx, nameParam(params), 'Rendering an integration\'s UI'));
  router.post('/v1/integrations/{integrationName}/tasks', { effect: 'read' }, ({ ctx, params }) => refuseIntegrationRuntime(ctx, nameParam(params), 'Running an integration task'));
}
