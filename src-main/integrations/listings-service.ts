import type { ListQuery } from '../../src-shared/schemas/common';
import type { ListIntegrationsStatusQuery } from '../../src-shared/schemas/integrations';
import { roleAtLeast } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import { badRequest, notFound } from '../errors';
import { pageInMemory } from '../http/offset-page';
import { requireOrgRole } from '../orgs/access';
import { requireSite } from '../sites/access';
import { spaceRole } from '../spaces/access';
import { listContentInstallationsOfIntegration, type SiteInstallationRow } from '../store/integration-site-installations';
import { findInstallation, getIntegration, siteIntegrations, type IntegrationRow, type SpaceInstallationRow } from '../store/integrations';
import { organizationInstallations, organizationSiteInstallations, organizationSpaceInstallations } from '../store/organization-installations';
import { getSpace } from '../store/spaces';
import { requireIntegration } from './access';
import { seesEverything } from './installations-service';

/** GET /integrations/{integrationName}/spaces: every space installation of the integration the caller may see. */
export function listIntegrationSpaceInstallations(ctx: ServiceContext, name: string, query: ListQuery & { externalId?: string }) {
  const integration = requireIntegration(ctx, name);
  const who = { userId: ctx.user.id, everything: seesEverything(ctx, integration) };
  return listContentInstallationsOfIntegration<SpaceInstallationRow>(ctx.db, 'integration_space_installations', integration.name, who, query.externalId, query);
}

/** GET /integrations/{integrationName}/sites, as for spaces. */
export function listIntegrationSiteInstallations(ctx: ServiceContext, name: string, query: ListQuery & { externalId?: string }) {
  const integration = requireIntegration(ctx, name);
  const who = { userId: ctx.user.id, everything: seesEverything(ctx, integration) };
  return listContentInstallationsOfIntegration<SiteInstallationRow>(ctx.db, 'integration_site_installations', integration.name, who, query.externalId, query);
}

/** GET /orgs/{organizationId}/installations: the organization's installations with their integrations, for its members. */
export function listOrganizationInstallations(ctx: ServiceContext, organizationId: string, query: ListQuery & { search?: string }) {
  const { org } = requireOrgReader(ctx, organizationId);
  const page = organizationInstallations(ctx.db, org.id, query.search, query);
  return { ...page, rows: page.rows.map((installation) => ({ installation, integration: getIntegration(ctx.db, installation.integration_name)! })) };
}

/** GET /orgs/{organizationId}/integrations/{integrationName}/installation_status */
export function getOrganizationIntegrationStatus(ctx: ServiceContext, organizationId: string, name: string) {
  const { org } = requireOrgReader(ctx, organizationId);
  const integration = requireIntegration(ctx, name);
  const installation = findInstallation(ctx.db, integration.name, org.id);
  if (!installation) throw notFound(`Integration "${name}" is not installed in this organization`);
  return installation.status;
}

interface InstalledIntegrationEntry {
  status: string;
  integration: IntegrationRow;
  target: { type: 'organization'; organizationId: string } | { type: 'space'; spaceId: string } | { type: 'site'; siteId: string };
}

/**
 * GET /orgs/{organizationId}/integrations/installations-status: every installation of the organization (on it, on
 * its spaces, on its sites) with its status; a space installation shows only to those who can read the space.
 */
export function listOrganizationIntegrationsStatus(ctx: ServiceContext, organizationId: string, query: ListIntegrationsStatusQuery) {
  const { org } = requireOrgReader(ctx, organizationId);
  if (query.space !== undefined) {
    const space = getSpace(ctx.db, query.space);
    if (!space || space.organization_id !== org.id || !roleAtLeast(spaceRole(ctx, space), 'read')) throw badRequest(`space: no space "${query.space}" in this organization`);
  }
  if (query.site !== undefined) requireSite(ctx, org.id, query.site);
  const entries: InstalledIntegrationEntry[] = [];
  const integrationOf = (name: string) => getIntegration(ctx.db, name)!;
  // `space` keeps only that space's installations, `site` that site's; `target` keeps one kind.
  const wants = (type: InstalledIntegrationEntry['target']['type']) =>
    (query.target === undefined || query.target === type) &&
    (query.space === undefined || type === 'space') &&
    (query.site === undefined || type === 'site');
  if (wants('organization')) {
    for (const row of organizationInstallations(ctx.db, org.id, undefined, { limit: 1000 }).rows) {
      entries.push({ status: row.status, integration: integrationOf(row.integration_name), target: { type: 'organization', organizationId: org.id } });
    }
  }
  if (wants('space')) {
    for (const row of organizationSpaceInstallations(ctx.db, org.id, query.space)) {
      const space = getSpace(ctx.db, row.space_id);
      if (space && roleAtLeast(spaceRole(ctx, space), 'read')) entries.push({ status: row.status, integration: integrationOf(row.integration_name), target: { type: 'space', spaceId: row.space_id } });
    }
  }
  if (wants('site')) {
    for (const row of organizationSiteInstallations(ctx.db, org.id, query.site)) {
      entries.push({ status: row.status, integration: integrationOf(row.integration_name), target: { type: 'site', siteId: row.site_id } });
    }
  }
  const page = pageInMemory(entries, query);
  return { rows: page.items, total: page.total, next: page.next };
}

/** GET /orgs/{organizationId}/sites/{siteId}/integrations: what the site runs (for all sites, or for this one). */
export function listSiteIntegrations(ctx: ServiceContext, organizationId: string, siteId: string, query: ListQuery & { search?: string }) {
  const { site } = requireSite(ctx, organizationId, siteId);
  const page = pageInMemory(siteIntegrations(ctx.db, site, query.search), query);
  return { rows: page.items, total: page.total, next: page.next };
}

/** Installations are the organization's members' to see, as its integration list is; guests see none. */
function requireOrgReader(ctx: ServiceContext, organizationId: string) {
  return requireOrgRole(ctx, organizationId, 'read', "see the organization's integrations");
}
