import { toFtsQuery } from '../../search/service';
import type { Db } from '../../store/database';
import { searchSections } from '../../store/search';
import { pageAddress, type SiteLocation } from './locate';
import type { SearchResultView } from './page-html';

/** Results shown for one search of the site: a page of them, as the space search ranks them. */
const MAX_RESULTS = 50;

/**
 * The site's search box: the space search (the same index /v1's search reads) over the site space the
 * visitor is reading, best sections first; hidden pages stay out, as they are out of the navigation.
 */
export function searchSiteSpace(db: Db, location: SiteLocation, text: string): SearchResultView[] {
  const fts = toFtsQuery(text);
  if (!fts) return [];
  const listed = new Map(location.pages.map(({ row }) => [row.page_id, row]));
  const results: SearchResultView[] = [];
  for (const hit of searchSections(db, fts, [location.space.id], MAX_RESULTS * 4)) {
    const page = listed.get(hit.page_id);
    if (!page || page.kind !== 'document') continue;
    results.push({
      pageTitle: page.title,
      sectionTitle: hit.title,
      snippet: hit.snippet,
      address: `${pageAddress(location, page)}${hit.anchor ? `#${encodeURIComponent(hit.anchor)}` : ''}`,
    });
    if (results.length === MAX_RESULTS) break;
  }
  return results;
}
