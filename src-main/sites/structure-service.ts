import type { SiteStructureItemPointer } from '../../src-shared/schemas/site-sections';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, notFound } from '../errors';
import { inTransaction } from '../store/database';
import { getGroup, getSection, updateSection } from '../store/site-sections';
import { getSite, getSiteSpace, type SiteRow, type SiteSpaceRow, updateSite, updateSiteSpace } from '../store/sites';
import { requireSite } from './access';
import { freeSiteSpacePath } from './site-spaces-service';
import { persistStructure, readSiteStructure, type SectionNode, type SiteStructureModel, type TopItem } from './structure';

export interface MovePosition {
  before?: SiteStructureItemPointer;
  after?: SiteStructureItemPointer;
}

export function getStructureForCaller(ctx: ServiceContext, organizationId: string, siteId: string) {
  const { site } = requireSite(ctx, organizationId, siteId);
  return { site, model: readSiteStructure(ctx.db, site) };
}

/** The one pointer of a position, with the field a 400 names; both or neither is a 400 on `position`. */
function targetOf(position: MovePosition): { pointer: SiteStructureItemPointer; field: string; after: boolean } {
  if (position.before && position.after) throw badRequest('position: give either "before" or "after", not both');
  if (position.before) return { pointer: position.before, field: 'position.before', after: false };
  if (position.after) return { pointer: position.after, field: 'position.after', after: true };
  throw badRequest('position: give "before" or "after"');
}

type Lists = { model: SiteStructureModel; spaceLists: Array<{ sectionId: string | null; list: SiteSpaceRow[] }>; sectionLists: Array<{ groupId: string | null; list: SectionNode[] | TopItem[] }> };

function listsOf(model: SiteStructureModel): Lists {
  if (model.type === 'siteSpaces') return { model, spaceLists: [{ sectionId: null, list: model.siteSpaces }], sectionLists: [] };
  const nodes = model.items.flatMap((item) => (item.kind === 'section' ? [item] : item.sections));
  return {
    model,
    spaceLists: nodes.map((n) => ({ sectionId: n.section.id, list: n.siteSpaces })),
    sectionLists: [{ groupId: null, list: model.items }, ...model.items.flatMap((i) => (i.kind === 'group' ? [{ groupId: i.group.id, list: i.sections }] : []))],
  };
}

const idOfTop = (item: TopItem | SectionNode) => ('kind' in item && item.kind === 'group' ? item.group.id : (item as SectionNode).section.id);
const kindOfTop = (item: TopItem | SectionNode) => ('kind' in item && item.kind === 'group' ? 'site-section-group' : 'site-section');

/** Where a pointer is in the model: its list and index, or undefined. */
function locate(lists: Lists, pointer: SiteStructureItemPointer): { list: unknown[]; index: number; sectionId?: string | null; groupId?: string | null } | undefined {
  if (pointer.type === 'site-space') {
    for (const { sectionId, list } of lists.spaceLists) {
      const index = list.findIndex((s) => s.id === pointer.id);
      if (index >= 0) return { list, index, sectionId };
    }
    return undefined;
  }
  for (const { groupId, list } of lists.sectionLists) {
    const index = (list as Array<TopItem | SectionNode>).findIndex((i) => kindOfTop(i) === pointer.type && idOfTop(i) === pointer.id);
    if (index >= 0) return { list, index, groupId };
  }
  return undefined;
}

/**
 * Moves one item of the structure before or after another and writes the new order. A site space placed next
 * to a site space of another section becomes a variant of that section (its path made unique there); a
 * section placed next to a section inside a group joins the group; a group goes only next to top-level items.
 */
function moveStructureItem(ctx: ServiceContext, site: SiteRow, item: SiteStructureItemPointer, position: MovePosition): SiteStructureModel {
  const { pointer, field, after } = targetOf(position);
  const lists = listsOf(readSiteStructure(ctx.db, site));
  const from = locate(lists, item);
  if (!from) throw notFound(`${item.type === 'site-space' ? 'Site space' : item.type === 'site-section' ? 'Site section' : 'Site section group'} "${item.id}" not found`);
  if (item.type === 'site-space' && pointer.type !== 'site-space') {
    throw badRequest(`${field}: a site space can only be placed before or after another site space`);
  }
  if (item.type !== 'site-space' && pointer.type === 'site-space') {
    throw badRequest(`${field}: a ${item.type} can only be placed before or after a section or a section group`);
  }
  const to = locate(lists, pointer);
  if (!to) throw badRequest(`${field}: no ${pointer.type} "${pointer.id}" in this site`);
  if (item.type === 'site-section-group' && to.groupId !== null) {
    throw badRequest(`${field}: section "${pointer.id}" is inside a group, and groups cannot be nested`);
  }
  if (pointer.id === item.id && pointer.type === item.type) return lists.model;

  const target = to.list[to.index];
  const [moved] = from.list.splice(from.index, 1);
  to.list.splice(to.list.indexOf(target) + (after ? 1 : 0), 0, moved);
  if (item.type === 'site-section' && to.groupId === null && from.groupId !== null) {
    // A grouped section brought to the top level becomes a top-level item of its own.
    to.list.splice(to.list.indexOf(moved), 1, { kind: 'section', ...(moved as SectionNode) });
  }
  if (item.type === 'site-section' && to.groupId !== null && from.groupId === null) {
    const { kind: _kind, ...node } = moved as TopItem & { kind: 'section' };
    to.list.splice(to.list.indexOf(moved), 1, node as SectionNode);
  }
  if (item.type === 'site-space' && from.sectionId !== to.sectionId) changeSection(ctx, site, moved as SiteSpaceRow, from.sectionId ?? null, to.sectionId ?? null);
  persistStructure(ctx.db, lists.model);
  updateSite(ctx.db, site.id, { updated_at: isoNow(ctx.clock) });
  return readSiteStructure(ctx.db, site);
}

/** A site space leaving one section for another: no longer its old section's default; a free path in the new one. */
function changeSection(ctx: ServiceContext, site: SiteRow, row: SiteSpaceRow, fromId: string | null, toId: string | null): void {
  const old = fromId !== null ? getSection(ctx.db, site.id, fromId) : undefined;
  if (old?.default_site_space_id === row.id) updateSection(ctx.db, old.id, { default_site_space_id: null });
  const path = freeSiteSpacePath(ctx, site.id, toId, row.path, row.id);
  if (path !== row.path) updateSiteSpace(ctx.db, row.id, { path });
}

/** The sort operation and the deprecated moves, all one move; the caller must be an admin. */
export function sortStructure(ctx: ServiceContext, organizationId: string, siteId: string, item: SiteStructureItemPointer, position: MovePosition) {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'change its structure');
    const model = moveStructureItem(ctx, site, item, position);
    return { site: getSite(ctx.db, site.id)!, model };
  });
}

/** The moved item's current row, for the answer. */
export function movedItem(ctx: ServiceContext, site: SiteRow, model: SiteStructureModel, item: SiteStructureItemPointer) {
  if (item.type === 'site-space') return { type: item.type, row: getSiteSpace(ctx.db, site.id, item.id)! } as const;
  const found = locate(listsOf(model), item)!;
  const entry = found.list[found.index] as TopItem | SectionNode;
  if (item.type === 'site-section') return { type: item.type, node: { section: getSection(ctx.db, site.id, item.id)!, siteSpaces: (entry as SectionNode).siteSpaces } } as const;
  const group = entry as Extract<TopItem, { kind: 'group' }>;
  return { type: item.type, group: getGroup(ctx.db, site.id, item.id)!, sections: group.sections } as const;
}
