import type { CallContext, PresentContext } from '../app/context';
import { presentOrganizationFor } from '../orgs/presenter';
import { presentSpaceFor } from '../spaces/presenter';
import { type InstallationRow, type IntegrationRow, isAdminSomewhere, type SpaceInstallationRow } from '../store/integrations';
import { getOrganization } from '../store/orgs';
import { getSpace } from '../store/spaces';
import { INTEGRATION_ADMIN_ROLE, orgRoleOf } from './access';
import { roleAtLeast } from '../../src-shared/roles';
import { siteRoleFor } from '../permissions/content-role';
import { presentSite } from '../sites/presenter';
import type { SiteInstallationRow } from '../store/integration-site-installations';
import { getSite } from '../store/sites';

/** Where the host serves an integration's files (integrations/serve.ts): outside /v1, without a token. */
function integrationFilesUrl(pc: PresentContext, name: string): string {
  return `${pc.baseUrl}/integrations/${encodeURIComponent(name)}`;
}

export function integrationScriptUrl(pc: PresentContext, row: IntegrationRow): string {
  return `${integrationFilesUrl(pc, row.name)}/${row.version}/script.js`;
}

const parse = <T>(json: string) => JSON.parse(json) as T;

/**
 * Scopes and categories GitBook has since retired (0.137.0's `space:script:inject`, `gitsync`, ...) stay stored
 * and keep working, but are not echoed: the newest GitBook clients reject values they no longer know.
 */
const isCurrentScope = (scope: string) => !RETIRED_SCOPES.has(scope);
const isCurrentCategory = (category: string) => category !== 'gitsync';
const RETIRED_SCOPES = new Set(['space:views:read', 'space:script:inject', 'space:script:cookies', 'space:visitor:auth', 'site:ai:ask']);

/**
 * GitBook's Integration. Never the secrets. Folio verifies no one (`verified` is false) and runs no integration
 * code: `publicEndpoint` is the address its files are served under, `app` the Integrations screen of its organization.
 */
export function presentIntegration(row: IntegrationRow, ctx: CallContext) {
  const files = integrationFilesUrl(ctx, row.name);
  const role = orgRoleOf(ctx, row.organization_id);
  const admin = role === INTEGRATION_ADMIN_ROLE;
  const owner = getOrganization(ctx.db, row.organization_id)!;
  return {
    object: 'integration' as const,
    name: row.name,
    version: row.version,
    runtime: row.runtime,
    title: row.title,
    description: row.description,
    ...(row.summary !== null ? { summary: row.summary } : {}),
    previewImages: parse<string[]>(row.preview_images).map((hash) => `${files}/assets/${hash}`),
    target: row.target as 'all' | 'site' | 'space' | 'organization',
    verified: false,
    visibility: row.visibility as 'public' | 'private' | 'unlisted',
    scopes: parse<string[]>(row.scopes).filter(isCurrentScope),
    categories: parse<string[]>(row.categories).filter(isCurrentCategory),
    blocks: parse<unknown[]>(row.blocks),
    contentSources: parse<unknown[]>(row.content_sources),
    ...(row.configurations !== null ? { configurations: parse<Record<string, unknown>>(row.configurations) } : {}),
    externalLinks: parse<Array<{ url: string; label: string }>>(row.external_links),
    owner: presentOrganizationFor(ctx, owner, role),
    urls: {
      location: `${ctx.baseUrl}/v1/integrations/${encodeURIComponent(row.name)}`,
      ...(row.icon !== null ? { icon: `${files}/assets/${row.icon}` } : {}),
      app: integrationsAppUrl(ctx, row.organization_id),
      assets: `${files}/assets/`,
      publicEndpoint: `${files}/${row.version}/`,
      publicContentEndpoint: `${files}/${row.version}/`,
    },
    permissions: { admin, install: row.visibility === 'private' ? admin : isAdminSomewhere(ctx.db, ctx.user.id) },
    ...(row.content_security_policy !== null ? { contentSecurityPolicy: row.content_security_policy } : {}),
  };
}

function installationUrl(pc: PresentContext, name: string, id: string): string {
  return `${pc.baseUrl}/v1/integrations/${encodeURIComponent(name)}/installations/${id}`;
}

export function presentInstallation(row: InstallationRow, pc: PresentContext) {
  const location = installationUrl(pc, row.integration_name, row.id);
  return {
    id: row.id,
    status: row.status as 'active' | 'pending' | 'paused',
    space_selection: row.space_selection as 'all' | 'selected',
    site_selection: row.site_selection as 'all' | 'selected',
    spaces: row.spaces,
    configuration: parse<Record<string, unknown>>(row.configuration),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    urls: { location, app: integrationsAppUrl(pc, row.organization_id), publicEndpoint: location, publicContentEndpoint: location },
    externalIds: parse<string[]>(row.external_ids),
    target: { organization: row.organization_id },
  };
}

/** A space installation; `extended` shows the space itself when the caller can read it (its id otherwise). */
export function presentSpaceInstallation(row: SpaceInstallationRow, ctx: CallContext, extended = false) {
  const location = `${installationUrl(ctx, row.integration_name, row.installation_id)}/spaces/${row.space_id}`;
  const space = extended ? getSpace(ctx.db, row.space_id) : undefined;
  let presentedSpace: string | ReturnType<typeof presentSpaceFor> = row.space_id;
  if (space) {
    const presented = presentSpaceFor(ctx, space);
    if (presented.permissions.view) presentedSpace = presented;
  }
  return { ...contentInstallationBase(row, location), space: presentedSpace };
}

/** GitBook's IntegrationContentInstallationBase: what a space and a site installation share. */
function contentInstallationBase(row: SpaceInstallationRow | SiteInstallationRow, location: string) {
  return {
    integration: row.integration_name,
    installation: row.installation_id,
    status: row.status as 'active' | 'pending' | 'paused',
    configuration: parse<Record<string, unknown>>(row.configuration),
    externalIds: parse<string[]>(row.external_ids),
    urls: { location, publicEndpoint: location, publicContentEndpoint: location },
  };
}

/** The app's Integrations screen of an organization, where its installations are managed. */
function integrationsAppUrl(pc: PresentContext, organizationId: string): string {
  return `${pc.baseUrl}/o/${organizationId}/integrations`;
}

/** A site installation; `extended` shows the site itself when the caller can read it (its id otherwise). */
export function presentSiteInstallation(row: SiteInstallationRow, ctx: CallContext, extended = false) {
  const location = `${installationUrl(ctx, row.integration_name, row.installation_id)}/sites/${row.site_id}`;
  const site = extended ? getSite(ctx.db, row.site_id) : undefined;
  const visible = site !== undefined && roleAtLeast(siteRoleFor(ctx.db, ctx.user.id, site), 'read');
  return { ...contentInstallationBase(row, location), site: visible ? presentSite(site, ctx) : row.site_id };
}
