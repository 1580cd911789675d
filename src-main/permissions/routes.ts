import type { PermissionTarget } from '../../src-shared/schemas/permissions';
import type { Router } from '../http/router';
import { aggregate, invite, listTeams, listUsers, remove, update } from './handlers';

const space = (params: { spaceId: string }): PermissionTarget => ({ kind: 'space', spaceId: params.spaceId });
const collection = (params: { collectionId: string }): PermissionTarget => ({ kind: 'collection', collectionId: params.collectionId });
const site = (params: { organizationId: string; siteId: string }): PermissionTarget => ({ kind: 'site', organizationId: params.organizationId, siteId: params.siteId });

/** Roles invited on spaces, collections and sites (GitBook's "Permissions" operations; docs/permissions.md). */
export function registerPermissionRoutes(router: Router): void {
  router.post('/v1/spaces/{spaceId}/permissions', ({ ctx, params, body }) => invite(ctx, space(params), body));
  router.get('/v1/spaces/{spaceId}/permissions/users', ({ ctx, params, query }) => listUsers(ctx, space(params), query));
  router.patch('/v1/spaces/{spaceId}/permissions/users/{userId}', ({ ctx, params, body }) => update(ctx, space(params), 'user', params.userId, body));
  router.delete('/v1/spaces/{spaceId}/permissions/users/{userId}', ({ ctx, params }) => remove(ctx, space(params), 'user', params.userId));
  router.get('/v1/spaces/{spaceId}/permissions/teams', ({ ctx, params, query }) => listTeams(ctx, space(params), query));
  router.patch('/v1/spaces/{spaceId}/permissions/teams/{teamId}', ({ ctx, params, body }) => update(ctx, space(params), 'team', params.teamId, body));
  router.delete('/v1/spaces/{spaceId}/permissions/teams/{teamId}', ({ ctx, params }) => remove(ctx, space(params), 'team', params.teamId));
  router.get('/v1/spaces/{spaceId}/permissions/aggregate', ({ ctx, params, query }) => aggregate(ctx, space(params), query));

  router.post('/v1/collections/{collectionId}/permissions', ({ ctx, params, body }) => invite(ctx, collection(params), body));
  router.get('/v1/collections/{collectionId}/permissions/users', ({ ctx, params, query }) => listUsers(ctx, collection(params), query));
  router.patch('/v1/collections/{collectionId}/permissions/users/{userId}', ({ ctx, params, body }) =>
    update(ctx, collection(params), 'user', params.userId, body),
  );
  router.delete('/v1/collections/{collectionId}/permissions/users/{userId}', ({ ctx, params }) => remove(ctx, collection(params), 'user', params.userId));
  router.get('/v1/collections/{collectionId}/permissions/teams', ({ ctx, params, query }) => listTeams(ctx, collection(params), query));
  router.patch('/v1/collections/{collectionId}/permissions/teams/{teamId}', ({ ctx, params, body }) =>
    update(ctx, collection(params), 'team', params.teamId, body),
  );
  router.delete('/v1/collections/{collectionId}/permissions/teams/{teamId}', ({ ctx, params }) => remove(ctx, collection(params), 'team', params.teamId));
  router.get('/v1/collections/{collectionId}/permissions/aggregate', ({ ctx, params, query }) => aggregate(ctx, collection(params), query));

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/permissions', ({ ctx, params, body }) => invite(ctx, site(params), body));
  router.get('/v1/orgs/{organizationId}/sites/{siteId}/permissions/users', ({ ctx, params, query }) => listUsers(ctx, site(params), query));
  router.patch('/v1/orgs/{organizationId}/sites/{siteId}/permissions/users/{userId}', ({ ctx, params, body }) =>
    update(ctx, site(params), 'user', params.userId, body),
  );
  router.delete('/v1/orgs/{organizationId}/sites/{siteId}/permissions/users/{userId}', ({ ctx, params }) => remove(ctx, site(params), 'user', params.userId));
  router.get('/v1/orgs/{organizationId}/sites/{siteId}/permissions/teams', ({ ctx, params, query }) => listTeams(ctx, site(params), query));
  router.patch('/v1/orgs/{organizationId}/sites/{siteId}/permissions/teams/{teamId}', ({ ctx, params, body }) =>
    update(ctx, site(params), 'team', params.teamId, body),
  );
  router.delete('/v1/orgs/{organizationId}/sites/{siteId}/permissions/teams/{teamId}', ({ ctx, params }) => remove(ctx, site(params), 'team', params.teamId));
  router.get('/v1/orgs/{organizationId}/sites/{siteId}/permissions/aggregate', ({ ctx, params, query }) => aggregate(ctx, site(params), query));
}
