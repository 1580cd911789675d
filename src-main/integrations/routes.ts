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
  router.get('/v1/integrations', { effect: 'read', query: listIntegrationsQuery }, ({ ctx, query }) => {
    const page = listIntegrationsForCaller(ctx, query);
    return { status: 200, body: listEnvelope(page, (row) => presentIntegration(row, ctx)) };
  });

  router.get('/v1/integrations/{integrationName}', { effect: 'read' }, ({ ctx, params }) => ({ status: 200, body: presentIntegration(getIntegrationForCaller(ctx, nameParam(params)), ctx) }));

  router.post('/v1/integrations/{integrationName}', { effect: 'write', body: publishIntegrationBody, optionalBody: true }, ({ ctx, params, body }) => {
    const name = nameParam(params);
    const row = publishIntegration(ctx, name, body);
    return { status: 200, body: presentIntegration(row, ctx) };
  });

  router.delete('/v1/integrations/{integrationName}', { effect: 'write' }, ({ ctx, params }) => {
    unpublishIntegration(ctx, nameParam(params));
    return { status: 204 };
  });

  router.get('/v1/integrations/{integrationName}/installations', { effect: 'read', query: listInstallationsQuery }, ({ ctx, params, query }) => {
    const page = listIntegrationInstallations(ctx, nameParam(params), query);
    return { status: 200, body: listEnvelope(page, (row) => presentInstallation(row, ctx)) };
  });

  router.post('/v1/integrations/{integrationName}/installations', { effect: 'write', body: installIntegrationBody, optionalBody: true }, ({ ctx, params, body }) => {
    const { organization } = body;
    const presented = presentInstallation(installIntegration(ctx, nameParam(params), organization), ctx);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  });

  router.get('/v1/integrations/{integrationName}/installations/{installationId}', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: presentInstallation(requireInstallation(ctx, nameParam(params), params.installationId).installation, ctx),
  }));

  router.patch('/v1/integrations/{integrationName}/installations/{installationId}', { effect: 'write', body: updateInstallationBody, optionalBody: true }, ({ ctx, params, body }) => {
    const input = body;
    return { status: 200, body: presentInstallation(updateIntegrationInstallation(ctx, nameParam(params), params.installationId, input), ctx) };
  });

  router.delete('/v1/integrations/{integrationName}/installations/{installationId}', { effect: 'write' }, ({ ctx, params }) => {
    uninstallIntegration(ctx, nameParam(params), params.installationId);
    return { status: 204 };
  });

  router.get('/v1/integrations/{integrationName}/installations/{installationId}/spaces', { effect: 'read', query: listInstallationSpacesQuery }, ({ ctx, params, query }) => {
    const { extended, ...page } = query;
    const result = listInstallationSpaces(ctx, nameParam(params), params.installationId, page);
    return { status: 200, body: listEnvelope(result, (row) => presentSpaceInstallation(row, ctx, extended)) };
  });

  router.post('/v1/integrations/{integrationName}/installations/{installationId}/tokens', { effect: 'write' }, ({ ctx, params }) => ({
    status: 200,
    body: createInstallationToken(ctx, nameParam(params), params.installationId),
  }));

  router.post('/v1/integrations/{integrationName}/installations/{installationId}/spaces', { effect: 'write', query: extendedQuery, body: installIntegrationOnSpaceBody, optionalBody: true }, ({ ctx, params, query, body }) => {
    const { extended } = query;
    const { space } = body;
    const presented = presentSpaceInstallation(installIntegrationOnSpace(ctx, nameParam(params), params.installationId, space), ctx, extended);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  });

  router.get('/v1/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}', { effect: 'read', query: extendedQuery }, ({ ctx, params, query }) => {
    const { extended } = query;
    const row = requireSpaceInstallation(ctx, nameParam(params), params.installationId, params.spaceId);
    return { status: 200, body: presentSpaceInstallation(row, ctx, extended) };
  });

  router.patch('/v1/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}', { effect: 'write', query: extendedQuery, body: updateSpaceInstallationBody, optionalBody: true }, ({ ctx, params, query, body }) => {
    const { extended } = query;
    const input = body;
    const row = updateSpaceInstallation(ctx, nameParam(params), params.installationId, params.spaceId, input);
    return { status: 200, body: presentSpaceInstallation(row, ctx, extended) };
  });

  router.delete('/v1/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}', { effect: 'write' }, ({ ctx, params }) => {
    uninstallFromSpace(ctx, nameParam(params), params.installationId, params.spaceId);
    return { status: 204 };
  });

  router.get('/v1/orgs/{organizationId}/integrations', { effect: 'read', query: listIntegrationsQuery }, ({ ctx, params, query }) => {
    const page = listOrganizationIntegrations(ctx, params.organizationId, query);
    return { status: 200, body: listEnvelope(page, (row) => presentIntegration(row, ctx)) };
  });

  router.get('/v1/spaces/{spaceId}/integrations', { effect: 'read', query: spaceIntegrationsQuery }, ({ ctx, params, query }) => {
    const page = listSpaceIntegrationsForCaller(ctx, params.spaceId, query);
    return { status: 200, body: listEnvelope(page, (row) => presentIntegration(row, ctx)) };
  });

  // 404 when the space is missing (or cannot be seen), as the description says.
  router.get('/v1/spaces/{spaceId}/integration-blocks', { effect: 'read' }, ({ ctx, params }) => {
    return { status: 200, body: spaceIntegrationBlocks(ctx, params.spaceId) };
  });

  // 400 on a bad request (a query parameter this endpoint does not take).
  router.get('/v1/spaces/{spaceId}/integration-scripts', { effect: 'read', query: noQuery }, ({ ctx, params }) => {
    return { status: 200, body: spaceIntegrationScripts(ctx, params.spaceId) };
  });

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/integration-scripts', { effect: 'read', query: noQuery }, ({ ctx, params }) => {
    return { status: 200, body: siteIntegrationScripts(ctx, params.organizationId, params.siteId) };
  });
}
