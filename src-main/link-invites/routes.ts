import { listQuery } from '../../src-shared/schemas/common';
import { createLinkInviteBody, updateLinkInviteBody } from '../../src-shared/schemas/members';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { presentLinkInvite } from './presenter';
import {
  createOrganizationLinkInvite,
  deleteOrganizationLinkInvite,
  getOrganizationLinkInvite,
  listOrganizationLinkInvites,
  updateOrganizationLinkInvite,
} from './service';

export function registerLinkInviteRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/link-invites', { effect: 'read', query: listQuery }, ({ ctx, params, query }) => {
    const { page, callerRole } = listOrganizationLinkInvites(ctx, params.organizationId, query);
    return { status: 200, body: listEnvelope(page, (invite) => presentLinkInvite(invite, callerRole)) };
  });

  router.post('/v1/orgs/{organizationId}/link-invites', { effect: 'write', body: createLinkInviteBody }, ({ ctx, params, body }) => {
    const { role } = body;
    const { invite, callerRole } = createOrganizationLinkInvite(ctx, params.organizationId, role);
    return { status: 201, body: presentLinkInvite(invite, callerRole) };
  });

  router.get('/v1/orgs/{organizationId}/link-invites/{inviteId}', { effect: 'read' }, ({ ctx, params }) => {
    const { invite, callerRole } = getOrganizationLinkInvite(ctx, params.organizationId, params.inviteId);
    return { status: 200, body: presentLinkInvite(invite, callerRole) };
  });

  router.patch('/v1/orgs/{organizationId}/link-invites/{inviteId}', { effect: 'write', body: updateLinkInviteBody }, ({ ctx, params, body }) => {
    const { role } = body;
    const { invite, callerRole } = updateOrganizationLinkInvite(ctx, params.organizationId, params.inviteId, role);
    return { status: 200, body: presentLinkInvite(invite, callerRole) };
  });

  // The description answers 205 Reset Content here (the spec allows 204 or 205).
  router.delete('/v1/orgs/{organizationId}/link-invites/{inviteId}', { effect: 'write' }, ({ ctx, params }) => {
    deleteOrganizationLinkInvite(ctx, params.organizationId, params.inviteId);
    return { status: 205 };
  });
}
