import { z } from 'zod';
import { listQuery } from '../../src-shared/schemas/common';
import {
  createOpenAPISpecBody,
  openAPIOperationPointer,
  openAPISpecSlug,
  putOpenAPISpecBody,
  updateOpenAPISpecBody,
} from '../../src-shared/schemas/openapi';
import { listEnvelope } from '../http/list';
import { requireSpec } from '../openapi/access';
import { operationOf } from '../openapi/operation';
import { presentOpenAPISpec, presentOpenAPISpecContent, presentOpenAPISpecVersion } from '../openapi/presenter';
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
} from '../openapi/service';
import { organizationId } from './refs';
import { procedure, router } from './trpc';

// An existing spec is named by whatever slug it has; a new one (create, put) by a slug within the rules.
const specRef = z.object({ organizationId, slug: z.string().min(1) });
const versionRef = specRef.extend({ versionId: z.string().min(1) });

/** The version routes (`.../openapi/{specSlug}/versions`); `versionId` may be `latest`, as in /v1. */
const versionsRouter = router({
  /** GET .../versions, newest first */
  list: procedure.input(specRef.extend(listQuery.shape)).query(({ ctx, input }) => {
    const { organizationId: orgId, slug, ...page } = input;
    const result = listSpecVersions(ctx, orgId, slug, page);
    return listEnvelope(result.page, (version) => presentOpenAPISpecVersion(result.spec, version, ctx));
  }),

  /** GET .../versions/{versionId} */
  get: procedure.input(versionRef).query(({ ctx, input }) => {
    const { spec, version } = getSpecVersion(ctx, input.organizationId, input.slug, input.versionId);
    return presentOpenAPISpecVersion(spec, version, ctx);
  }),

  /** GET .../versions/{versionId}/content */
  getContent: procedure.input(versionRef).query(({ ctx, input }) => {
    const { spec, version, content } = getSpecVersionContent(ctx, input.organizationId, input.slug, input.versionId);
    return presentOpenAPISpecContent(spec, version, content, ctx);
  }),
});

/** The OpenAPI specification routes (openapi/routes.ts) as procedures, plus the operation a page's block shows. */
export const openAPIRouter = router({
  /** GET /v1/orgs/{organizationId}/openapi */
  list: procedure.input(z.object({ organizationId }).extend(listQuery.shape)).query(({ ctx, input }) => {
    const { organizationId: orgId, ...page } = input;
    const { page: result, edit } = listOrganizationSpecs(ctx, orgId, page);
    return listEnvelope(result, (spec) => presentOpenAPISpec(spec, ctx, { edit }));
  }),

  /** GET .../openapi/{specSlug} */
  get: procedure.input(specRef).query(({ ctx, input }) => {
    const { spec, edit } = getSpecForCaller(ctx, input.organizationId, input.slug);
    return presentOpenAPISpec(spec, ctx, { edit });
  }),

  /** POST .../openapi: from `source.url` or `source.text`; processing then runs in the background. */
  create: procedure.input(createOpenAPISpecBody.safeExtend({ organizationId })).mutation(async ({ ctx, input }) => {
    const { organizationId: orgId, ...body } = input;
    await assertSpecSourceFetchable(ctx, orgId, body.source);
    const { spec, edit } = createSpec(ctx, orgId, body);
    return presentOpenAPISpec(spec, ctx, { edit });
  }),

  /** PUT .../openapi/{specSlug}: creates or gives a new source; `created` tells which (the route's 201 or 200). */
  createOrUpdate: procedure.input(putOpenAPISpecBody.safeExtend({ organizationId, slug: openAPISpecSlug })).mutation(async ({ ctx, input }) => {
    const { organizationId: orgId, slug, ...body } = input;
    await assertSpecSourceFetchable(ctx, orgId, body.source);
    const { spec, edit, created } = createOrUpdateSpec(ctx, orgId, slug, body);
    return { created, spec: presentOpenAPISpec(spec, ctx, { edit }) };
  }),

  /** PATCH .../openapi/{specSlug}: the visibility */
  update: procedure.input(updateOpenAPISpecBody.safeExtend({ organizationId, slug: z.string().min(1) })).mutation(({ ctx, input }) => {
    const { organizationId: orgId, slug, ...body } = input;
    const { spec, edit } = updateSpecVisibility(ctx, orgId, slug, body);
    return presentOpenAPISpec(spec, ctx, { edit });
  }),

  /** DELETE .../openapi/{specSlug}: `deleted` is false when there was no such spec (the route's 204). */
  delete: procedure.input(specRef).mutation(({ ctx, input }) => ({ deleted: deleteSpec(ctx, input.organizationId, input.slug) })),

  versions: versionsRouter,

  /**
   * The operation a page's `openapi-operation` block points at, from the spec's latest version, for the
   * editor's preview and the site preview to render (openapi/operation.ts); null when it does not exist.
   */
  operation: procedure.input(openAPIOperationPointer.safeExtend({ organizationId, slug: z.string().min(1) })).query(({ ctx, input }) => {
    const { spec } = requireSpec(ctx, input.organizationId, input.slug);
    return operationOf(ctx.db, spec.organization_id, spec.slug, input.path, input.method) ?? null;
  }),
});
