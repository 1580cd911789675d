import { listOrganizationChangeRequestsQuery } from '../../src-shared/schemas/change-requests';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { parseInput } from '../http/validate';
import { listChangeRequestsForOrganization } from './organization-service';
import { presentChangeRequest } from './presenter';

export function registerOrganizationChangeRequestRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/change-requests', ({ ctx, params, query }) => {
    const page = listChangeRequestsForOrganization(ctx, params.organizationId, parseInput(listOrganizationChangeRequestsQuery, query, 'query'));
    return { status: 200, body: listEnvelope(page, (cr) => presentChangeRequest(cr, ctx)) };
  });
}
