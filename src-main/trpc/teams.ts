import { listTeamsQuery } from '../../src-shared/schemas/teams';
import { listEnvelope } from '../http/list';
import { presentTeam } from '../teams/presenter';
import { listOrganizationTeams, teamPermissionsFor } from '../teams/service';
import { orgRef } from './refs';
import { procedure, router } from './trpc';

export const teamsRouter = router({
  list: procedure.input(orgRef.extend(listTeamsQuery.shape)).query(({ ctx, input }) => {
    const { page, membership } = listOrganizationTeams(ctx, input.organizationId, input);
    return listEnvelope(page, (team) => presentTeam(team, teamPermissionsFor(ctx, membership, team.id)));
  }),
});
