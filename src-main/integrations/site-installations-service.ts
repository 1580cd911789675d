import type { ListQuery } from '../../src-shared/schemas/common';
import type { UpdateSpaceInstallationInput } from '../../src-shared/schemas/integrations';
import type { ServiceContext } from '../app/context';
import { isoNow } from '../app/context';
import { recordAuditEvent } from '../audit-events/record';
import { badRequest, conflict, isFolioError, notFound } from '../errors';
import { requireSite } from '../sites/access';
import { inTransaction } from '../store/database';
import { deleteSiteInstallationRow, getSiteInstallation, insertSiteInstallation, listSiteInstallationsOf } from '../store/integration-site-installations';
import { updateInstallationRow } from '../store/integrations';
import { requireInstallation } from './installations-service';

const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));

/** Installs on one site of the installation's organization (the site's admins do), when the integration is made for sites. */
export function installIntegrationOnSite(ctx: ServiceContext, name: string, installationId: string, siteId: string) {
  return inTransaction(ctx.db, () => {
    const { integration, installation } = requireInstallation(ctx, name, installationId);
    const { site } = requireSiteOf(ctx, installation.organization_id, siteId, 'install integrations on it');
    if (integration.target !== 'all' && integration.target !== 'site') {
      throw badRequest(`siteId: integration "${name}" installs on ${integration.target === 'space' ? 'spaces' : 'organizations'} only`);
    }
    if (getSiteInstallation(ctx.db, installation.id, site.id)) throw conflict(`siteId: integration "${name}" is already installed on this site`);
    const row = insertSiteInstallation(ctx.db, { installation, siteId: site.id, now: isoNow(ctx.clock) });
    recordAuditEvent(ctx, installation.organization_id, 'integration.installed', { type: 'site', id: site.id, label: site.title }, { integration: name, installation: installation.id });
    return row;
  });
}

export function listIntegrationInstallationSites(ctx: ServiceContext, name: string, installationId: string, query: ListQuery) {
  const { installation } = requireInstallation(ctx, name, installationId);
  return listSiteInstallationsOf(ctx.db, installation.id, { page: query.page, limit: query.limit });
}

/** A site installation the caller may see (else 404); `action` takes the site's admin role. */
export function getIntegrationSiteInstallation(ctx: ServiceContext, name: string, installationId: string, siteId: string, action?: string) {
  const { installation } = requireInstallation(ctx, name, installationId);
  const row = getSiteInstallation(ctx.db, installation.id, siteId);
  if (!row) throw notFound(`Integration "${name}" is not installed on site "${siteId}" by this installation`);
  if (action) requireSiteOf(ctx, installation.organization_id, siteId, action);
  return row;
}

export function updateIntegrationSiteInstallation(ctx: ServiceContext, name: string, installationId: string, siteId: string, input: UpdateSpaceInstallationInput) {
  return inTransaction(ctx.db, () => {
    const row = getIntegrationSiteInstallation(ctx, name, installationId, siteId, 'change the integrations installed on it');
    updateInstallationRow(
      ctx.db,
      'integration_site_installations',
      { installation_id: row.installation_id, site_id: row.site_id },
      { configuration: json(input.configuration), external_ids: json(input.externalIds) },
      isoNow(ctx.clock),
    );
    return getSiteInstallation(ctx.db, row.installation_id, row.site_id)!;
  });
}

export function uninstallIntegrationFromSite(ctx: ServiceContext, name: string, installationId: string, siteId: string): void {
  inTransaction(ctx.db, () => {
    const row = getIntegrationSiteInstallation(ctx, name, installationId, siteId, 'uninstall integrations from it');
    deleteSiteInstallationRow(ctx.db, row.installation_id, row.site_id);
    recordAuditEvent(ctx, row.organization_id, 'integration.uninstalled', { type: 'site', id: row.site_id }, { integration: name, installation: row.installation_id });
  });
}

/** A site named in a request body must be the installation's organization's: otherwise it is a bad `siteId`, not a missing resource. */
function requireSiteOf(ctx: ServiceContext, organizationId: string, siteId: string, action: string) {
  try {
    return requireSite(ctx, organizationId, siteId, action);
  } catch (error) {
    if (isFolioError(error) && error.kind === 'not_found') throw badRequest(`siteId: no site "${siteId}" in the organization this installation belongs to`);
    throw error;
  }
}
