import { listOrganizationChangeRequestsQuery } from '../../src-shared/schemas/change-requests';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { listChangeRequestsForOrganization } from './organization-service';
import { presentChangeRequest } from './presenter';

export function registerOrganizationChangeRequestRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/change-requests', { effect: 'read', query: listOrganizationChangeRequestsQuery }, ({ ctx, params, query }) => {
    const page = listChangeRequestsForOrganization(ctx, params.organizationId, query);
    return { status: 200, body: listEnvelope(page, (cr) => presentChangeRequest(cr, ctx)) };
  });
}
