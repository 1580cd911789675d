import { listQuery } from '../../src-shared/schemas/common';
import { moveBody, transferBody } from '../../src-shared/schemas/content';
import { createSpaceBody, getSpaceQuery, updateSpaceBody } from '../../src-shared/schemas/spaces';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { presentSpace, presentSpaceFor } from './presenter';
import {
  createSpace,
  deleteSpace,
  duplicateSpace,
  getSpaceForCaller,
  listOrganizationSpaces,
  moveSpace,
  restoreSpace,
  transferSpace,
  updateSpaceSettings,
} from './service';

export function registerSpaceRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/spaces', { effect: 'read', query: listQuery }, ({ ctx, params, query }) => {
    const page = listOrganizationSpaces(ctx, params.organizationId, query);
    return { status: 200, body: listEnvelope(page, (space) => presentSpaceFor(ctx, space)) };
  });

  router.post('/v1/orgs/{organizationId}/spaces', { effect: 'write', body: createSpaceBody, optionalBody: true }, ({ ctx, params, body }) => {
    const { space, role } = createSpace(ctx, params.organizationId, body);
    return { status: 201, body: presentSpace(space, role, ctx) };
  });

  router.get('/v1/spaces/{spaceId}', { effect: 'read', query: getSpaceQuery }, ({ ctx, params }) => {
    const { space, role } = getSpaceForCaller(ctx, params.spaceId);
    return { status: 200, body: presentSpace(space, role, ctx) };
  });

  router.patch('/v1/spaces/{spaceId}', { effect: 'write', body: updateSpaceBody }, ({ ctx, params, body }) => {
    const { space, role } = updateSpaceSettings(ctx, params.spaceId, body);
    return { status: 200, body: presentSpace(space, role, ctx) };
  });

  router.delete('/v1/spaces/{spaceId}', { effect: 'write' }, ({ ctx, params }) => {
    deleteSpace(ctx, params.spaceId);
    return { status: 204 };
  });

  router.post('/v1/spaces/{spaceId}/duplicate', { effect: 'write' }, ({ ctx, params }) => {
    const { space, role } = duplicateSpace(ctx, params.spaceId);
    const presented = presentSpace(space, role, ctx);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  });

  router.post('/v1/spaces/{spaceId}/restore', { effect: 'write' }, ({ ctx, params }) => {
    const { space, role } = restoreSpace(ctx, params.spaceId);
    return { status: 200, body: presentSpace(space, role, ctx) };
  });

  router.post('/v1/spaces/{spaceId}/move', { effect: 'write', body: moveBody }, ({ ctx, params, body }) => {
    const { space, role } = moveSpace(ctx, params.spaceId, body);
    return { status: 200, body: presentSpace(space, role, ctx) };
  });

  router.post('/v1/spaces/{spaceId}/transfer', { effect: 'write', body: transferBody }, ({ ctx, params, body }) => {
    const { organization } = body;
    const { space, role } = transferSpace(ctx, params.spaceId, organization);
    return { status: 200, body: presentSpace(space, role, ctx) };
  });

  // A space's integrations, blocks and scripts: integrations/routes.ts.
}
