import { listQuery } from '../../src-shared/schemas/common';
import {
  createTeamBody,
  listTeamsQuery,
  putTeamMemberBody,
  updateTeamBody,
  updateTeamMembersBody,
} from '../../src-shared/schemas/teams';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { parseInput } from '../http/validate';
import { presentTeam, presentTeamMember } from './presenter';
import {
  createTeam,
  deleteOrganizationTeam,
  deleteTeamMember,
  getOrganizationTeam,
  listMembersOfTeam,
  listOrganizationTeams,
  putTeamMember,
  renameOrganizationTeam,
  teamPermissionsFor,
  updateTeamMembers,
} from './service';

export function registerTeamRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/teams', ({ ctx, params, query }) => {
    const { page, membership } = listOrganizationTeams(ctx, params.organizationId, parseInput(listTeamsQuery, query, 'query'));
    return {
      status: 200,
      body: listEnvelope(page, (team) => presentTeam(team, teamPermissionsFor(ctx, membership, team.id))),
    };
  });

  router.put('/v1/orgs/{organizationId}/teams', ({ ctx, params, body }) => {
    const { team, membership } = createTeam(ctx, params.organizationId, parseInput(createTeamBody, body));
    return { status: 201, body: presentTeam(team, teamPermissionsFor(ctx, membership, team.id)) };
  });

  router.get('/v1/orgs/{organizationId}/teams/{teamId}', ({ ctx, params }) => {
    const { team, membership } = getOrganizationTeam(ctx, params.organizationId, params.teamId);
    return { status: 200, body: presentTeam(team, teamPermissionsFor(ctx, membership, team.id)) };
  });

  router.patch('/v1/orgs/{organizationId}/teams/{teamId}', ({ ctx, params, body }) => {
    const { title } = parseInput(updateTeamBody, body);
    const { team, membership } = renameOrganizationTeam(ctx, params.organizationId, params.teamId, title);
    return { status: 200, body: presentTeam(team, teamPermissionsFor(ctx, membership, team.id)) };
  });

  router.delete('/v1/orgs/{organizationId}/teams/{teamId}', ({ ctx, params }) => {
    deleteOrganizationTeam(ctx, params.organizationId, params.teamId);
    return { status: 204 };
  });

  router.get('/v1/orgs/{organizationId}/teams/{teamId}/members', ({ ctx, params, query }) => {
    const page = listMembersOfTeam(ctx, params.organizationId, params.teamId, parseInput(listQuery, query, 'query'));
    return { status: 200, body: listEnvelope(page, (row) => presentTeamMember(row, ctx)) };
  });

  router.put('/v1/orgs/{organizationId}/teams/{teamId}/members', ({ ctx, params, body }) => {
    updateTeamMembers(ctx, params.organizationId, params.teamId, parseInput(updateTeamMembersBody, body));
    return { status: 204 };
  });

  router.put('/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}', ({ ctx, params, body }) => {
    const { role } = parseInput(putTeamMemberBody, body ?? {});
    putTeamMember(ctx, params.organizationId, params.teamId, params.userId, role);
    return { status: 204 };
  });

  router.delete('/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}', ({ ctx, params }) => {
    deleteTeamMember(ctx, params.organizationId, params.teamId, params.userId);
    return { status: 204 };
  });
}
