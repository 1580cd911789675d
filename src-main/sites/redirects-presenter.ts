import type { SiteRedirectRow } from '../store/site-redirects';

/** GitBook's SiteRedirect; `updatedAt` only once it changed after its creation. */
export function presentSiteRedirect(row: SiteRedirectRow) {
  return {
    object: 'site-redirect' as const,
    id: row.id,
    source: row.source,
    draft: row.draft === 1,
    captureWildcard: row.capture_wildcard === 1,
    permanent: row.permanent === 1,
    destination: JSON.parse(row.destination) as Record<string, string>,
    createdAt: row.created_at,
    ...(row.updated_at !== null ? { updatedAt: row.updated_at } : {}),
  };
}
