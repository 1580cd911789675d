import type { CallContext } from '../app/context';
import { requireSite } from '../sites/access';
import { requireSpace } from '../spaces/access';
import { type IntegrationRow, listSpaceIntegrations, siteIntegrations } from '../store/integrations';
import { integrationScriptUrl } from './presenter';

/** Enough for every integration a space can have at once (an organization installs far fewer). */
const ALL = { limit: 1000 };

export function listSpaceIntegrationsForCaller(ctx: CallContext, spaceId: string, query: { search?: string; page?: string; limit?: number }) {
  const { space } = requireSpace(ctx, spaceId);
  return listSpaceIntegrations(ctx.db, space, query.search, { page: query.page, limit: query.limit });
}

/** The blocks of the integrations enabled in the space, per integration (those with none are left out). */
export function spaceIntegrationBlocks(ctx: CallContext, spaceId: string) {
  const { space } = requireSpace(ctx, spaceId);
  return listSpaceIntegrations(ctx.db, space, undefined, ALL)
    .rows.map((row) => ({ name: row.name, blocks: JSON.parse(row.blocks) as unknown[] }))
    .filter((entry) => entry.blocks.length > 0);
}

/** The scripts to embed: integrations allowed to inject one (`*:script:inject`), with their policy. */
function scriptsOf(ctx: CallContext, rows: IntegrationRow[], kind: 'space' | 'site') {
  return rows
    .filter((row) => (JSON.parse(row.scopes) as string[]).includes(`${kind}:script:inject`))
    .map((row) => ({
      script: integrationScriptUrl(ctx, row),
      ...(row.content_security_policy !== null ? { contentSecurityPolicy: row.content_security_policy } : {}),
      cookies: (JSON.parse(row.scopes) as string[]).includes(`${kind}:script:cookies`),
    }));
}

export function spaceIntegrationScripts(ctx: CallContext, spaceId: string) {
  const { space } = requireSpace(ctx, spaceId);
  return scriptsOf(ctx, listSpaceIntegrations(ctx.db, space, undefined, ALL).rows, 'space');
}

/** A site's scripts: integrations installed on its organization for all sites, or on this site. */
export function siteIntegrationScripts(ctx: CallContext, organizationId: string, siteId: string) {
  const { site } = requireSite(ctx, organizationId, siteId);
  return scriptsOf(ctx, siteIntegrations(ctx.db, site), 'site');
}
