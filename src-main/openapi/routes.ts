import { z } from 'zod';
import {
  createOpenAPISpecBody,
  listOpenAPISpecsQuery,
  openAPISpecSlug,
  putOpenAPISpecBody,
  updateOpenAPISpecBody,
} from '../../src-shared/schemas/openapi';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { parseInput } from '../http/validate';
import { presentOpenAPISpec, presentOpenAPISpecContent, presentOpenAPISpecVersion } from './presenter';
import {
  assertSpecSourceFetchable,
  createOrUpdateSpec,
  createSpec,
  deleteSpec,
  getSpecForCaller,
  getSpecVersion,
  getSpecVersionContent,
  listOrganizationSpecs,
  listSpecVersions,
  updateSpecVisibility,
} from './service';

const slugParam = z.object({ specSlug: openAPISpecSlug });

export function registerOpenAPIRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/openapi', { effect: 'read', query: listOpenAPISpecsQuery }, ({ ctx, params, query }) => {
    const { page, edit } = listOrganizationSpecs(ctx, params.organizationId, query);
    return { status: 200, body: listEnvelope(page, (spec) => presentOpenAPISpec(spec, ctx, { edit })) };
  });

  router.post('/v1/orgs/{organizationId}/openapi', { effect: 'write', body: createOpenAPISpecBody }, async ({ ctx, params, body }) => {
    await assertSpecSourceFetchable(ctx, params.organizationId, body.source);
    const { spec, edit } = createSpec(ctx, params.organizationId, body);
    const presented = presentOpenAPISpec(spec, ctx, { edit });
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  });

  router.get('/v1/orgs/{organizationId}/openapi/{specSlug}', { effect: 'read' }, ({ ctx, params }) => {
    const { spec, edit } = getSpecForCaller(ctx, params.organizationId, params.specSlug);
    return { status: 200, body: presentOpenAPISpec(spec, ctx, { edit }) };
  });

  // Creates (201) or updates (200): the slug in the path is the new spec's, so it is held to the slug's rules.
  router.put('/v1/orgs/{organizationId}/openapi/{specSlug}', { effect: 'write', body: putOpenAPISpecBody }, async ({ ctx, params, body }) => {
    const { specSlug } = parseInput(slugParam, { specSlug: params.specSlug }, 'body');
    await assertSpecSourceFetchable(ctx, params.organizationId, body.source);
    const { spec, edit, created } = createOrUpdateSpec(ctx, params.organizationId, specSlug, body);
    const presented = presentOpenAPISpec(spec, ctx, { edit });
    return { status: created ? 201 : 200, body: presented, ...(created ? { headers: { Location: presented.urls.location } } : {}) };
  });

  router.patch('/v1/orgs/{organizationId}/openapi/{specSlug}', { effect: 'write', body: updateOpenAPISpecBody }, ({ ctx, params, body }) => {
    const { spec, edit } = updateSpecVisibility(ctx, params.organizationId, params.specSlug, body);
    return { status: 200, body: presentOpenAPISpec(spec, ctx, { edit }) };
  });

  // As for sites: 205 when the spec was deleted, 204 when there was none.
  router.delete('/v1/orgs/{organizationId}/openapi/{specSlug}', { effect: 'write' }, ({ ctx, params }) => ({ status: deleteSpec(ctx, params.organizationId, params.specSlug) ? 205 : 204 }));

  router.get('/v1/orgs/{organizationId}/openapi/{specSlug}/versions', { effect: 'read', query: listOpenAPISpecsQuery }, ({ ctx, params, query }) => {
    const { spec, page } = listSpecVersions(ctx, params.organizationId, params.specSlug, query);
    return { status: 200, body: listEnvelope(page, (version) => presentOpenAPISpecVersion(spec, version, ctx)) };
  });

  // `latest` is matched by the same route as a version id (no version id is "latest": ids are random).
  router.get('/v1/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}', { effect: 'read' }, ({ ctx, params }) => {
    const { spec, version } = getSpecVersion(ctx, params.organizationId, params.specSlug, params.versionId);
    return { status: 200, body: presentOpenAPISpecVersion(spec, version, ctx) };
  });

  router.get('/v1/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}/content', { effect: 'read' }, ({ ctx, params }) => {
    const { spec, version, content } = getSpecVersionContent(ctx, params.organizationId, params.specSlug, params.versionId);
    return { status: 200, body: presentOpenAPISpecContent(spec, version, content, ctx) };
  });
}
