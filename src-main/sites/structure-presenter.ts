import type { CallContext } from '../app/context';
import type { SiteSectionGroupRow, SiteSectionRow } from '../store/site-sections';
import { defaultSiteSectionId, type SiteRow, type SiteSpaceRow } from '../store/sites';
import { presentSiteSpace, publishedSiteUrl } from './presenter';

/** A section and its site spaces (variants) as the API's SiteSection. */
export function presentSection(node: { section: SiteSectionRow; siteSpaces: SiteSpaceRow[] }, site: SiteRow, ctx: CallContext) {
  const { section } = node;
  return {
    object: 'site-section' as const,
    id: section.id,
    title: section.title,
    ...(section.description !== null ? { description: section.description } : {}),
    default: defaultSiteSectionId(ctx.db, site) === section.id,
    path: section.path,
    draft: false,
    ...(section.condition !== null ? { condition: section.condition } : {}),
    ...(section.section_group_id !== null ? { sectionGroup: section.section_group_id } : {}),
    siteSpaces: node.siteSpaces.map((row) => presentSiteSpace(row, site, ctx)),
    urls: site.published === 1 ? { published: `${publishedSiteUrl(site, ctx)}${section.path}/` } : {},
    ...(section.icon !== null ? { icon: section.icon } : {}),
  };
}

/** A group and its sections, in order, as the API's SiteSectionGroup. */
export function presentSectionGroup(
  group: SiteSectionGroupRow,
  sections: Array<{ section: SiteSectionRow; siteSpaces: SiteSpaceRow[] }>,
  site: SiteRow,
  ctx: CallContext,
) {
  const presented = sections.map((node) => presentSection(node, site, ctx));
  return {
    object: 'site-section-group' as const,
    id: group.id,
    title: group.title,
    draft: false,
    sections: presented,
    // 0.202's list of everything nested (sections, groups, links): Folio's groups hold sections only.
    children: presented,
    ...(group.icon !== null ? { icon: group.icon } : {}),
  };
}
