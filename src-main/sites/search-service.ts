import type { SearchSiteContentInput, SiteSearchScope } from '../../src-shared/schemas/site-search';
import type { ServiceContext } from '../app/context';
import { badRequest } from '../errors';
import { pageInMemory } from '../http/offset-page';
import { MAX_SECTIONS, PAGES_PER_SPACE, scoreOf, toFtsQuery } from '../search/service';
import { pageKey, rankPagesBySpace, sectionHits, type RankedPage } from '../store/search-ranking';
import type { SectionHit } from '../store/search';
import { ancestorIds, type NavRow, navRowsByIds } from '../store/site-navigation';
import { defaultSiteSpaceId, type SiteRow, type SiteSpaceRow } from '../store/sites';
import { getSpace } from '../store/spaces';
import { requireSite } from './access';
import { isHidden } from './preview/page-order';
import { readSiteStructure, sectionNodes, type SiteStructureModel } from './structure';
import { visibleStructure } from './visitors';

export interface SiteSearchPage {
  page: NavRow;
  rank: number;
  /** BM25 turned into GitBook's score: higher is better, never below 0. */
  score: number;
  ancestors: string[];
  sections: SectionHit[];
}

export interface SiteSearchSpace {
  spaceId: string;
  title: string;
  score: number;
  pages: SiteSearchPage[];
}

/**
 * searchSiteContent: the space search's index and ranking (src-main/search) over what a visitor of the
 * published site reads: nothing while the site is unpublished; the site spaces a visitor with no claims sees
 * (conditions hide sections and site spaces as on the site); live spaces' main content, hidden pages left out
 * as the site's own search box does. The caller is a member of the site's organization.
 */
export function searchSiteContent(ctx: ServiceContext, organizationId: string, siteId: string, input: SearchSiteContentInput, page: { page?: string; limit?: number }) {
  const { site } = requireSite(ctx, organizationId, siteId);
  const model = visibleStructure(readSiteStructure(ctx.db, site), {});
  const siteSpaces = scopedSiteSpaces(ctx, site, model, input.scope);
  const spaceIds = [...new Set(site.published === 1 ? siteSpaces.map((row) => row.space_id) : [])].filter((id) => {
    const space = getSpace(ctx.db, id);
    return space !== undefined && !space.deleted_at;
  });
  const fts = toFtsQuery(input.query);
  // Hidden pages are dropped after ranking: a space may then show fewer than PAGES_PER_SPACE pages.
  const ranked = (fts ? rankPagesBySpace(ctx.db, fts, spaceIds, MAX_SECTIONS, PAGES_PER_SPACE) : []).filter((hit) => {
    const [row] = navRowsByIds(ctx.db, hit.space_id, [hit.page_id]);
    return row?.kind === 'document' && !isHidden(row);
  });
  const bySpace = new Map<string, RankedPage[]>();
  ranked.forEach((hit) => bySpace.set(hit.space_id, [...(bySpace.get(hit.space_id) ?? []), hit]));
  const result = pageInMemory([...bySpace], page, 20);
  const shownPages = result.items.flatMap(([, pages]) => pages);
  const hits = sectionHits(ctx.db, fts ?? '', shownPages);
  const globalRank = new Map(ranked.map((hit, index) => [pageKey(hit), index + 1]));
  const items: SiteSearchSpace[] = result.items.map(([spaceId, pages]) => {
    const results = pages.map((hit): SiteSearchPage => {
      const [row] = navRowsByIds(ctx.db, spaceId, [hit.page_id]);
      const parents = ancestorIds(ctx.db, spaceId, hit.page_id).slice(1).reverse();
      const titles = new Map(navRowsByIds(ctx.db, spaceId, parents).map((parent) => [parent.page_id, parent.title]));
      return {
        page: row!,
        rank: globalRank.get(pageKey(hit))!,
        score: scoreOf(hit.rank),
        ancestors: parents.flatMap((id) => (titles.has(id) ? [titles.get(id)!] : [])),
        sections: hits.get(pageKey(hit)) ?? [],
      };
    });
    return { spaceId, title: getSpace(ctx.db, spaceId)?.title ?? '', score: Math.max(...results.map((r) => r.score)), pages: results };
  });
  return { ...result, items };
}


/** The site spaces a scope names, among those a visitor sees; a site space of another site, or hidden, is a 400. */
function scopedSiteSpaces(ctx: ServiceContext, site: SiteRow, model: SiteStructureModel, scope: SiteSearchScope): SiteSpaceRow[] {
  const visible = model.type === 'siteSpaces' ? model.siteSpaces : sectionNodes(model).flatMap((node) => node.siteSpaces);
  const byId = (id: string, field: string) => {
    const row = visible.find((candidate) => candidate.id === id);
    if (!row) throw badRequest(`${field}: no site space "${id}" that visitors of this site see`);
    return row;
  };
  if (scope.mode === 'all') return visible;
  if (scope.mode === 'specific') return scope.siteSpaceIds.map((id) => byId(id, 'scope.siteSpaceIds'));
  // The default content: each section's default variant, or the site's default site space.
  const defaults =
    model.type === 'siteSpaces'
      ? visible.filter((row) => row.id === defaultSiteSpaceId(ctx.db, site))
      : sectionNodes(model).flatMap((node) => {
          const chosen = node.siteSpaces.find((row) => row.id === node.section.default_site_space_id) ?? node.siteSpaces[0];
          return chosen ? [chosen] : [];
        });
  const current = scope.currentSiteSpace ? byId(scope.currentSiteSpace, 'scope.currentSiteSpace') : undefined;
  const included = (scope.includedSiteSpaces ?? []).map((id) => byId(id, 'scope.includedSiteSpaces'));
  if (scope.restrictTo === 'currentSiteSpace') return [current!];
  const wide = [...(current ? [current] : []), ...defaults, ...included];
  return scope.restrictTo === 'otherSiteSpaces' ? wide.filter((row) => row.id !== current!.id) : wide;
}
