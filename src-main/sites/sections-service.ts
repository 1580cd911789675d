import type { AddSiteSectionInput, UpdateSiteSectionInput } from '../../src-shared/schemas/site-sections';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, notFound } from '../errors';
import { inTransaction } from '../store/database';
import type { PageRequest } from '../store/keyset';
import {
  countSections,
  deleteGroupRow,
  deleteSectionRows,
  allGroups,
  getSection,
  insertSection,
  listSections,
  sectionPathTaken,
  type SiteSectionRow,
  updateSection,
} from '../store/site-sections';
import { getSite, getSiteSpace, type SiteRow, siteSpacesIn, updateSite } from '../store/sites';
import { getSpace } from '../store/spaces';
import { requireSite } from './access';
import { addSpaceRow, requireSpaceFor, slugify } from './site-spaces-service';
import { persistStructure, readSiteStructure, sectionNodes, type SectionNode } from './structure';

/** A section title within 2..128 characters made from a space's title (padded or cut to fit). */
function sectionTitleFrom(title: string): string {
  const trimmed = title.trim().slice(0, 128);
  if (trimmed.length >= 2) return trimmed;
  return trimmed ? `${trimmed} section` : 'Untitled';
}

/** A section path from its title, unique among the site's sections. */
function freeSectionPath(ctx: ServiceContext, siteId: string, title: string): string {
  const base = slugify(title, 'section');
  let path = base;
  for (let n = 2; sectionPathTaken(ctx.db, siteId, path); n += 1) path = `${base}-${n}`;
  return path;
}

export function sectionNode(ctx: ServiceContext, section: SiteSectionRow): SectionNode {
  return { section, siteSpaces: siteSpacesIn(ctx.db, section.site_id, section.id) };
}

function requireSection(ctx: ServiceContext, site: SiteRow, sectionId: string): SiteSectionRow {
  const section = getSection(ctx.db, site.id, sectionId);
  if (!section) throw notFound(`Site section "${sectionId}" not found`);
  return section;
}

/**
 * The first section of a site that has root site spaces takes them all (same order, paths and default), titled
 * after the site's default space, and becomes the default section: a structure is never half of each kind.
 */
function sectionFromRootSpaces(ctx: ServiceContext, site: SiteRow): void {
  const model = readSiteStructure(ctx.db, site);
  if (model.type !== 'siteSpaces' || !model.siteSpaces.length) return;
  const defaultRow = model.siteSpaces.find((s) => s.id === site.default_site_space_id) ?? model.siteSpaces[0]!;
  const title = sectionTitleFrom(getSpace(ctx.db, defaultRow.space_id)?.title ?? '');
  const section = insertSection(ctx.db, {
    organizationId: site.organization_id,
    siteId: site.id,
    title,
    path: freeSectionPath(ctx, site.id, title),
    icon: null,
    position: 1,
    now: isoNow(ctx.clock),
  });
  updateSection(ctx.db, section.id, { default_site_space_id: defaultRow.id });
  persistStructure(ctx.db, { type: 'sections', items: [{ kind: 'section', section, siteSpaces: model.siteSpaces }] });
  updateSite(ctx.db, site.id, { default_site_section_id: section.id, updated_at: isoNow(ctx.clock) });
}

export function addSection(ctx: ServiceContext, organizationId: string, siteId: string, input: AddSiteSectionInput) {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'add sections to it');
    const space = requireSpaceFor(ctx, site, input.spaceId, 'spaceId');
    sectionFromRootSpaces(ctx, site);
    const title = input.title ?? sectionTitleFrom(space.title);
    const model = readSiteStructure(ctx.db, site);
    const section = insertSection(ctx.db, {
      organizationId: site.organization_id,
      siteId: site.id,
      title,
      path: freeSectionPath(ctx, site.id, title),
      icon: input.icon ?? null,
      position: model.type === 'sections' ? model.items.length + 1 : 1,
      now: isoNow(ctx.clock),
    });
    addSpaceRow(ctx, site, space.id, 'spaceId', section.id);
    const current = getSite(ctx.db, site.id)!;
    const hasDefault = current.default_site_section_id !== null && getSection(ctx.db, site.id, current.default_site_section_id);
    updateSite(ctx.db, site.id, { default_site_section_id: hasDefault ? undefined : section.id, updated_at: isoNow(ctx.clock) });
    return { site: getSite(ctx.db, site.id)!, node: sectionNode(ctx, getSection(ctx.db, site.id, section.id)!) };
  });
}

export function listSectionsForCaller(ctx: ServiceContext, organizationId: string, siteId: string, page: PageRequest) {
  const { site } = requireSite(ctx, organizationId, siteId);
  return { site, page: listSections(ctx.db, site.id, page) };
}

export function updateSectionSettings(ctx: ServiceContext, organizationId: string, siteId: string, sectionId: string, input: UpdateSiteSectionInput) {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'change its sections');
    const section = requireSection(ctx, site, sectionId);
    if (input.path !== undefined && sectionPathTaken(ctx.db, site.id, input.path, section.id)) {
      throw badRequest(`path: "${input.path}" is already the path of another section of this site`);
    }
    if (input.defaultSiteSpace !== undefined && getSiteSpace(ctx.db, site.id, input.defaultSiteSpace)?.section_id !== section.id) {
      throw badRequest(`defaultSiteSpace: no site space "${input.defaultSiteSpace}" in this section`);
    }
    updateSection(ctx.db, section.id, {
      title: input.title,
      path: input.path,
      default_site_space_id: input.defaultSiteSpace,
      condition: input.condition,
      icon: input.icon,
      description: input.description,
    });
    updateSite(ctx.db, site.id, { updated_at: isoNow(ctx.clock) });
    return { site: getSite(ctx.db, site.id)!, node: sectionNode(ctx, getSection(ctx.db, site.id, section.id)!) };
  });
}

/**
 * Deletes the section and its site spaces; false when there was no such section (the API then answers 204).
 * A deleted default section hands the default to the first section left; with none left, the site's (now
 * empty) groups go too, since a site without sections has site spaces at its root.
 */
export function deleteSection(ctx: ServiceContext, organizationId: string, siteId: string, sectionId: string): boolean {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'delete its sections');
    const section = getSection(ctx.db, site.id, sectionId);
    if (!section) return false;
    deleteSectionRows(ctx.db, section.id);
    const model = readSiteStructure(ctx.db, site);
    persistStructure(ctx.db, model);
    if (!countSections(ctx.db, site.id)) for (const group of allGroups(ctx.db, site.id)) deleteGroupRow(ctx.db, group.id);
    const wasDefault = site.default_site_section_id === section.id || site.default_site_section_id === null;
    updateSite(ctx.db, site.id, {
      default_site_section_id: wasDefault ? (sectionNodes(model)[0]?.section.id ?? null) : undefined,
      updated_at: isoNow(ctx.clock),
    });
    return true;
  });
}
