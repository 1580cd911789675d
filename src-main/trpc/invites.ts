import { z } from 'zod';
import { listQuery } from '../../src-shared/schemas/common';
import { inviteUsersBody } from '../../src-shared/schemas/members';
import { listEnvelope } from '../http/list';
import { declineInvite, joinWithInvite, listMyInvites } from '../invites/invitee';
import { presentInvite } from '../invites/presenter';
import { inviteUsers, listOrganizationInvites, revokeOrganizationInvite } from '../invites/service';
import { organizationId } from './refs';
import { procedure, router } from './trpc';

const inviteId = z.string().min(1);
const inviteRef = z.object({ organizationId, inviteId });

/** The invite routes (invites/routes.ts) as procedures: an organization's invites, and the caller's own. */
export const invitesRouter = router({
  /** POST /orgs/{organizationId}/invites: pending invites, answered the same for known and unknown emails. */
  inviteUsers: procedure.input(inviteUsersBody.safeExtend({ organizationId })).mutation(({ ctx, input }) => {
    const { organizationId: orgId, ...body } = input;
    return inviteUsers(ctx, orgId, body);
  }),

  list: procedure.input(z.object({ organizationId, ...listQuery.shape })).query(({ ctx, input }) =>
    listEnvelope(listOrganizationInvites(ctx, input.organizationId, { page: input.page, limit: input.limit }), presentInvite),
  ),

  revoke: procedure.input(inviteRef).mutation(({ ctx, input }) => {
    revokeOrganizationInvite(ctx, input.organizationId, input.inviteId);
    return { revoked: true };
  }),

  listMy: procedure.input(listQuery).query(({ ctx, input }) => listEnvelope(listMyInvites(ctx, input), presentInvite)),

  join: procedure.input(inviteRef).mutation(({ ctx, input }) => {
    joinWithInvite(ctx, input.organizationId, input.inviteId);
    return { accepted: true };
  }),

  decline: procedure.input(z.object({ inviteId })).mutation(({ ctx, input }) => {
    declineInvite(ctx, input.inviteId);
    return { declined: true };
  }),
});
