import type { SiteCustomizationInput, SiteSpaceCustomizationInput } from '../../src-shared/schemas/site-customization';
import { type ServiceContext, isoNow } from '../app/context';
import { notFound } from '../errors';
import { inTransaction } from '../store/database';
import { getSite, getSiteSpace, type SiteRow, type SiteSpaceRow, updateSite, updateSiteSpace } from '../store/sites';
import { requireSite } from './access';
import { patchOverrides, siteCustomization, siteSpaceCustomizations, stored } from './customization';

/**
 * A site's look (GitBook's site customization): the site's settings, replaced whole by PUT, and each site
 * space's overrides of them, changed key by key by PATCH. Every member reads them; admins change them, as
 * the rest of the site's settings. Visitors see them on the published site (sites/preview).
 */

/** GET .../customization: what visitors get, GitBook's defaults filled in. */
export function getSiteCustomizationForCaller(ctx: ServiceContext, organizationId: string, siteId: string) {
  return siteCustomization(requireSite(ctx, organizationId, siteId).site);
}

/** PUT .../customization */
export function replaceSiteCustomization(ctx: ServiceContext, organizationId: string, siteId: string, input: SiteCustomizationInput) {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'customize it');
    // GET answers the site's own title when none was chosen, and tools send it back: that is no choice, and
    // keeping it would stop the published title from following a rename of the site.
    const { title, ...rest } = input;
    const settings = title === undefined || title === site.title ? rest : input;
    updateSite(ctx.db, site.id, { customization: JSON.stringify(settings), updated_at: isoNow(ctx.clock) });
    return siteCustomization(getSite(ctx.db, site.id)!);
  });
}

function requireSiteSpace(ctx: ServiceContext, site: SiteRow, siteSpaceId: string): SiteSpaceRow {
  const row = getSiteSpace(ctx.db, site.id, siteSpaceId);
  if (!row) throw notFound(`Site space "${siteSpaceId}" not found`);
  return row;
}

const effective = (site: SiteRow, row: SiteSpaceRow) => siteSpaceCustomizations(site, [row])[row.id]!;

/** GET .../site-spaces/{id}/customization: the site's settings with this site space's overrides. */
export function getSiteSpaceCustomizationForCaller(ctx: ServiceContext, organizationId: string, siteId: string, siteSpaceId: string) {
  const { site } = requireSite(ctx, organizationId, siteId);
  return effective(site, requireSiteSpace(ctx, site, siteSpaceId));
}

/** PATCH .../site-spaces/{id}/customization */
export function overrideSiteSpaceCustomization(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  siteSpaceId: string,
  input: SiteSpaceCustomizationInput,
) {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'customize it');
    const row = requireSiteSpace(ctx, site, siteSpaceId);
    const overrides = patchOverrides(stored(row.customization), input);
    updateSiteSpace(ctx.db, row.id, { customization: Object.keys(overrides).length ? JSON.stringify(overrides) : null });
    updateSite(ctx.db, site.id, { updated_at: isoNow(ctx.clock) });
    return effective(getSite(ctx.db, site.id)!, getSiteSpace(ctx.db, site.id, row.id)!);
  });
}

/** DELETE .../site-spaces/{id}/customization: false when it had no overrides (the API then answers 204). */
export function deleteSiteSpaceCustomization(ctx: ServiceContext, organizationId: string, siteId: string, siteSpaceId: string): boolean {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'customize it');
    const row = requireSiteSpace(ctx, site, siteSpaceId);
    if (row.customization === null) return false;
    updateSiteSpace(ctx.db, row.id, { customization: null });
    updateSite(ctx.db, site.id, { updated_at: isoNow(ctx.clock) });
    return true;
  });
}
