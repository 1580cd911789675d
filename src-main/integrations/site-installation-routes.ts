import {
  extendedQuery,
  installIntegrationOnSiteBody,
  listContentInstallationsQuery,
  listInstallationSpacesQuery,
  listOrganizationInstallationsQuery,
  listIntegrationsStatusQuery,
  spaceIntegrationsQuery,
  updateSpaceInstallationBody,
} from '../../src-shared/schemas/integrations';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import {
  getOrganizationIntegrationStatus,
  listIntegrationSiteInstallations,
  listIntegrationSpaceInstallations,
  listOrganizationInstallations,
  listOrganizationIntegrationsStatus,
  listSiteIntegrations,
} from './listings-service';
import { presentInstallation, presentIntegration, presentSiteInstallation, presentSpaceInstallation } from './presenter';
import { nameParam } from './params';
import {
  getIntegrationSiteInstallation,
  installIntegrationOnSite,
  listIntegrationInstallationSites,
  uninstallIntegrationFromSite,
  updateIntegrationSiteInstallation,
} from './site-installations-service';

/** Integrations on sites, and the listings of where integrations are installed (GitBook 0.202's operations). */
export function registerIntegrationSiteInstallationRoutes(router: Router): void {
  router.get('/v1/integrations/{integrationName}/installations/{installationId}/sites', { effect: 'read', query: listInstallationSpacesQuery }, ({ ctx, params, query }) => {
    const { extended, ...page } = query;
    const result = listIntegrationInstallationSites(ctx, nameParam(params), params.installationId, page);
    return { status: 200, body: listEnvelope(result, (row) => presentSiteInstallation(row, ctx, extended)) };
  });

  router.post('/v1/integrations/{integrationName}/installations/{installationId}/sites', { effect: 'write', query: extendedQuery, body: installIntegrationOnSiteBody, optionalBody: true }, ({ ctx, params, query, body }) => {
    const { extended } = query;
    const { siteId } = body;
    const presented = presentSiteInstallation(installIntegrationOnSite(ctx, nameParam(params), params.installationId, siteId), ctx, extended);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  });

  router.get('/v1/integrations/{integrationName}/installations/{installationId}/sites/{siteId}', { effect: 'read', query: extendedQuery }, ({ ctx, params, query }) => {
    const { extended } = query;
    const row = getIntegrationSiteInstallation(ctx, nameParam(params), params.installationId, params.siteId);
    return { status: 200, body: presentSiteInstallation(row, ctx, extended) };
  });

  router.patch('/v1/integrations/{integrationName}/installations/{installationId}/sites/{siteId}', { effect: 'write', query: extendedQuery, body: updateSpaceInstallationBody, optionalBody: true }, ({ ctx, params, query, body }) => {
    const { extended } = query;
    const input = body;
    const row = updateIntegrationSiteInstallation(ctx, nameParam(params), params.installationId, params.siteId, input);
    return { status: 200, body: presentSiteInstallation(row, ctx, extended) };
  });

  router.delete('/v1/integrations/{integrationName}/installations/{installationId}/sites/{siteId}', { effect: 'write' }, ({ ctx, params }) => {
    uninstallIntegrationFromSite(ctx, nameParam(params), params.installationId, params.siteId);
    return { status: 204 };
  });

  router.get('/v1/integrations/{integrationName}/spaces', { effect: 'read', query: listContentInstallationsQuery }, ({ ctx, params, query }) => {
    const { extended, ...page } = query;
    const result = listIntegrationSpaceInstallations(ctx, nameParam(params), page);
    return { status: 200, body: listEnvelope(result, (row) => presentSpaceInstallation(row, ctx, extended)) };
  });

  router.get('/v1/integrations/{integrationName}/sites', { effect: 'read', query: listContentInstallationsQuery }, ({ ctx, params, query }) => {
    const { extended, ...page } = query;
    const result = listIntegrationSiteInstallations(ctx, nameParam(params), page);
    return { status: 200, body: listEnvelope(result, (row) => presentSiteInstallation(row, ctx, extended)) };
  });

  router.get('/v1/orgs/{organizationId}/installations', { effect: 'read', query: listOrganizationInstallationsQuery }, ({ ctx, params, query }) => {
    const result = listOrganizationInstallations(ctx, params.organizationId, query);
    return {
      status: 200,
      body: listEnvelope(result, (row) => ({ installation: presentInstallation(row.installation, ctx), integration: presentIntegration(row.integration, ctx) })),
    };
  });

  router.get('/v1/orgs/{organizationId}/integrations/{integrationName}/installation_status', { effect: 'read' }, ({ ctx, params }) => {
    const status = getOrganizationIntegrationStatus(ctx, params.organizationId, nameParam(params));
    return { status: 200, body: { status } };
  });

  router.get('/v1/orgs/{organizationId}/integrations/installations-status', { effect: 'read', query: listIntegrationsStatusQuery }, ({ ctx, params, query }) => {
    const result = listOrganizationIntegrationsStatus(ctx, params.organizationId, query);
    return {
      status: 200,
      body: listEnvelope(result, (entry) => ({ status: entry.status, integration: presentIntegration(entry.integration, ctx), target: entry.target })),
    };
  });

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/integrations', { effect: 'read', query: spaceIntegrationsQuery }, ({ ctx, params, query }) => {
    const page = listSiteIntegrations(ctx, params.organizationId, params.siteId, query);
    return { status: 200, body: listEnvelope(page, (row) => presentIntegration(row, ctx)) };
  });
}
