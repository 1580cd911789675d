import { roleAtLeast } from '../../src-shared/roles';
import type { CreateSiteInput, ListSitesQuery, UpdateSiteInput } from '../../src-shared/schemas/sites';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest } from '../errors';
import { requireMembership } from '../orgs/access';
import { createSpace } from '../spaces/service';
import { inTransaction } from '../store/database';
import { getSection, updateSection } from '../store/site-sections';
import { defaultSiteSectionId, deleteSiteRows, getSite, getSiteSpace, insertSite, listSites, siteWithHostname, type SiteRow, updateSite } from '../store/sites';
import { sitesReachedByGuest } from '../store/content-permissions';
import { requireSite, requireSiteAdmin } from './access';
import { addSpaceRow } from './site-spaces-service';
import { changedFields, recordAuditEvent } from '../audit-events/record';

export function listOrganizationSites(ctx: ServiceContext, organizationId: string, query: ListSitesQuery) {
  const { org, role } = requireMembership(ctx, organizationId);
  // Guests see the sites they (or a team of theirs) were invited to.
  const onlyIds = role === null ? sitesReachedByGuest(ctx.db, org.id, ctx.user.id) : undefined;
  const { page, limit, space, title, published, type } = query;
  return listSites(ctx.db, org.id, { spaceId: space, title, published, type, onlyIds }, { page, limit });
}

export function createSite(ctx: ServiceContext, organizationId: string, input: CreateSiteInput): SiteRow {
  return inTransaction(ctx.db, () => {
    const { org } = requireSiteAdmin(ctx, organizationId, 'create sites');
    const title = input.title ?? 'Untitled site';
    if (input.spaces === 'sample') {
      throw badRequest('spaces: Folio has no sample content; use "empty" for a new empty space, or a list of space ids');
    }
    const site = insertSite(ctx.db, {
      organizationId: org.id,
      type: input.type ?? 'basic',
      title,
      visibility: input.visibility ?? 'public',
      now: isoNow(ctx.clock),
    });
    const spaceIds =
      input.spaces === 'empty'
        ? [(createSpace(ctx, org.id, { title: title.slice(0, 50) }) as { space: { id: string } }).space.id]
        : (input.spaces ?? []);
    spaceIds.forEach((spaceId, index) => addSpaceRow(ctx, site, spaceId, `spaces.${index}`));
    recordAuditEvent(ctx, org.id, 'site.created', { type: 'site', id: site.id, label: title });
    return getSite(ctx.db, site.id)!;
  });
}

export function getSiteForCaller(ctx: ServiceContext, organizationId: string, siteId: string): SiteRow {
  return requireSite(ctx, organizationId, siteId).site;
}

export function updateSiteSettings(ctx: ServiceContext, organizationId: string, siteId: string, input: UpdateSiteInput): SiteRow {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'change its settings');
    if (input.defaultSiteSection !== undefined && !getSection(ctx.db, site.id, input.defaultSiteSection)) {
      throw badRequest(`defaultSiteSection: no section "${input.defaultSiteSection}" in this site`);
    }
    // With sections, the default site space is the default section's (the new one when both are given).
    const defaultSectionId = input.defaultSiteSection ?? defaultSiteSectionId(ctx.db, site);
    let rootDefault: string | undefined;
    if (input.defaultSiteSpace !== undefined) {
      const siteSpace = getSiteSpace(ctx.db, site.id, input.defaultSiteSpace);
      if (!siteSpace) throw badRequest(`defaultSiteSpace: no site space "${input.defaultSiteSpace}" in this site`);
      if (defaultSectionId === undefined) rootDefault = siteSpace.id;
      else if (siteSpace.section_id !== defaultSectionId) {
        throw badRequest(`defaultSiteSpace: site space "${siteSpace.id}" is not in the default section of this site`);
      } else updateSection(ctx.db, defaultSectionId, { default_site_space_id: siteSpace.id });
    }
    if (input.hostname) {
      const holder = siteWithHostname(ctx.db, input.hostname);
      if (holder && holder.id !== site.id) throw badRequest(`hostname: "${input.hostname}" is already the hostname of another site`);
    }
    updateSite(ctx.db, site.id, {
      hostname: input.hostname,
      title: input.title,
      visibility: input.visibility,
      basename: input.basename,
      adaptive_content: input.adaptiveContent === undefined ? undefined : input.adaptiveContent.enabled ? 1 : 0,
      agents_context: input.agentsContext,
      default_site_space_id: rootDefault,
      default_site_section_id: input.defaultSiteSection,
      proxy_origin: input.proxy,
      updated_at: isoNow(ctx.clock),
    });
    recordAuditEvent(ctx, site.organization_id, 'site.updated', { type: 'site', id: site.id, label: site.title }, { fields: changedFields(input) });
    return getSite(ctx.db, site.id)!;
  });
}

/** GitBook's publishSite: the site is served to visitors. */
export function publishSite(ctx: ServiceContext, organizationId: string, siteId: string): SiteRow {
  return setSitePublished(ctx, organizationId, siteId, true);
}

/** GitBook's unpublishSite: the site is no longer served; its settings and site spaces stay. */
export function unpublishSite(ctx: ServiceContext, organizationId: string, siteId: string): SiteRow {
  return setSitePublished(ctx, organizationId, siteId, false);
}

function setSitePublished(ctx: ServiceContext, organizationId: string, siteId: string, published: boolean): SiteRow {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, published ? 'publish it' : 'unpublish it');
    updateSite(ctx.db, site.id, { published: published ? 1 : 0, updated_at: isoNow(ctx.clock) });
    recordAuditEvent(ctx, site.organization_id, published ? 'site.published' : 'site.unpublished', { type: 'site', id: site.id, label: site.title });
    return getSite(ctx.db, site.id)!;
  });
}

/** Deletes the site and its site spaces; false when there was no such site (the API then answers 204). */
export function deleteSite(ctx: ServiceContext, organizationId: string, siteId: string): boolean {
  return inTransaction(ctx.db, () => {
    const { org, role } = requireMembership(ctx, organizationId);
    const existing = getSite(ctx.db, siteId);
    if (!existing || existing.organization_id !== org.id || !roleAtLeast(role, 'read')) return false;
    requireSite(ctx, organizationId, siteId, 'delete it');
    deleteSiteRows(ctx.db, existing.id);
    recordAuditEvent(ctx, org.id, 'site.deleted', { type: 'site', id: existing.id, label: existing.title });
    return true;
  });
}

