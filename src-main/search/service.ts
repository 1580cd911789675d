import type { SearchQuery } from '../../src-shared/schemas/search';
import type { ServiceContext } from '../app/context';
import { offsetPage, offsetWindow, pageInMemory } from '../http/offset-page';
import { requireMembership } from '../orgs/access';
import { requireSpace } from '../spaces/access';
import type { ContentPageRow } from '../store/content-pages';
import type { SectionHit } from '../store/search';
import { pageKey, rankPagesBySpace, rankPagesOfSpace, sectionHits, type RankedPage } from '../store/search-ranking';
import { listLiveSpaceIds } from '../store/spaces';
import { ancestorIds, navRowsByIds } from '../store/site-navigation';

/**
 * How many of the best matching sections a search groups into pages, at most (and so what `count`
 * counts): 1000 results of one section each. SQLite keeps them in a top-N heap while it ranks every
 * match; at 2000 that heap cost a common word about half again a plain top-20 query (bench pages).
 */
export const MAX_SECTIONS = 1000;

export interface PageHits {
  /** The page's tree fields a result shows (its body is never read to present a result). */
  page: Pick<ContentPageRow, 'page_id' | 'title' | 'path'>;
  sections: SectionHit[];
  /** Its place in the results (1 is the best), BM25 as GitBook's score, its description and its parents' titles. */
  rank: number;
  score: number;
  description: string;
  ancestors: string[];
}

export interface SpaceHits {
  spaceId: string;
  pages: PageHits[];
}

/**
 * Turns what a writer types into an FTS5 query: every word must match, the last one as a prefix
 * (they are still typing it). Words are quoted, so FTS5 syntax in the input is just text.
 */
export function toFtsQuery(text: string): string | null {
  const words = text.normalize('NFKC').match(/[\p{L}\p{N}]+/gu);
  if (!words) return null;
  return words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' ');
}

/** Ranks and pages in SQL, then reads sections and snippets for the pages returned only. */
export function searchSpace(ctx: ServiceContext, spaceId: string, query: SearchQuery) {
  const { space } = requireSpace(ctx, spaceId);
  const fts = toFtsQuery(query.query);
  const { offset, limit } = offsetWindow(query, 20);
  if (!fts) return offsetPage<PageHits>([], 0, offset);
  const { pages, total } = rankPagesOfSpace(ctx.db, fts, space.id, MAX_SECTIONS, offset, limit);
  return offsetPage(withSections(ctx, fts, pages, offset + 1), total, offset);
}

/** Best pages shown per space in an organization search: enough to choose a space, small enough to answer fast. */
export const PAGES_PER_SPACE = 20;

/** Searches every space of the organization the caller may read. */
export function searchOrganization(ctx: ServiceContext, organizationId: string, query: SearchQuery) {
  const { org, role } = requireMembership(ctx, organizationId);
  // Every member reads every live space; guests read none (src-shared/access.ts).
  const spaceIds = role === null ? [] : listLiveSpaceIds(ctx.db, org.id);
  const fts = toFtsQuery(query.query);
  const ranked = fts ? rankPagesBySpace(ctx.db, fts, spaceIds, MAX_SECTIONS, PAGES_PER_SPACE) : [];
  const bySpace = new Map<string, RankedPage[]>();
  for (const page of ranked) bySpace.set(page.space_id, [...(bySpace.get(page.space_id) ?? []), page]);
  const result = pageInMemory([...bySpace], query, 20);
  // Snippets only for the spaces of this window of results.
  const shown = withSections(ctx, fts ?? '', result.items.flatMap(([, pages]) => pages), 1);
  let next = 0;
  const items: SpaceHits[] = result.items.map(([spaceId, pages]) => ({ spaceId, pages: shown.slice(next, (next += pages.length)) }));
  return { ...result, items };
}

/** The pages as results, with their matching sections and snippets (one FTS5 walk for all of them); `firstRank` is the first page's place. */
function withSections(ctx: ServiceContext, fts: string, pages: RankedPage[], firstRank: number): PageHits[] {
  const sections = sectionHits(ctx.db, fts, pages);
  return pages.map((page, index) => {
    const [row] = navRowsByIds(ctx.db, page.space_id, [page.page_id]);
    const parents = ancestorIds(ctx.db, page.space_id, page.page_id).slice(1).reverse();
    const titles = new Map(navRowsByIds(ctx.db, page.space_id, parents).map((parent) => [parent.page_id, parent.title]));
    return {
      page: { page_id: page.page_id, title: page.title, path: page.path },
      sections: sections.get(pageKey(page)) ?? [],
      rank: firstRank + index,
      score: scoreOf(page.rank),
      description: row ? descriptionOf(row.meta) : '',
      ancestors: parents.flatMap((id) => (titles.has(id) ? [titles.get(id)!] : [])),
    };
  });
}

/** BM25 (lower is better) as GitBook's score: higher is better, never below 0. */
export function scoreOf(bm25: number): number {
  return Math.max(0, -bm25);
}

/** A page's description as its metadata holds it; '' when it has none (GitBook's field is required). */
export function descriptionOf(meta: string): string {
  try {
    const description = (JSON.parse(meta) as { description?: unknown }).description;
    return typeof description === 'string' ? description : '';
  } catch {
    return '';
  }
}
