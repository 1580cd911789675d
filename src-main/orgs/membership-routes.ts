import type { Router } from '../http/router';
import { joinOrganization, updateOrganizationMemberLastSeenAt } from './membership-service';

export function registerOrganizationMembershipRoutes(router: Router): void {
  router.post('/v1/orgs/{organizationId}/ping', { effect: 'write' }, ({ ctx, params }) => {
    updateOrganizationMemberLastSeenAt(ctx, params.organizationId);
    return { status: 200, body: {} };
  });

  router.post('/v1/orgs/{organizationId}/join', { effect: 'write' }, ({ ctx, params }) => {
    joinOrganization(ctx, params.organizationId);
    return { status: 204 };
  });
}
