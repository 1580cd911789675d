import { z } from 'zod';
import { listQuery } from '../../src-shared/schemas/common';
import { listMembersQuery } from '../../src-shared/schemas/members';
import { listTeamsQuery } from '../../src-shared/schemas/teams';
import { listEnvelope } from '../http/list';
import { presentMember } from '../members/presenter';
import { listOrganizationMembers } from '../members/service';
import { presentOrganizationFor } from '../orgs/routes';
import { getOrganizationForCaller, listMyOrganizations } from '../orgs/service';
import { presentTeam } from '../teams/presenter';
import { listOrganizationTeams, teamPermissionsFor } from '../teams/service';
import { presentUser } from '../users/presenter';
import { procedure, router } from './trpc';

const orgRef = z.object({ organizationId: z.string().min(1) });

/**
 * The renderer's API. Procedures call the same services and presenters as the /v1 routes, so the
 * app and local tools always see the same objects.
 */
export const appRouter = router({
  user: router({
    me: procedure.query(({ ctx }) => presentUser(ctx.user, ctx)),
  }),
  orgs: router({
    list: procedure.input(listQuery).query(({ ctx, input }) =>
      listEnvelope(listMyOrganizations(ctx, input), (org) => presentOrganizationFor(ctx, org, org.member_role)),
    ),
    get: procedure.input(orgRef).query(({ ctx, input }) => {
      const { org, role } = getOrganizationForCaller(ctx, input.organizationId);
      return presentOrganizationFor(ctx, org, role);
    }),
  }),
  members: router({
    list: procedure.input(orgRef.extend(listMembersQuery.shape)).query(({ ctx, input }) =>
      listEnvelope(listOrganizationMembers(ctx, input.organizationId, input), (m) => presentMember(m, ctx)),
    ),
  }),
  teams: router({
    list: procedure.input(orgRef.extend(listTeamsQuery.shape)).query(({ ctx, input }) => {
      const { page, membership } = listOrganizationTeams(ctx, input.organizationId, input);
      return listEnvelope(page, (team) => presentTeam(team, teamPermissionsFor(ctx, membership, team.id)));
    }),
  }),
});

export type AppRouter = typeof appRouter;
