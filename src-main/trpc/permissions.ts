import { z } from 'zod';
import { listQuery, memberRoleOrGuest } from '../../src-shared/schemas/common';
import { contentAggregateQuery, inviteUsersAndTeamsBody, permissionTarget } from '../../src-shared/schemas/permissions';
import { badRequest } from '../errors';
import { listEnvelope } from '../http/list';
import { listPermissionsAggregate } from '../permissions/aggregate-service';
import { presentAggregatePermission, presentTeamPermission, presentUserPermission } from '../permissions/presenter';
import {
  inviteToContent,
  listContentTeamPermissions,
  listContentUserPermissions,
  removeContentPermission,
  updateContentPermission,
} from '../permissions/service';
import { teamPermissionsFor } from '../teams/service';
import { procedure, router } from './trpc';

const principal = z.object({ principal: z.enum(['user', 'team']), principalId: z.string().min(1) });
const withTarget = z.object({ target: permissionTarget });

/**
 * Who is invited to a space, a collection or a site, for the app's sharing panels: the same services as
 * /v1's permissions operations (permissions/service.ts), the object named by `target`.
 */
export const permissionsRouter = router({
  listUsers: procedure.input(withTarget.extend(listQuery.shape)).query(({ ctx, input }) => {
    const page = listContentUserPermissions(ctx, input.target, input);
    return listEnvelope(page, (row) => presentUserPermission(row, ctx));
  }),
  listTeams: procedure.input(withTarget.extend(listQuery.shape)).query(({ ctx, input }) => {
    const { page, membership } = listContentTeamPermissions(ctx, input.target, input);
    return listEnvelope(page, (row) => presentTeamPermission(row, teamPermissionsFor(ctx, membership, row.id)));
  }),
  /** Everyone who can reach the object and their role on it. */
  aggregate: procedure.input(withTarget.extend(contentAggregateQuery.shape)).query(({ ctx, input }) => {
    const { page, roles } = listPermissionsAggregate(ctx, input.target, input);
    return listEnvelope(page, (row) => presentAggregatePermission(row, roles.get(row.user_id)!, ctx));
  }),
  invite: procedure.input(z.object({ target: permissionTarget, invite: inviteUsersAndTeamsBody })).mutation(({ ctx, input }) => {
    inviteToContent(ctx, input.target, input.invite);
  }),
  /** `role: null` takes the invitation away (sites take a role only, as their /v1 operation). */
  update: procedure
    .input(withTarget.extend(principal.shape).extend({ role: memberRoleOrGuest }))
    .mutation(({ ctx, input }) => {
      if (input.target.kind === 'site' && input.role === null) throw badRequest('role: a site invitation takes a role; remove it instead');
      updateContentPermission(ctx, input.target, input.principal, input.principalId, input.role);
    }),
  /** Whether there was an invitation to take away. */
  remove: procedure.input(withTarget.extend(principal.shape)).mutation(({ ctx, input }) => ({
    removed: removeContentPermission(ctx, input.target, input.principal, input.principalId),
  })),
});
