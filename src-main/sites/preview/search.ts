import { toFtsQuery } from '../../search/service';
import type { Db } from '../../store/database';
import { searchSections } from '../../store/search';
import { navRowsByIds } from '../../store/site-navigation';
import { pageAddress, type SiteLocation } from './locate';
import { isHidden } from './page-order';
import type { SearchResultView } from './page-html';

/** Results shown for one search of the site: a page of them, as the space search ranks them. */
const MAX_RESULTS = 50;

/**
 * The site's search box: the space search (the same index /v1's search reads) over the site space the
 * visitor is reading, best sections first; hidden pages stay out, as they are out of the navigation
 * (a page under a hidden one still shows: the search reads pages, not the tree).
 */
export function searchSiteSpace(db: Db, location: SiteLocation, text: string): SearchResultView[] {
  const fts = toFtsQuery(text);
  if (!fts) return [];
  const hits = searchSections(db, fts, [location.space.id], MAX_RESULTS * 4);
  const pages = new Map(navRowsByIds(db, location.space.id, [...new Set(hits.map((hit) => hit.page_id))]).map((row) => [row.page_id, row]));
  const results: SearchResultView[] = [];
  for (const hit of hits) {
    const page = pages.get(hit.page_id);
    if (!page || page.kind !== 'document' || isHidden(page)) continue;
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
