import type { SearchQuery } from '../../src-shared/schemas/search';
import type { ServiceContext } from '../app/context';
import { pageInMemory } from '../http/offset-page';
import { requireMembership } from '../orgs/access';
import { requireSpace } from '../spaces/access';
import { getLivePage, type ContentPageRow } from '../store/content-pages';
import { searchSections, type SectionHit } from '../store/search';
import { listLiveSpaceIds } from '../store/spaces';

/** How many matching sections a search looks at, at most: enough for 1000 results of one section each. */
const MAX_SECTIONS = 2000;

export interface PageHits {
  page: ContentPageRow;
  sections: SectionHit[];
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

export function searchSpace(ctx: ServiceContext, spaceId: string, query: SearchQuery) {
  const { space } = requireSpace(ctx, spaceId);
  return pageInMemory(groupBySpace(ctx, run(ctx, query.query, [space.id]))[0]?.pages ?? [], query, 20);
}

/** Best pages shown per space in an organization search: enough to choose a space, small enough to answer fast. */
export const PAGES_PER_SPACE = 20;

/** Searches every space of the organization the caller may read. */
export function searchOrganization(ctx: ServiceContext, organizationId: string, query: SearchQuery) {
  const { org, role } = requireMembership(ctx, organizationId);
  // Every member reads every live space; guests read none (src-shared/access.ts).
  const spaceIds = role === null ? [] : listLiveSpaceIds(ctx.db, org.id);
  const spaces = groupBySpace(ctx, run(ctx, query.query, spaceIds)).map((space) => ({ ...space, pages: space.pages.slice(0, PAGES_PER_SPACE) }));
  return pageInMemory(spaces, query, 20);
}

function run(ctx: ServiceContext, text: string, spaceIds: string[]): SectionHit[] {
  const fts = toFtsQuery(text);
  if (!fts) return [];
  return searchSections(ctx.db, fts, spaceIds, MAX_SECTIONS);
}

/** Hits arrive best first; spaces and pages keep the order of their best section. */
function groupBySpace(ctx: ServiceContext, hits: SectionHit[]): SpaceHits[] {
  const spaces = new Map<string, Map<string, PageHits>>();
  for (const hit of hits) {
    let pages = spaces.get(hit.space_id);
    if (!pages) spaces.set(hit.space_id, (pages = new Map()));
    let entry = pages.get(hit.page_id);
    if (!entry) {
      const page = getLivePage(ctx.db, hit.space_id, hit.page_id);
      if (!page) continue;
      pages.set(hit.page_id, (entry = { page, sections: [] }));
    }
    entry.sections.push(hit);
  }
  return [...spaces].map(([spaceId, pages]) => ({ spaceId, pages: [...pages.values()] }));
}
