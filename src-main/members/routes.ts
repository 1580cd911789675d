import { listMembersQuery, listMemberSpacesQuery, listMemberTeamsQuery, updateMemberBody } from '../../src-shared/schemas/members';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { parseInput } from '../http/validate';
import { requireMembership } from '../orgs/access';
import { spaceRole } from '../spaces/access';
import { presentSpace } from '../spaces/presenter';
import { presentTeam } from '../teams/presenter';
import { teamPermissionsFor } from '../teams/service';
import { listSpacesForOrganizationMember, listTeamsForOrganizationMember } from './member-content-service';
import { presentMember } from './presenter';
import { changeMemberRole, getOrganizationMember, listOrganizationMembers, removeMember } from './service';

export function registerMemberRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/members', ({ ctx, params, query }) => {
    const page = listOrganizationMembers(ctx, params.organizationId, parseInput(listMembersQuery, query, 'query'));
    return { status: 200, body: listEnvelope(page, (m) => presentMember(m, ctx)) };
  });

  router.get('/v1/orgs/{organizationId}/members/{userId}', ({ ctx, params }) => ({
    status: 200,
    body: presentMember(getOrganizationMember(ctx, params.organizationId, params.userId), ctx),
  }));

  router.patch('/v1/orgs/{organizationId}/members/{userId}', ({ ctx, params, body }) => {
    const member = changeMemberRole(ctx, params.organizationId, params.userId, parseInput(updateMemberBody, body));
    return { status: 200, body: presentMember(member, ctx) };
  });

  router.get('/v1/orgs/{organizationId}/members/{userId}/spaces', ({ ctx, params, query }) => {
    const page = listSpacesForOrganizationMember(ctx, params.organizationId, params.userId, parseInput(listMemberSpacesQuery, query, 'query'));
    return {
      status: 200,
      body: listEnvelope(page, ({ space, permission }) => ({ permission, space: presentSpace(space, spaceRole(ctx, space), ctx) })),
    };
  });

  router.get('/v1/orgs/{organizationId}/members/{userId}/teams', ({ ctx, params, query }) => {
    const page = listTeamsForOrganizationMember(ctx, params.organizationId, params.userId, parseInput(listMemberTeamsQuery, query, 'query'));
    const membership = requireMembership(ctx, params.organizationId);
    return {
      status: 200,
      body: listEnvelope(page, (team) => ({ team: presentTeam(team, teamPermissionsFor(ctx, membership, team.id)), member: { role: team.team_role } })),
    };
  });

  router.delete('/v1/orgs/{organizationId}/members/{userId}', ({ ctx, params }) => {
    removeMember(ctx, params.organizationId, params.userId);
    return { status: 204 };
  });
}
