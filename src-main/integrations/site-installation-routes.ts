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
import { parseInput } from '../http/validate';
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
  router.get('/v1/integrations/{integrationName}/installations/{installationId}/sites', ({ ctx, params, query }) => {
    const { extended, ...page } = parseInput(listInstallationSpacesQuery, query, 'query');
    const result = listIntegrationInstallationSites(ctx, nameParam(params), params.installationId, page);
    return { status: 200, body: listEnvelope(result, (row) => presentSiteInstallation(row, ctx, extended)) };
  });

  router.post('/v1/integrations/{integrationName}/installations/{installationId}/sites', ({ ctx, params, query, body }) => {
    const { extended } = parseInput(extendedQuery, query, 'query');
    const { siteId } = parseInput(installIntegrationOnSiteBody, body ?? {});
    const presented = presentSiteInstallation(installIntegrationOnSite(ctx, nameParam(params), params.installationId, siteId), ctx, extended);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  });

  router.get('/v1/integrations/{integrationName}/installations/{installationId}/sites/{siteId}', ({ ctx, params, query }) => {
    const { extended } = parseInput(extendedQuery, query, 'query');
    const row = getIntegrationSiteInstallation(ctx, nameParam(params), params.installationId, params.siteId);
    return { status: 200, body: presentSiteInstallation(row, ctx, extended) };
  });

  router.patch('/v1/integrations/{integrationName}/installations/{installationId}/sites/{siteId}', ({ ctx, params, query, body }) => {
    const { extended } = parseInput(extendedQuery, query, 'query');
    const input = parseInput(updateSpaceInstallationBody, body ?? {});
    const row = updateIntegrationSiteInstallation(ctx, nameParam(params), params.installationId, params.siteId, input);
    return { status: 200, body: presentSiteInstallation(row, ctx, extended) };
  });

  router.delete('/v1/integrations/{integrationName}/installations/{installationId}/sites/{siteId}', ({ ctx, params }) => {
    uninstallIntegrationFromSite(ctx, nameParam(params), params.installationId, params.siteId);
    return { status: 204 };
  });

  router.get('/v1/integrations/{integrationName}/spaces', ({ ctx, params, query }) => {
    const { extended, ...page } = parseInput(listContentInstallationsQuery, query, 'query');
    const result = listIntegrationSpaceInstallations(ctx, nameParam(params), page);
    return { status: 200, body: listEnvelope(result, (row) => presentSpaceInstallation(row, ctx, extended)) };
  });

  router.get('/v1/integrations/{integrationName}/sites', ({ ctx, params, query }) => {
    const { extended, ...page } = parseInput(listContentInstallationsQuery, query, 'query');
    const result = listIntegrationSiteInstallations(ctx, nameParam(params), page);
    return { status: 200, body: listEnvelope(result, (row) => presentSiteInstallation(row, ctx, extended)) };
  });

  router.get('/v1/orgs/{organizationId}/installations', ({ ctx, params, query }) => {
    const result = listOrganizationInstallations(ctx, params.organizationId, parseInput(listOrganizationInstallationsQuery, query, 'query'));
    return {
      status: 200,
      body: listEnvelope(result, (row) => ({ installation: presentInstallation(row.installation, ctx), integration: presentIntegration(row.integration, ctx) })),
    };
  });

  router.get('/v1/orgs/{organizationId}/integrations/{integrationName}/installation_status', ({ ctx, params }) => {
    const status = getOrganizationIntegrationStatus(ctx, params.organizationId, nameParam(params));
    return { status: 200, body: { status } };
  });

  router.get('/v1/orgs/{organizationId}/integrations/installations-status', ({ ctx, params, query }) => {
    const result = listOrganizationIntegrationsStatus(ctx, params.organizationId, parseInput(listIntegrationsStatusQuery, query, 'query'));
    return {
      status: 200,
      body: listEnvelope(result, (entry) => ({ status: entry.status, integration: presentIntegration(entry.integration, ctx), target: entry.target })),
    };
  });

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/integrations', ({ ctx, params, query }) => {
    const page = listSiteIntegrations(ctx, params.organizationId, params.siteId, parseInput(spaceIntegrationsQuery, query, 'query'));
    return { status: 200, body: listEnvelope(page, (row) => presentIntegration(row, ctx)) };
  });
}
