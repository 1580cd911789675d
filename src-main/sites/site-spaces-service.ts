import type { AddSiteSpaceInput, UpdateSiteSpaceInput } from '../../src-shared/schemas/sites';
import { roleAtLeast } from '../../src-shared/roles';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, notFound } from '../errors';
import { spaceRole } from '../spaces/access';
import { inTransaction } from '../store/database';
import type { PageRequest } from '../store/keyset';
import { getSection, updateSection } from '../store/site-sections';
import {
  defaultSiteSectionId,
  defaultSiteSpaceId,
  defaultSiteSpaceIn,
  deleteSiteSpaceRow,
  getSite,
  getSiteSpace,
  insertSiteSpace,
  listSiteSpaces,
  nextSiteSpacePosition,
  pathTaken,
  type SiteRow,
  type SiteSpaceRow,
  updateSite,
  updateSiteSpace,
} from '../store/sites';
import { getSpace, type SpaceRow } from '../store/spaces';
import { requireSite } from './access';

/** A live space of the site's organization the caller can read, else a 400 naming `field`. */
export function requireSpaceFor(ctx: ServiceContext, site: SiteRow, spaceId: string, field: string): SpaceRow {
  const space = getSpace(ctx.db, spaceId);
  if (!space || space.organization_id !== site.organization_id || space.deleted_at || !roleAtLeast(spaceRole(ctx, space), 'read')) {
    throw badRequest(`${field}: no space "${spaceId}" in this organization`);
  }
  return space;
}

/** A path segment from a title (`Getting Started` → `getting-started`); `fallback` when nothing is left. */
export function slugify(title: string, fallback: string): string {
  return (
    title
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 90) || fallback
  );
}

/** `base`, or `base-2`, `base-3`...: the first path no other site space of the section (or the root) has. */
export function freeSiteSpacePath(ctx: ServiceContext, siteId: string, sectionId: string | null, base: string, exceptId?: string): string {
  let path = base;
  for (let n = 2; pathTaken(ctx.db, siteId, sectionId, path, exceptId); n += 1) path = `${base.slice(0, 90)}-${n}`;
  return path;
}

/**
 * Adds the space to the site (the caller has already been authorized): at the end of `sectionId`'s variants,
 * or at the root of a site without sections. The root's first space becomes the site's default.
 */
export function addSpaceRow(ctx: ServiceContext, site: SiteRow, spaceId: string, field: string, sectionId: string | null = null): SiteSpaceRow {
  const space = requireSpaceFor(ctx, site, spaceId, field);
  const row = insertSiteSpace(ctx.db, {
    organizationId: site.organization_id,
    siteId: site.id,
    spaceId: space.id,
    path: freeSiteSpacePath(ctx, site.id, sectionId, slugify(space.title, 'space')),
    sectionId,
    position: nextSiteSpacePosition(ctx.db, site.id, sectionId),
    now: isoNow(ctx.clock),
  });
  const current = getSite(ctx.db, site.id)!;
  if (sectionId === null && (!current.default_site_space_id || !getSiteSpace(ctx.db, site.id, current.default_site_space_id))) {
    updateSite(ctx.db, site.id, { default_site_space_id: defaultSiteSpaceIn(ctx.db, site.id, null, null) ?? null, updated_at: isoNow(ctx.clock) });
  }
  return row;
}

/** With sections, a space added without `sectionId` becomes a variant of the default section. */
export function addSiteSpace(ctx: ServiceContext, organizationId: string, siteId: string, input: AddSiteSpaceInput) {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'add spaces to it');
    let sectionId: string | null = null;
    if (input.sectionId !== undefined) {
      const section = getSection(ctx.db, site.id, input.sectionId);
      if (!section) throw badRequest(`sectionId: no section "${input.sectionId}" in this site`);
      sectionId = section.id;
    } else {
      sectionId = defaultSiteSectionId(ctx.db, site) ?? null;
    }
    const row = addSpaceRow(ctx, site, input.spaceId, 'spaceId', sectionId);
    updateSite(ctx.db, site.id, { updated_at: isoNow(ctx.clock) });
    return { site: getSite(ctx.db, site.id)!, siteSpace: row };
  });
}

export function listSiteSpacesForCaller(
  ctx: ServiceContext,
  organizationId: string,
  siteId: string,
  options: { isDefault?: boolean },
  page: PageRequest,
) {
  const { site } = requireSite(ctx, organizationId, siteId);
  return { site, page: listSiteSpaces(ctx.db, site.id, { defaultId: defaultSiteSpaceId(ctx.db, site), isDefault: options.isDefault }, page) };
}

export function updateSiteSpaceSettings(ctx: ServiceContext, organizationId: string, siteId: string, siteSpaceId: string, input: UpdateSiteSpaceInput) {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'change its spaces');
    const row = getSiteSpace(ctx.db, site.id, siteSpaceId);
    if (!row) throw notFound(`Site space "${siteSpaceId}" not found`);
    if (input.path !== undefined && pathTaken(ctx.db, site.id, row.section_id, input.path, row.id)) {
      throw badRequest(`path: "${input.path}" is already the path of another space of this ${row.section_id ? 'section' : 'site'}`);
    }
    const spaceId = input.spaceId === undefined ? undefined : requireSpaceFor(ctx, site, input.spaceId, 'spaceId').id;
    updateSiteSpace(ctx.db, row.id, { path: input.path, condition: input.condition, space_id: spaceId });
    updateSite(ctx.db, site.id, { updated_at: isoNow(ctx.clock) });
    return { site: getSite(ctx.db, site.id)!, siteSpace: getSiteSpace(ctx.db, site.id, row.id)! };
  });
}

/** Removes the space from the site; false when there was no such site space (the API then answers 204). */
export function removeSiteSpace(ctx: ServiceContext, organizationId: string, siteId: string, siteSpaceId: string): boolean {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'remove spaces from it');
    const row = getSiteSpace(ctx.db, site.id, siteSpaceId);
    if (!row) return false;
    deleteSiteSpaceRow(ctx.db, row.id);
    // The default moves on to the next variant (or root space): clear the name so the first one is taken.
    const section = row.section_id !== null ? getSection(ctx.db, site.id, row.section_id) : undefined;
    if (section?.default_site_space_id === row.id) updateSection(ctx.db, section.id, { default_site_space_id: null });
    if (site.default_site_space_id === row.id) {
      updateSite(ctx.db, site.id, { default_site_space_id: defaultSiteSpaceIn(ctx.db, site.id, null, null) ?? null, updated_at: isoNow(ctx.clock) });
    }
    return true;
  });
}
