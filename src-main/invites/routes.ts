import { inviteUsersBody } from '../../src-shared/schemas/members';
import type { Router } from '../http/router';
import { parseInput } from '../http/validate';
import { inviteUsers, joinWithLinkInvite } from './service';

export function registerInviteRoutes(router: Router): void {
  router.post('/v1/orgs/{organizationId}/invites', ({ ctx, params, body }) => ({
    status: 200,
    body: inviteUsers(ctx, params.organizationId!, parseInput(inviteUsersBody, body)),
  }));

  router.post('/v1/orgs/{organizationId}/invites/{inviteId}', ({ ctx, params }) => {
    joinWithLinkInvite(ctx, params.organizationId!, params.inviteId!);
    return { status: 200, body: {} };
  });
}
