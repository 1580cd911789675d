import type { AddSiteSectionGroupInput, UpdateSiteSectionGroupInput } from '../../src-shared/schemas/site-sections';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, notFound } from '../errors';
import { inTransaction } from '../store/database';
import type { PageRequest } from '../store/keyset';
import { deleteGroupRow, getGroup, insertGroup, listGroups, type SiteSectionGroupRow, updateGroup } from '../store/site-sections';
import { getSite, type SiteRow, updateSite } from '../store/sites';
import { requireSite } from './access';
import { persistStructure, readSiteStructure, type SectionNode, type SiteStructureModel, type TopItem } from './structure';
import { ungroupExternalLinks } from '../store/site-external-links';

type SectionsModel = Extract<SiteStructureModel, { type: 'sections' }>;
type GroupItem = Extract<TopItem, { kind: 'group' }>;

function requireGroup(ctx: ServiceContext, site: SiteRow, groupId: string): SiteSectionGroupRow {
  const group = getGroup(ctx.db, site.id, groupId);
  if (!group) throw notFound(`Site section group "${groupId}" not found`);
  return group;
}

/** The site's structure, which must have sections (groups hold sections; a site without any has none). */
function sectionsModel(ctx: ServiceContext, site: SiteRow, field: string): SectionsModel {
  const model = readSiteStructure(ctx.db, site);
  if (model.type !== 'sections') throw badRequest(`${field}: this site has no sections yet; add a section before grouping sections`);
  return model;
}

/** Takes a section out of wherever it is (top level or a group); undefined when the site has no such section. */
function takeSection(model: SectionsModel, sectionId: string): SectionNode | undefined {
  for (const [i, item] of model.items.entries()) {
    if (item.kind === 'section' && item.section.id === sectionId) {
      model.items.splice(i, 1);
      return { section: item.section, siteSpaces: item.siteSpaces };
    }
    if (item.kind === 'group') {
      const j = item.sections.findIndex((n) => n.section.id === sectionId);
      if (j >= 0) return item.sections.splice(j, 1)[0];
    }
  }
  return undefined;
}

const groupItem = (model: SectionsModel, groupId: string) => model.items.find((i): i is GroupItem => i.kind === 'group' && i.group.id === groupId);

export function groupWithSections(ctx: ServiceContext, site: SiteRow, groupId: string) {
  const model = readSiteStructure(ctx.db, site);
  const sections = model.type === 'sections' ? (groupItem(model, groupId)?.sections ?? []) : [];
  return { group: getGroup(ctx.db, site.id, groupId)!, sections };
}

export function listGroupsForCaller(ctx: ServiceContext, organizationId: string, siteId: string, page: PageRequest) {
  const { site } = requireSite(ctx, organizationId, siteId);
  return { site, page: listGroups(ctx.db, site.id, page) };
}

/** A new group at the place of the first section it takes (else at the end), holding `sections` in that order. */
export function addGroup(ctx: ServiceContext, organizationId: string, siteId: string, input: AddSiteSectionGroupInput) {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'add section groups to it');
    const model = sectionsModel(ctx, site, 'sections');
    const ids = input.sections ?? [];
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i) throw badRequest(`sections.${i}: section "${id}" is listed twice`);
    });
    const firstId = ids[0];
    let at = model.items.length;
    if (firstId !== undefined) {
      const index = model.items.findIndex((item) => item.kind === 'section' && item.section.id === firstId);
      const inGroup = model.items.findIndex((item) => item.kind === 'group' && item.sections.some((n) => n.section.id === firstId));
      at = index >= 0 ? index : inGroup >= 0 ? inGroup + 1 : at;
    }
    const group = insertGroup(ctx.db, { organizationId: site.organization_id, siteId: site.id, title: input.title, icon: input.icon ?? null, position: 0, now: isoNow(ctx.clock) });
    // Placed first, so that taking its sections out of the top level leaves it where the first one was.
    const item: GroupItem = { kind: 'group', group, sections: [] };
    model.items.splice(at, 0, item);
    ids.forEach((id, i) => {
      const node = takeSection(model, id);
      if (!node) throw badRequest(`sections.${i}: no section "${id}" in this site`);
      item.sections.push(node);
    });
    persistStructure(ctx.db, model);
    updateSite(ctx.db, site.id, { updated_at: isoNow(ctx.clock) });
    return { site: getSite(ctx.db, site.id)!, ...groupWithSections(ctx, site, group.id) };
  });
}

export function updateGroupSettings(ctx: ServiceContext, organizationId: string, siteId: string, groupId: string, input: UpdateSiteSectionGroupInput) {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'change its section groups');
    const group = requireGroup(ctx, site, groupId);
    updateGroup(ctx.db, group.id, { title: input.title, icon: input.icon });
    updateSite(ctx.db, site.id, { updated_at: isoNow(ctx.clock) });
    return { site: getSite(ctx.db, site.id)!, ...groupWithSections(ctx, site, group.id) };
  });
}

/** Deletes the group, its sections going back to the top level where it was; false when there was no such group. */
export function deleteGroup(ctx: ServiceContext, organizationId: string, siteId: string, groupId: string): boolean {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'delete its section groups');
    const group = getGroup(ctx.db, site.id, groupId);
    if (!group) return false;
    const model = readSiteStructure(ctx.db, site);
    if (model.type === 'sections') {
      const index = model.items.findIndex((i) => i.kind === 'group' && i.group.id === group.id);
      const item = model.items[index] as GroupItem;
      model.items.splice(index, 1, ...item.sections.map((n) => ({ kind: 'section' as const, ...n })));
      persistStructure(ctx.db, model);
    }
    deleteGroupRow(ctx.db, group.id);
    // Its external links go to the top level too, as its sections do.
    ungroupExternalLinks(ctx.db, group.id, isoNow(ctx.clock));
    updateSite(ctx.db, site.id, { updated_at: isoNow(ctx.clock) });
    return true;
  });
}

/** Adds a section at the end of the group (leaving the top level or another group). */
export function addSectionToGroup(ctx: ServiceContext, organizationId: string, siteId: string, groupId: string, sectionId: string) {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'change its section groups');
    const group = requireGroup(ctx, site, groupId);
    const model = sectionsModel(ctx, site, 'sectionId');
    const node = takeSection(model, sectionId);
    if (!node) throw badRequest(`sectionId: no section "${sectionId}" in this site`);
    groupItem(model, group.id)!.sections.push(node);
    persistStructure(ctx.db, model);
    updateSite(ctx.db, site.id, { updated_at: isoNow(ctx.clock) });
    return { site: getSite(ctx.db, site.id)!, ...groupWithSections(ctx, site, group.id) };
  });
}

/** Takes the section out of the group to the top level, just after the group; false when it was not in it. */
export function removeSectionFromGroup(ctx: ServiceContext, organizationId: string, siteId: string, groupId: string, sectionId: string): boolean {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'change its section groups');
    const group = getGroup(ctx.db, site.id, groupId);
    const model = readSiteStructure(ctx.db, site);
    if (!group || model.type !== 'sections') return false;
    const item = groupItem(model, group.id)!;
    const index = item.sections.findIndex((n) => n.section.id === sectionId);
    if (index < 0) return false;
    const [node] = item.sections.splice(index, 1);
    model.items.splice(model.items.indexOf(item) + 1, 0, { kind: 'section', ...node! });
    persistStructure(ctx.db, model);
    updateSite(ctx.db, site.id, { updated_at: isoNow(ctx.clock) });
    return true;
  });
}
