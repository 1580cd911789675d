import type { AddSiteSpaceInput, UpdateSiteSpaceInput } from '../../src-shared/schemas/sites';
import { roleAtLeast } from '../../src-shared/roles';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, notFound } from '../errors';
import { spaceRole } from '../spaces/access';
import { inTransaction } from '../store/database';
import type { PageRequest } from '../store/keyset';
import {
  defaultSiteSpaceId,
  deleteSiteSpaceRow,
  getSite,
  getSiteSpace,
  insertSiteSpace,
  listSiteSpaces,
  pathTaken,
  type SiteRow,
  type SiteSpaceRow,
  updateSite,
  updateSiteSpace,
} from '../store/sites';
import { getSpace, type SpaceRow } from '../store/spaces';
import { requireSite } from './access';

/** A live space of the site's organization the caller can read, else a 400 naming `field`. */
function requireSpaceFor(ctx: ServiceContext, site: SiteRow, spaceId: string, field: string): SpaceRow {
  const space = getSpace(ctx.db, spaceId);
  if (!space || space.organization_id !== site.organization_id || space.deleted_at || !roleAtLeast(spaceRole(ctx, space), 'read')) {
    throw badRequest(`${field}: no space "${spaceId}" in this organization`);
  }
  return space;
}

/** A path from the space's title (`getting-started`), made unique in the site with a number. */
function freePath(ctx: ServiceContext, siteId: string, title: string): string {
  const base =
    title
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 90) || 'space';
  let path = base;
  for (let n = 2; pathTaken(ctx.db, siteId, path); n += 1) path = `${base}-${n}`;
  return path;
}

/** Adds the space to the site (the caller has already been authorized); the site's first space is its default. */
export function addSpaceRow(ctx: ServiceContext, site: SiteRow, spaceId: string, field: string): SiteSpaceRow {
  const space = requireSpaceFor(ctx, site, spaceId, field);
  const row = insertSiteSpace(ctx.db, {
    organizationId: site.organization_id,
    siteId: site.id,
    spaceId: space.id,
    path: freePath(ctx, site.id, space.title),
    now: isoNow(ctx.clock),
  });
  const current = getSite(ctx.db, site.id)!;
  if (!current.default_site_space_id || !getSiteSpace(ctx.db, site.id, current.default_site_space_id)) {
    updateSite(ctx.db, site.id, { default_site_space_id: defaultSiteSpaceId(ctx.db, { ...current, default_site_space_id: null }) ?? null, updated_at: isoNow(ctx.clock) });
  }
  return row;
}

export function addSiteSpace(ctx: ServiceContext, organizationId: string, siteId: string, input: AddSiteSpaceInput) {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'add spaces to it');
    if (input.sectionId !== undefined) {
      throw badRequest(`sectionId: no section "${input.sectionId}" in this site (sites have no sections yet)`);
    }
    const row = addSpaceRow(ctx, site, input.spaceId, 'spaceId');
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
    if (input.path !== undefined && pathTaken(ctx.db, site.id, input.path, row.id)) {
      throw badRequest(`path: "${input.path}" is already the path of another space of this site`);
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
    if (site.default_site_space_id === row.id) {
      updateSite(ctx.db, site.id, { default_site_space_id: defaultSiteSpaceId(ctx.db, { ...site, default_site_space_id: null }) ?? null, updated_at: isoNow(ctx.clock) });
    }
    return true;
  });
}
