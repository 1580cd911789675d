import type { CallContext, PresentContext } from '../app/context';
import { presentSpaceFor } from '../spaces/presenter';
import type { Db } from '../store/database';
import { getSection } from '../store/site-sections';
import { countSiteSpaces, defaultSiteSpaceIn, type SiteRow, type SiteSpaceRow } from '../store/sites';
import { getSpace } from '../store/spaces';
import { roleAtLeast, type MemberRoleOrGuest } from '../../src-shared/roles';
import { siteRoleFor } from '../permissions/content-role';

/** Where the site will be served once published (the local preview, a later step of issue 8). */
export function publishedSiteUrl(site: SiteRow, pc: PresentContext): string {
  return `${pc.baseUrl}/sites/${site.id}/`;
}

/** `pc` carries the store: `siteSpaces` is counted from rows. */
export function presentSite(site: SiteRow, pc: PresentContext & { db: Db }) {
  const published = site.published === 1;
  return {
    object: 'site' as const,
    id: site.id,
    type: site.type,
    // Folio freezes no site: the type applied is the type chosen.
    appliedType: site.type,
    title: site.title,
    ...(site.hostname !== null ? { hostname: site.hostname } : {}),
    ...(site.basename !== null ? { basename: site.basename } : {}),
    ...(site.proxy_origin !== null ? { proxy: { origin: site.proxy_origin, target: publishedSiteUrl(site, pc) } } : {}),
    visibility: site.visibility,
    // A site has no default level of its own: members hold their organization role on it (permissions/content-role.ts).
    defaultLevel: 'inherit' as const,
    permissions: sitePermissions(siteRoleFor(pc.db, pc.user.id, site)),
    published,
    siteSpaces: countSiteSpaces(pc.db, site.id),
    createdAt: site.created_at,
    adaptiveContent: { enabled: site.adaptive_content === 1 },
    agentsContext: site.agents_context,
    features: [],
    urls: {
      location: `${pc.baseUrl}/v1/orgs/${site.organization_id}/sites/${site.id}`,
      app: `${pc.baseUrl}/o/${site.organization_id}/sites/${site.id}`,
      // A preview is shown through a signed link made on demand: this operation makes one.
      preview: `${pc.baseUrl}/v1/orgs/${site.organization_id}/sites/${site.id}/publishing/preview`,
      ...(published ? { published: publishedSiteUrl(site, pc) } : {}),
    },
  };
}

/**
 * `default` is per container: the default variant of its section, or the site's default at the root.
 * In a section the published URL is under the section's path.
 */
export function presentSiteSpace(row: SiteSpaceRow, site: SiteRow, ctx: CallContext) {
  const space = getSpace(ctx.db, row.space_id)!;
  const section = row.section_id !== null ? getSection(ctx.db, site.id, row.section_id) : undefined;
  const namedDefault = section ? section.default_site_space_id : site.default_site_space_id;
  const base = `${publishedSiteUrl(site, ctx)}${section ? `${section.path}/` : ''}`;
  return {
    object: 'site-space' as const,
    id: row.id,
    path: row.path,
    ...(section ? { section: section.id } : {}),
    space: presentSpaceFor(ctx, space),
    title: space.title,
    default: defaultSiteSpaceIn(ctx.db, site.id, section ? section.id : null, namedDefault) === row.id,
    ...(row.condition !== null ? { condition: row.condition } : {}),
    hasAdvancedCustomizationFeature: false,
    // Folio has no draft site spaces, sections or groups: everything in a site's structure is live.
    draft: false,
    urls: site.published === 1 ? { published: `${base}${row.path}/` } : {},
  };
}

/** The viewer's permissions on a site (GitBook 0.202's Site.permissions), from their role on it. */
function sitePermissions(role: MemberRoleOrGuest | undefined) {
  const admin = role === 'admin';
  return {
    view: roleAtLeast(role, 'read'),
    access: roleAtLeast(role, 'read'),
    edit: roleAtLeast(role, 'edit'),
    create: roleAtLeast(role, 'create'),
    admin,
    installIntegration: admin,
    viewAdaptiveSchema: roleAtLeast(role, 'read'),
    editAdaptiveSchema: admin,
  };
}
