import { MAX_SECTIONS, toFtsQuery } from '../../search/service';
import type { Db } from '../../store/database';
import { pageKey, rankPagesOfSpace, sectionHits } from '../../store/search-ranking';
import { navRowsByIds } from '../../store/site-navigation';
import { pageAddress, type SiteLocation } from './locate';
import { isHidden } from './page-order';
import type { SearchResultView } from './page-html';

/** Results shown for one search of the site: the best pages' matching sections, at most this many. */
const MAX_RESULTS = 50;

/**
 * The site's search box: the space search (the same index and ranking as /v1's search) over the site space the
 * visitor is reading: pages ranked and paged in SQL, then the matching sections and snippets of the pages
 * shown only, best page first. Hidden pages stay out, as they are out of the navigation (a page under a hidden
 * one still shows: the search reads pages, not the tree).
 */
export function searchSiteSpace(db: Db, location: SiteLocation, text: string): SearchResultView[] {
  const fts = toFtsQuery(text);
  if (!fts) return [];
  const spaceId = location.space.id;
  const { pages: ranked } = rankPagesOfSpace(db, fts, spaceId, MAX_SECTIONS, 0, MAX_RESULTS);
  const rows = new Map(navRowsByIds(db, spaceId, ranked.map((page) => page.page_id)).map((row) => [row.page_id, row]));
  const shown = ranked.filter((page) => {
    const row = rows.get(page.page_id);
    return row?.kind === 'document' && !isHidden(row);
  });
  const hits = sectionHits(db, fts, shown);
  const results: SearchResultView[] = [];
  for (const page of shown) {
    const row = rows.get(page.page_id)!;
    for (const hit of hits.get(pageKey(page)) ?? []) {
      results.push({
        pageTitle: row.title,
        sectionTitle: hit.title,
        snippet: hit.snippet,
        address: `${pageAddress(location, row)}${hit.anchor ? `#${encodeURIComponent(hit.anchor)}` : ''}`,
      });
      if (results.length === MAX_RESULTS) return results;
    }
  }
  return results;
}
