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
  router.get('/v1/orgs/{organizationId}/teams', { effect: 'read', query: listTeamsQuery }, ({ ctx, params, query }) => {
    const { page, membership } = listOrganizationTeams(ctx, params.organizationId, query);
    return {
      status: 200,
      body: listEnvelope(page, (team) => presentTeam(team, teamPermissionsFor(ctx, membership, team.id))),
    };
  });

  router.put('/v1/orgs/{organizationId}/teams', { effect: 'write', body: createTeamBody }, ({ ctx, params, body }) => {
    const { team, membership } = createTeam(ctx, params.organizationId, body);
    return { status: 201, body: presentTeam(team, teamPermissionsFor(ctx, membership, team.id)) };
  });

  router.get('/v1/orgs/{organizationId}/teams/{teamId}', { effect: 'read' }, ({ ctx, params }) => {
    const { team, membership } = getOrganizationTeam(ctx, params.organizationId, params.teamId);
    return { status: 200, body: presentTeam(team, teamPermissionsFor(ctx, membership, team.id)) };
  });

  router.patch('/v1/orgs/{organizationId}/teams/{teamId}', { effect: 'write', body: updateTeamBody }, ({ ctx, params, body }) => {
    const { title } = body;
    const { team, membership } = renameOrganizationTeam(ctx, params.organizationId, params.teamId, title);
    return { status: 200, body: presentTeam(team, teamPermissionsFor(ctx, membership, team.id)) };
  });

  router.delete('/v1/orgs/{organizationId}/teams/{teamId}', { effect: 'write' }, ({ ctx, params }) => {
    deleteOrganizationTeam(ctx, params.organizationId, params.teamId);
    return { status: 204 };
  });

  router.get('/v1/orgs/{organizationId}/teams/{teamId}/members', { effect: 'read', query: listQuery }, ({ ctx, params, query }) => {
    const page = listMembersOfTeam(ctx, params.organizationId, params.teamId, query);
    return { status: 200, body: listEnvelope(page, (row) => presentTeamMember(row, ctx)) };
  });

  router.put('/v1/orgs/{organizationId}/teams/{teamId}/members', { effect: 'write', body: updateTeamMembersBody }, ({ ctx, params, body }) => {
    updateTeamMembers(ctx, params.organizationId, params.teamId, body);
    return { status: 204 };
  });

  router.put('/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}', { effect: 'write', body: putTeamMemberBody, optionalBody: true }, ({ ctx, params, body }) => {
    const { role } = body;
    putTeamMember(ctx, params.organizationId, params.teamId, params.userId, role);
    return { status: 204 };
  });

  router.delete('/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}', { effect: 'write' }, ({ ctx, params }) => {
    deleteTeamMember(ctx, params.organizationId, params.teamId, params.userId);
    return { status: 204 };
  });
}
