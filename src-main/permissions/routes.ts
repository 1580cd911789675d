import type { Router } from '../http/router';
import type { PermissionTarget } from '../../src-shared/schemas/permissions';
import { listQuery } from '../../src-shared/schemas/common';
import { contentAggregateQuery, inviteUsersAndTeamsBody, siteAggregateQuery, updateContentPermissionBody, updateSitePermissionBody } from '../../src-shared/schemas/permissions';
import { aggregate, invite, listTeams, listUsers, remove, siteAggregate, update } from './handlers';

const space = (params: { spaceId: string }): PermissionTarget => ({ kind: 'space', spaceId: params.spaceId });
const collection = (params: { collectionId: string }): PermissionTarget => ({ kind: 'collection', collectionId: params.collectionId });
const site = (params: { organizationId: string; siteId: string }): PermissionTarget => ({ kind: 'site', organizationId: params.organizationId, siteId: params.siteId });

/** Roles invited on spaces, collections and sites (GitBook's "Permissions" operations; docs/permissions.md). */
export function registerPermissionRoutes(router: Router): void {
  router.post('/v1/spaces/{spaceId}/permissions', { effect: 'write', body: inviteUsersAndTeamsBody }, ({ ctx, params, body }) => invite(ctx, space(params), body));
  router.get('/v1/spaces/{spaceId}/permissions/users', { effect: 'read', query: listQuery }, ({ ctx, params, query }) => listUsers(ctx, space(params), query));
  router.patch('/v1/spaces/{spaceId}/permissions/users/{userId}', { effect: 'write', body: updateContentPermissionBody }, ({ ctx, params, body }) => update(ctx, space(params), 'user', params.userId, body));
  router.delete('/v1/spaces/{spaceId}/permissions/users/{userId}', { effect: 'write' }, ({ ctx, params }) => remove(ctx, space(params), 'user', params.userId));
  router.get('/v1/spaces/{spaceId}/permissions/teams', { effect: 'read', query: listQuery }, ({ ctx, params, query }) => listTeams(ctx, space(params), query));
  router.patch('/v1/spaces/{spaceId}/permissions/teams/{teamId}', { effect: 'write', body: updateContentPermissionBody }, ({ ctx, params, body }) => update(ctx, space(params), 'team', params.teamId, body));
  router.delete('/v1/spaces/{spaceId}/permissions/teams/{teamId}', { effect: 'write' }, ({ ctx, params }) => remove(ctx, space(params), 'team', params.teamId));
  router.get('/v1/spaces/{spaceId}/permissions/aggregate', { effect: 'read', query: contentAggregateQuery }, ({ ctx, params, query }) => aggregate(ctx, space(params), query));

  router.post('/v1/collections/{collectionId}/permissions', { effect: 'write', body: inviteUsersAndTeamsBody }, ({ ctx, params, body }) => invite(ctx, collection(params), body));
  router.get('/v1/collections/{collectionId}/permissions/users', { effect: 'read', query: listQuery }, ({ ctx, params, query }) => listUsers(ctx, collection(params), query));
  router.patch('/v1/collections/{collectionId}/permissions/users/{userId}', { effect: 'write', body: updateContentPermissionBody }, ({ ctx, params, body }) =>
    update(ctx, collection(params), 'user', params.userId, body),
  );
  router.delete('/v1/collections/{collectionId}/permissions/users/{userId}', { effect: 'write' }, ({ ctx, params }) => remove(ctx, collection(params), 'user', params.userId));
  router.get('/v1/collections/{collectionId}/permissions/teams', { effect: 'read', query: listQuery }, ({ ctx, params, query }) => listTeams(ctx, collection(params), query));
  router.patch('/v1/collections/{collectionId}/permissions/teams/{teamId}', { effect: 'write', body: updateContentPermissionBody }, ({ ctx, params, body }) =>
    update(ctx, collection(params), 'team', params.teamId, body),
  );
  router.delete('/v1/collections/{collectionId}/permissions/teams/{teamId}', { effect: 'write' }, ({ ctx, params }) => remove(ctx, collection(params), 'team', params.teamId));
  router.get('/v1/collections/{collectionId}/permissions/aggregate', { effect: 'read', query: contentAggregateQuery }, ({ ctx, params, query }) => aggregate(ctx, collection(params), query));

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/permissions', { effect: 'write', body: inviteUsersAndTeamsBody }, ({ ctx, params, body }) => invite(ctx, site(params), body));
  router.get('/v1/orgs/{organizationId}/sites/{siteId}/permissions/users', { effect: 'read', query: listQuery }, ({ ctx, params, query }) => listUsers(ctx, site(params), query));
  router.patch('/v1/orgs/{organizationId}/sites/{siteId}/permissions/users/{userId}', { effect: 'write', body: updateSitePermissionBody }, ({ ctx, params, body }) =>
    update(ctx, site(params), 'user', params.userId, body),
  );
  router.delete('/v1/orgs/{organizationId}/sites/{siteId}/permissions/users/{userId}', { effect: 'write' }, ({ ctx, params }) => remove(ctx, site(params), 'user', params.userId));
  router.get('/v1/orgs/{organizationId}/sites/{siteId}/permissions/teams', { effect: 'read', query: listQuery }, ({ ctx, params, query }) => listTeams(ctx, site(params), query));
  router.patch('/v1/orgs/{organizationId}/sites/{siteId}/permissions/teams/{teamId}', { effect: 'write', body: updateSitePermissionBody }, ({ ctx, params, body }) =>
    update(ctx, site(params), 'team', params.teamId, body),
  );
  router.delete('/v1/orgs/{organizationId}/sites/{siteId}/permissions/teams/{teamId}', { effect: 'write' }, ({ ctx, params }) => remove(ctx, site(params), 'team', params.teamId));
  router.get('/v1/orgs/{organizationId}/sites/{siteId}/permissions/aggregate', { effect: 'read', query: siteAggregateQuery }, ({ ctx, params, query }) => siteAggregate(ctx, site(params), query));
}
