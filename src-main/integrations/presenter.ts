import type { CallContext, PresentContext } from '../app/context';
import { presentOrganizationFor } from '../orgs/routes';
import { presentSpaceFor } from '../spaces/routes';
import { type InstallationRow, type IntegrationRow, isAdminSomewhere, type SpaceInstallationRow } from '../store/integrations';
import { getOrganization } from '../store/orgs';
import { getSpace } from '../store/spaces';
import { INTEGRATION_ADMIN_ROLE, orgRoleOf } from './access';

/** Where the host serves an integration's files (integrations/serve.ts): outside /v1, without a token. */
export function integrationFilesUrl(pc: PresentContext, name: string): string {
  return `${pc.baseUrl}/integrations/${encodeURIComponent(name)}`;
}

export function integrationScriptUrl(pc: PresentContext, row: IntegrationRow): string {
  return `${integrationFilesUrl(pc, row.name)}/${row.version}/script.js`;
}

const parse = <T>(json: string) => JSON.parse(json) as T;

/**
 * GitBook's Integration. Never the secrets. Folio verifies no one (`verified` is false) and runs no integration
 * code: `publicEndpoint` and `app` are the address its files are served under.
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
    scopes: parse<string[]>(row.scopes),
    categories: parse<string[]>(row.categories),
    blocks: parse<unknown[]>(row.blocks),
    contentSources: parse<unknown[]>(row.content_sources),
    ...(row.configurations !== null ? { configurations: parse<Record<string, unknown>>(row.configurations) } : {}),
    externalLinks: parse<Array<{ url: string; label: string }>>(row.external_links),
    owner: presentOrganizationFor(ctx, owner, role),
    urls: {
      location: `${ctx.baseUrl}/v1/integrations/${encodeURIComponent(row.name)}`,
      ...(row.icon !== null ? { icon: `${files}/assets/${row.icon}` } : {}),
      app: `${files}/`,
      assets: `${files}/assets/`,
      publicEndpoint: `${files}/${row.version}/`,
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
    urls: { location, app: location, publicEndpoint: location },
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
  return {
    integration: row.integration_name,
    installation: row.installation_id,
    status: row.status as 'active' | 'pending' | 'paused',
    configuration: parse<Record<string, unknown>>(row.configuration),
    externalIds: parse<string[]>(row.external_ids),
    urls: { location, publicEndpoint: location },
    space: presentedSpace,
  };
}
