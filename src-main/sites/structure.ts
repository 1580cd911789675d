import type { CallContext } from '../app/context';
import type { Db } from '../store/database';
import { allGroups, allSections, type SiteSectionGroupRow, type SiteSectionRow, updateGroup, updateSection } from '../store/site-sections';
import { allSiteSpaces, type SiteRow, type SiteSpaceRow, updateSiteSpace } from '../store/sites';
import { presentSection, presentSectionGroup } from './structure-presenter';
import { presentSiteSpace } from './presenter';

/**
 * A site's structure: either site spaces at its root (a site without sections), or sections and section
 * groups at its top level, each section holding its site spaces (variants) and each group its sections.
 * Never both: adding the first section turns the root site spaces into a section of their own.
 */
export interface SectionNode {
  section: SiteSectionRow;
  siteSpaces: SiteSpaceRow[];
}
export type SiteStructureModel =
  | { type: 'siteSpaces'; siteSpaces: SiteSpaceRow[] }
  | { type: 'sections'; items: Array<({ kind: 'section' } & SectionNode) | { kind: 'group'; group: SiteSectionGroupRow; sections: SectionNode[] }> };
export type TopItem = Extract<SiteStructureModel, { type: 'sections' }>['items'][number];

/** The whole structure of a site in display order (no filtering by visitor). */
export function readSiteStructure(db: Db, site: SiteRow): SiteStructureModel {
  const sections = allSections(db, site.id);
  const spaces = allSiteSpaces(db, site.id);
  if (!sections.length) return { type: 'siteSpaces', siteSpaces: spaces };
  const node = (section: SiteSectionRow): SectionNode => ({ section, siteSpaces: spaces.filter((s) => s.section_id === section.id) });
  const groups = allGroups(db, site.id);
  const groupIds = new Set(groups.map((g) => g.id));
  // Ungrouped sections and groups share one order; a section naming a group that is gone (rows synced out
  // of order) shows at the top level rather than vanishing.
  const top: Array<{ position: number; item: TopItem }> = [
    ...sections
      .filter((s) => s.section_group_id === null || !groupIds.has(s.section_group_id))
      .map((s) => ({ position: s.position, item: { kind: 'section' as const, ...node(s) } })),
    ...groups.map((g) => ({
      position: g.position,
      item: { kind: 'group' as const, group: g, sections: sections.filter((s) => s.section_group_id === g.id).map(node) },
    })),
  ];
  // Stable sort: ties keep sections (by age) before groups (by age).
  top.sort((a, b) => a.position - b.position);
  return { type: 'sections', items: top.map((t) => t.item) };
}

/** The API's SiteStructure object ({type, structure}) for a (possibly filtered) model. */
export function presentSiteStructure(model: SiteStructureModel, site: SiteRow, ctx: CallContext): unknown {
  if (model.type === 'siteSpaces') {
    return { type: 'siteSpaces', structure: model.siteSpaces.map((row) => presentSiteSpace(row, site, ctx)) };
  }
  return {
    type: 'sections',
    structure: model.items.map((item) =>
      item.kind === 'section' ? presentSection(item, site, ctx) : presentSectionGroup(item.group, item.sections, site, ctx),
    ),
  };
}

/** Every section node of a sections model, in display order (groups' sections in place). */
export function sectionNodes(model: SiteStructureModel): SectionNode[] {
  if (model.type === 'siteSpaces') return [];
  return model.items.flatMap((item) => (item.kind === 'section' ? [item] : item.sections));
}

/**
 * Writes the model's order back: positions 1..n in every list, each section's group and each site space's
 * section. Only rows whose values differ are updated, so sync carries only real changes.
 */
export function persistStructure(db: Db, model: SiteStructureModel): void {
  const placeSpaces = (spaces: SiteSpaceRow[], sectionId: string | null) =>
    spaces.forEach((row, i) => {
      if (row.section_id !== sectionId || row.position !== i + 1) updateSiteSpace(db, row.id, { section_id: sectionId, position: i + 1 });
    });
  const placeSection = (node: SectionNode, groupId: string | null, position: number) => {
    if (node.section.section_group_id !== groupId || node.section.position !== position) {
      updateSection(db, node.section.id, { section_group_id: groupId, position });
    }
    placeSpaces(node.siteSpaces, node.section.id);
  };
  if (model.type === 'siteSpaces') return placeSpaces(model.siteSpaces, null);
  model.items.forEach((item, i) => {
    if (item.kind === 'section') return placeSection(item, null, i + 1);
    if (item.group.position !== i + 1) updateGroup(db, item.group.id, { position: i + 1 });
    item.sections.forEach((node, j) => placeSection(node, item.group.id, j + 1));
  });
}
