import { listQuery } from '../../src-shared/schemas/common';
import { createOrganizationBody, updateOrganizationBody } from '../../src-shared/schemas/orgs';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { presentOrganizationFor } from './presenter';
import {
  createOrganization,
  getOrganizationForCaller,
  listMyOrganizations,
  organizationsForEmailDomain,
  updateOrganizationSettings,
} from './service';

export function registerOrganizationRoutes(router: Router): void {
  router.get('/v1/orgs', { effect: 'read', query: listQuery }, ({ ctx, query }) => {
    const page = listMyOrganizations(ctx, query);
    return { status: 200, body: listEnvelope(page, (org) => presentOrganizationFor(ctx, org, org.member_role)) };
  });

  router.post('/v1/orgs', { effect: 'write', body: createOrganizationBody }, ({ ctx, body }) => {
    const { org, role } = createOrganization(ctx, body);
    const presented = presentOrganizationFor(ctx, org, role);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  });

  router.get('/v1/orgs/{organizationId}', { effect: 'read' }, ({ ctx, params }) => {
    const { org, role } = getOrganizationForCaller(ctx, params.organizationId);
    return { status: 200, body: presentOrganizationFor(ctx, org, role) };
  });

  router.patch('/v1/orgs/{organizationId}', { effect: 'write', body: updateOrganizationBody }, ({ ctx, params, body }) => {
    const { org, role } = updateOrganizationSettings(ctx, params.organizationId, body);
    return { status: 200, body: presentOrganizationFor(ctx, org, role) };
  });

  router.get('/v1/email-domains/{emailDomain}/orgs', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: {
      organizations: organizationsForEmailDomain(ctx, params.emailDomain).map((org) =>
        presentOrganizationFor(ctx, org, org.is_member ? org.member_role : undefined),
      ),
    },
  }));
}
