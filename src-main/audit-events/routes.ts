import { listAuditEventsQuery } from '../../src-shared/schemas/audit-events';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { presentAuditEvent, presentAuditEventAction } from './presenter';
import { getOrganizationAuditEvent, listOrganizationAuditEventActions, listOrganizationAuditEvents } from './service';

export function registerAuditEventRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/audit-event-actions', { effect: 'read' }, ({ ctx, params }) => {
    const actions = listOrganizationAuditEventActions(ctx, params.organizationId);
    return { status: 200, body: { items: actions.map(presentAuditEventAction) } };
  });

  router.get('/v1/orgs/{organizationId}/audit-events', { effect: 'read', query: listAuditEventsQuery }, ({ ctx, params, query }) => {
    const { page, limit, ...filters } = query;
    const events = listOrganizationAuditEvents(ctx, params.organizationId, filters, { page, limit: limit ?? 20 });
    return { status: 200, body: listEnvelope(events, (row) => presentAuditEvent(row, ctx)) };
  });

  router.get('/v1/orgs/{organizationId}/audit-events/{auditEventId}', { effect: 'read' }, ({ ctx, params }) => {
    const event = getOrganizationAuditEvent(ctx, params.organizationId, params.auditEventId);
    return { status: 200, body: presentAuditEvent(event, ctx, true) };
  });
}
