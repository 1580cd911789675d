import { z } from 'zod';
import { listQuery } from '../../src-shared/schemas/common';
import {
  integrationFilters,
  integrationName,
  publishIntegrationBody,
  updateInstallationBody,
} from '../../src-shared/schemas/integrations';
import { listEnvelope } from '../http/list';
import {
  installIntegration,
  installIntegrationOnSpace,
  listInstallationSpaces,
  listIntegrationInstallations,
  uninstallIntegration,
  updateIntegrationInstallation,
} from '../integrations/installations-service';
import { presentInstallation, presentIntegration, presentSpaceInstallation } from '../integrations/presenter';
import {
  getIntegrationForCaller,
  listIntegrationsForCaller,
  listOrganizationIntegrations,
  publishIntegration,
  unpublishIntegration,
} from '../integrations/publish-service';
import { listSpaceIntegrationsForCaller } from '../integrations/space-service';
import { organizationId, spaceId } from './refs';
import { procedure, router } from './trpc';

const integrationRef = z.object({ integrationName });
const installationRef = integrationRef.extend({ installationId: z.string().min(1) });
/** The /v1 listing filters, with JSON booleans where the query string has "true"/"false". */
const filters = z.object({
  ...listQuery.shape,
  ...integrationFilters.shape,
  blocks: z.boolean().optional(),
  contentSources: z.boolean().optional(),
});

/** The installation routes (integrations/routes.ts, `.../installations`) the app uses, as procedures. */
const installationsRouter = router({
  list: procedure
    .input(integrationRef.extend({ ...listQuery.shape, externalId: z.string().min(1).max(256).optional() }))
    .query(({ ctx, input }) => listEnvelope(listIntegrationInstallations(ctx, input.integrationName, input), (row) => presentInstallation(row, ctx))),

  /** POST .../installations: on an organization. */
  install: procedure
    .input(integrationRef.extend({ organizationId }))
    .mutation(({ ctx, input }) => presentInstallation(installIntegration(ctx, input.integrationName, input.organizationId), ctx)),

  update: procedure.input(updateInstallationBody.safeExtend(installationRef.shape)).mutation(({ ctx, input }) => {
    const { integrationName: name, installationId, ...body } = input;
    return presentInstallation(updateIntegrationInstallation(ctx, name, installationId, body), ctx);
  }),

  uninstall: procedure.input(installationRef).mutation(({ ctx, input }) => {
    uninstallIntegration(ctx, input.integrationName, input.installationId);
    return { uninstalled: true };
  }),

  /** GET .../installations/{installationId}/spaces?extended=true: the spaces it is installed on, for the app's list. */
  listSpaces: procedure
    .input(installationRef.extend(listQuery.shape))
    .query(({ ctx, input }) =>
      listEnvelope(listInstallationSpaces(ctx, input.integrationName, input.installationId, input), (row) => presentSpaceInstallation(row, ctx, true)),
    ),

  /** POST .../installations/{installationId}/spaces */
  installOnSpace: procedure
    .input(installationRef.extend({ spaceId }))
    .mutation(({ ctx, input }) => presentSpaceInstallation(installIntegrationOnSpace(ctx, input.integrationName, input.installationId, input.spaceId), ctx)),
});

/** The /v1 integration routes (integrations/routes.ts) as procedures: the same schemas, services and presenters. */
export const integrationsRouter = router({
  list: procedure.input(filters).query(({ ctx, input }) => listEnvelope(listIntegrationsForCaller(ctx, input), (row) => presentIntegration(row, ctx))),

  /** GET /v1/orgs/{organizationId}/integrations */
  listForOrganization: procedure
    .input(filters.extend({ organizationId }))
    .query(({ ctx, input }) => {
      const { organizationId: orgId, ...query } = input;
      return listEnvelope(listOrganizationIntegrations(ctx, orgId, query), (row) => presentIntegration(row, ctx));
    }),

  /** GET /v1/spaces/{spaceId}/integrations */
  listForSpace: procedure
    .input(z.object({ spaceId, ...listQuery.shape, search: z.string().max(100).optional() }))
    .query(({ ctx, input }) => listEnvelope(listSpaceIntegrationsForCaller(ctx, input.spaceId, input), (row) => presentIntegration(row, ctx))),

  get: procedure.input(integrationRef).query(({ ctx, input }) => presentIntegration(getIntegrationForCaller(ctx, input.integrationName), ctx)),

  publish: procedure.input(publishIntegrationBody.safeExtend(integrationRef.shape)).mutation(({ ctx, input }) => {
    const { integrationName: name, ...body } = input;
    return presentIntegration(publishIntegration(ctx, name, body), ctx);
  }),

  unpublish: procedure.input(integrationRef).mutation(({ ctx, input }) => {
    unpublishIntegration(ctx, input.integrationName);
    return { unpublished: true };
  }),

  installations: installationsRouter,
});
