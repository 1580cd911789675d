import type { SiteExternalLinkRow } from '../store/site-external-links';

/** GitBook's SiteExternalLink. */
export function presentSiteExternalLink(row: SiteExternalLinkRow) {
  return {
    object: 'site-external-link' as const,
    id: row.id,
    title: row.title,
    ...(row.description !== null ? { description: row.description } : {}),
    ...(row.icon !== null ? { icon: row.icon } : {}),
    url: row.url,
    ...(row.section_group_id !== null ? { sectionGroup: row.section_group_id } : {}),
    draft: row.draft === 1,
    ...(row.condition !== null ? { condition: row.condition } : {}),
  };
}
