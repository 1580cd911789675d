import { listQuery } from '../../src-shared/schemas/common';
import { inviteUsersBody } from '../../src-shared/schemas/members';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { parseInput } from '../http/validate';
import { declineInvite, joinWithInvite, listMyInvites } from './invitee';
import { presentInvite } from './presenter';
import { inviteUsers, listOrganizationInvites, revokeOrganizationInvite } from './service';

/**
 * Invites by email. POST .../invites and POST .../invites/{inviteId} are GitBook's operations; listing and
 * revoking an organization's invites, and the caller's own invites, are Folio extensions (docs/invites.md).
 */
export function registerInviteRoutes(router: Router): void {
  router.post('/v1/orgs/{organizationId}/invites', ({ ctx, params, body }) => ({
    status: 200,
    body: inviteUsers(ctx, params.organizationId, parseInput(inviteUsersBody, body)),
  }));

  router.get('/v1/orgs/{organizationId}/invites', ({ ctx, params, query }) => ({
    status: 200,
    body: listEnvelope(listOrganizationInvites(ctx, params.organizationId, parseInput(listQuery, query, 'query')), presentInvite),
  }));

  router.post('/v1/orgs/{organizationId}/invites/{inviteId}', ({ ctx, params }) => {
    joinWithInvite(ctx, params.organizationId, params.inviteId);
    return { status: 200, body: {} };
  });

  router.delete('/v1/orgs/{organizationId}/invites/{inviteId}', ({ ctx, params }) => {
    revokeOrganizationInvite(ctx, params.organizationId, params.inviteId);
    // 205, as GitBook answers for deleting an invite link.
    return { status: 205 };
  });

  router.get('/v1/user/invites', ({ ctx, query }) => ({
    status: 200,
    body: listEnvelope(listMyInvites(ctx, parseInput(listQuery, query, 'query')), presentInvite),
  }));

  router.delete('/v1/user/invites/{inviteId}', ({ ctx, params }) => {
    declineInvite(ctx, params.inviteId);
    return { status: 205 };
  });
}
