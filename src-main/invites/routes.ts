import { listQuery } from '../../src-shared/schemas/common';
import { inviteUsersBody } from '../../src-shared/schemas/members';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { declineInvite, joinWithInvite, listMyInvites } from './invitee';
import { presentInvite } from './presenter';
import { inviteUsers, listOrganizationInvites, revokeOrganizationInvite } from './service';

/**
 * Invites by email. POST .../invites and POST .../invites/{inviteId} are GitBook's operations; listing and
 * revoking an organization's invites, and the caller's own invites, are Folio extensions (docs/invites.md).
 */
export function registerInviteRoutes(router: Router): void {
  router.post('/v1/orgs/{organizationId}/invites', { effect: 'write', body: inviteUsersBody }, ({ ctx, params, body }) => ({
    status: 200,
    body: inviteUsers(ctx, params.organizationId, body),
  }));

  router.get('/v1/orgs/{organizationId}/invites', { effect: 'read', query: listQuery }, ({ ctx, params, query }) => ({
    status: 200,
    body: listEnvelope(listOrganizationInvites(ctx, params.organizationId, query), presentInvite),
  }));

  router.post('/v1/orgs/{organizationId}/invites/{inviteId}', { effect: 'write' }, ({ ctx, params }) => {
    joinWithInvite(ctx, params.organizationId, params.inviteId);
    return { status: 200, body: {} };
  });

  router.delete('/v1/orgs/{organizationId}/invites/{inviteId}', { effect: 'write' }, ({ ctx, params }) => {
    revokeOrganizationInvite(ctx, params.organizationId, params.inviteId);
    // 205, as GitBook answers for deleting an invite link.
    return { status: 205 };
  });

  router.get('/v1/user/invites', { effect: 'read', query: listQuery }, ({ ctx, query }) => ({
    status: 200,
    body: listEnvelope(listMyInvites(ctx, query), presentInvite),
  }));

  router.delete('/v1/user/invites/{inviteId}', { effect: 'write' }, ({ ctx, params }) => {
    declineInvite(ctx, params.inviteId);
    return { status: 205 };
  });
}
