import { listMembersQuery, listMemberSpacesQuery, listMemberTeamsQuery, updateMemberBody } from '../../src-shared/schemas/members';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { requireMembership } from '../orgs/access';
import { spaceRole } from '../spaces/access';
import { presentSpace } from '../spaces/presenter';
import { presentTeam } from '../teams/presenter';
import { teamPermissionsFor } from '../teams/service';
import { listSpacesForOrganizationMember, listTeamsForOrganizationMember } from './member-content-service';
import { presentMember } from './presenter';
import { changeMemberRole, getOrganizationMember, listOrganizationMembers, removeMember } from './service';

export function registerMemberRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/members', { effect: 'read', query: listMembersQuery }, ({ ctx, params, query }) => {
    const page = listOrganizationMembers(ctx, params.organizationId, query);
    return { status: 200, body: listEnvelope(page, (m) => presentMember(m, ctx)) };
  });

  router.get('/v1/orgs/{organizationId}/members/{userId}', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: presentMember(getOrganizationMember(ctx, params.organizationId, params.userId), ctx),
  }));

  router.patch('/v1/orgs/{organizationId}/members/{userId}', { effect: 'write', body: updateMemberBody }, ({ ctx, params, body }) => {
    const member = changeMemberRole(ctx, params.organizationId, params.userId, body);
    return { status: 200, body: presentMember(member, ctx) };
  });

  router.get('/v1/orgs/{organizationId}/members/{userId}/spaces', { effect: 'read', query: listMemberSpacesQuery }, ({ ctx, params, query }) => {
    const page = listSpacesForOrganizationMember(ctx, params.organizationId, params.userId, query);
    return {
      status: 200,
      body: listEnvelope(page, ({ space, permission }) => ({ permission, space: presentSpace(space, spaceRole(ctx, space), ctx) })),
    };
  });

  router.get('/v1/orgs/{organizationId}/members/{userId}/teams', { effect: 'read', query: listMemberTeamsQuery }, ({ ctx, params, query }) => {
    const page = listTeamsForOrganizationMember(ctx, params.organizationId, params.userId, query);
    const membership = requireMembership(ctx, params.organizationId);
    return {
      status: 200,
      body: listEnvelope(page, (team) => ({ team: presentTeam(team, teamPermissionsFor(ctx, membership, team.id)), member: { role: team.team_role } })),
    };
  });

  router.delete('/v1/orgs/{organizationId}/members/{userId}', { effect: 'write' }, ({ ctx, params }) => {
    removeMember(ctx, params.organizationId, params.userId);
    return { status: 204 };
  });
}
