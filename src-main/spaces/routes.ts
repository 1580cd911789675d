import { listQuery } from '../../src-shared/schemas/common';
import { moveBody, transferBody } from '../../src-shared/schemas/content';
import { createSpaceBody, getSpaceQuery, updateSpaceBody } from '../../src-shared/schemas/spaces';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { parseInput } from '../http/validate';
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
  router.get('/v1/orgs/{organizationId}/spaces', ({ ctx, params, query }) => {
    const page = listOrganizationSpaces(ctx, params.organizationId, parseInput(listQuery, query, 'query'));
    return { status: 200, body: listEnvelope(page, (space) => presentSpaceFor(ctx, space)) };
  });

  router.post('/v1/orgs/{organizationId}/spaces', ({ ctx, params, body }) => {
    const { space, role } = createSpace(ctx, params.organizationId, parseInput(createSpaceBody, body ?? {}));
    return { status: 201, body: presentSpace(space, role, ctx) };
  });

  router.get('/v1/spaces/{spaceId}', ({ ctx, params, query }) => {
    parseInput(getSpaceQuery, query, 'query');
    const { space, role } = getSpaceForCaller(ctx, params.spaceId);
    return { status: 200, body: presentSpace(space, role, ctx) };
  });

  router.patch('/v1/spaces/{spaceId}', ({ ctx, params, body }) => {
    const { space, role } = updateSpaceSettings(ctx, params.spaceId, parseInput(updateSpaceBody, body));
    return { status: 200, body: presentSpace(space, role, ctx) };
  });

  router.delete('/v1/spaces/{spaceId}', ({ ctx, params }) => {
    deleteSpace(ctx, params.spaceId);
    return { status: 204 };
  });

  router.post('/v1/spaces/{spaceId}/duplicate', ({ ctx, params }) => {
    const { space, role } = duplicateSpace(ctx, params.spaceId);
    const presented = presentSpace(space, role, ctx);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  });

  router.post('/v1/spaces/{spaceId}/restore', ({ ctx, params }) => {
    const { space, role } = restoreSpace(ctx, params.spaceId);
    return { status: 200, body: presentSpace(space, role, ctx) };
  });

  router.post('/v1/spaces/{spaceId}/move', ({ ctx, params, body }) => {
    const { space, role } = moveSpace(ctx, params.spaceId, parseInput(moveBody, body));
    return { status: 200, body: presentSpace(space, role, ctx) };
  });

  router.post('/v1/spaces/{spaceId}/transfer', ({ ctx, params, body }) => {
    const { organization } = parseInput(transferBody, body);
    const { space, role } = transferSpace(ctx, params.spaceId, organization);
    return { status: 200, body: presentSpace(space, role, ctx) };
  });

  // A space's integrations, blocks and scripts: integrations/routes.ts.
}
