import { z } from 'zod';
import {
  extendedQuery,
  installIntegrationBody,
  installIntegrationOnSpaceBody,
  listInstallationSpacesQuery,
  listInstallationsQuery,
  listIntegrationsQuery,
  publishIntegrationBody,
  spaceIntegrationsQuery,
  updateInstallationBody,
  updateSpaceInstallationBody,
} from '../../src-shared/schemas/integrations';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { parseInput } from '../http/validate';
import {
  installIntegration,
  installIntegrationOnSpace,
  listInstallationSpaces,
  listIntegrationInstallations,
  requireInstallation,
  requireSpaceInstallation,
  uninstallFromSpace,
  uninstallIntegration,
  updateIntegrationInstallation,
  updateSpaceInstallation,
} from './installations-service';
import { createInstallationToken } from './installation-tokens-service';
import { nameParam } from './params';
import { presentInstallation, presentIntegration, presentSpaceInstallation } from './presenter';
import {
  getIntegrationForCaller,
  listIntegrationsForCaller,
  listOrganizationIntegrations,
  publishIntegration,
  unpublishIntegration,
} from './publish-service';
import { listSpaceIntegrationsForCaller, siteIntegrationScripts, spaceIntegrationBlocks, spaceIntegrationScripts } from './space-service';

const noQuery = z.strictObject({});


export function registerIntegrationRoutes(router: Router): void {
  router.get('/v1/integrations', ({ ctx, query }) => {
    const page = listIntegrationsForCaller(ctx, parseInput(listIntegrationsQuery, query, 'query'));
    return { status: 200, body: listEnvelope(page, (row) => presentIntegration(row, ctx)) };
  });

  router.get('/v1/integrations/{integrationName}', ({ ctx, params }) => ({ status: 200, body: presentIntegration(getIntegrationForCaller(ctx, nameParam(params)), ctx) }));

  router.post('/v1/integrations/{integrationName}', ({ ctx, params, body }) => {
    const name = nameParam(params);
    const row = publishIntegration(ctx, name, parseInput(publishIntegrationBody, body ?? {}));
    return { status: 200, body: presentIntegration(row, ctx) };
  });

  router.delete('/v1/integrations/{integrationName}', ({ ctx, params }) => {
    unpublishIntegration(ctx, nameParam(params));
    return { status: 204 };
  });

  router.get('/v1/integrations/{integrationName}/installations', ({ ctx, params, query }) => {
    const page = listIntegrationInstallations(ctx, nameParam(params), parseInput(listInstallationsQuery, query, 'query'));
    return { status: 200, body: listEnvelope(page, (row) => presentInstallation(row, ctx)) };
  });

  router.post('/v1/integrations/{integrationName}/installations', ({ ctx, params, body }) => {
    const { organization } = parseInput(installIntegrationBody, body ?? {});
    const presented = presentInstallation(installIntegration(ctx, nameParam(params), organization), ctx);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  });

  router.get('/v1/integrations/{integrationName}/installations/{installationId}', ({ ctx, params }) => ({
    status: 200,
    body: presentInstallation(requireInstallation(ctx, nameParam(params), params.installationId).installation, ctx),
  }));

  router.patch('/v1/integrations/{integrationName}/installations/{installationId}', ({ ctx, params, body }) => {
    const input = parseInput(updateInstallationBody, body ?? {});
    return { status: 200, body: presentInstallation(updateIntegrationInstallation(ctx, nameParam(params), params.installationId, input), ctx) };
  });

  router.delete('/v1/integrations/{integrationName}/installations/{installationId}', ({ ctx, params }) => {
    uninstallIntegration(ctx, nameParam(params), params.installationId);
    return { status: 204 };
  });

  router.get('/v1/integrations/{integrationName}/installations/{installationId}/spaces', ({ ctx, params, query }) => {
    const { extended, ...page } = parseInput(listInstallationSpacesQuery, query, 'query');
    const result = listInstallationSpaces(ctx, nameParam(params), params.installationId, page);
    return { status: 200, body: listEnvelope(result, (row) => presentSpaceInstallation(row, ctx, extended)) };
  });

  router.post('/v1/integrations/{integrationName}/installations/{installationId}/tokens', ({ ctx, params }) => ({
    status: 200,
    body: createInstallationToken(ctx, nameParam(params), params.installationId),
  }));

  router.post('/v1/integrations/{integrationName}/installations/{installationId}/spaces', ({ ctx, params, query, body }) => {
    const { extended } = parseInput(extendedQuery, query, 'query');
    const { space } = parseInput(installIntegrationOnSpaceBody, body ?? {});
    const presented = presentSpaceInstallation(installIntegrationOnSpace(ctx, nameParam(params), params.installationId, space), ctx, extended);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  });

  router.get('/v1/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}', ({ ctx, params, query }) => {
    const { extended } = parseInput(extendedQuery, query, 'query');
    const row = requireSpaceInstallation(ctx, nameParam(params), params.installationId, params.spaceId);
    return { status: 200, body: presentSpaceInstallation(row, ctx, extended) };
  });

  router.patch('/v1/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}', ({ ctx, params, query, body }) => {
    const { extended } = parseInput(extendedQuery, query, 'query');
    const input = parseInput(updateSpaceInstallationBody, body ?? {});
    const row = updateSpaceInstallation(ctx, nameParam(params), params.installationId, params.spaceId, input);
    return { status: 200, body: presentSpaceInstallation(row, ctx, extended) };
  });

  router.delete('/v1/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}', ({ ctx, params }) => {
    uninstallFromSpace(ctx, nameParam(params), params.installationId, params.spaceId);
    return { status: 204 };
  });

  router.get('/v1/orgs/{organizationId}/integrations', ({ ctx, params, query }) => {
    const page = listOrganizationIntegrations(ctx, params.organizationId, parseInput(listIntegrationsQuery, query, 'query'));
    return { status: 200, body: listEnvelope(page, (row) => presentIntegration(row, ctx)) };
  });

  router.get('/v1/spaces/{spaceId}/integrations', ({ ctx, params, query }) => {
    const page = listSpaceIntegrationsForCaller(ctx, params.spaceId, parseInput(spaceIntegrationsQuery, query, 'query'));
    return { status: 200, body: listEnvelope(page, (row) => presentIntegration(row, ctx)) };
  });

  // 404 when the space is missing (or cannot be seen), as the description says.
  router.get('/v1/spaces/{spaceId}/integration-blocks', ({ ctx, params }) => {
    return { status: 200, body: spaceIntegrationBlocks(ctx, params.spaceId) };
  });

  // 400 on a bad request (a query parameter this endpoint does not take).
  router.get('/v1/spaces/{spaceId}/integration-scripts', ({ ctx, params, query }) => {
    parseInput(noQuery, query, 'query');
    return { status: 200, body: spaceIntegrationScripts(ctx, params.spaceId) };
  });

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/integration-scripts', ({ ctx, params, query }) => {
    parseInput(noQuery, query, 'query');
    return { status: 200, body: siteIntegrationScripts(ctx, params.organizationId, params.siteId) };
  });
}
