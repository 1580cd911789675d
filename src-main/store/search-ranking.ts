import type { Db } from './database';
import { spaceRowids, type SectionHit } from './search';

/** A page that matches a search, ranked as its best section, with the tree fields a result shows. */
export interface RankedPage {
  space_id: string;
  page_id: string;
  title: string;
  path: string;
  rank: number;
}

const BM25 = 'bm25(search_sections, 5.0, 1.0)'; // titles weigh five times the body

/**
 * The best `max` matching sections (SQLite keeps a top-`max` heap), grouped to pages: a page ranks as its best
 * section. Ties go by rowid, the index's own order (a page's sections are indexed one after another in page
 * order): an integer compare, where ties by page id made the heap compare strings on every row of a common
 * word. A subquery rather than a materialized CTE: SQLite then reads a row's page_id only when the row enters
 * the heap. No page row is read per candidate: the index follows a page when a revision records it
 * (content/engine.ts), so the only indexed pages that may be gone are deleted ones still waiting for that
 * revision, i.e. dirty (a small partial index finds them).
 */
const pagesOfBest = (sectionFilter: string, deletedIn: string) => `
  SELECT space_id, page_id, MIN(rank) AS rank, MIN(id) AS first FROM (
    SELECT rowid AS id, space_id, page_id, ${BM25} AS rank FROM search_sections
    WHERE search_sections MATCH @fts AND ${sectionFilter}
    ORDER BY rank, id LIMIT @max)
  WHERE (space_id, page_id) NOT IN (
    SELECT tree_id, page_id FROM content_pages WHERE tree_id IN (${deletedIn}) AND dirty = 1 AND deleted = 1)
  GROUP BY space_id, page_id`;

type Row = Omit<RankedPage, 'title' | 'path'>;

/** Titles and paths for the pages shown only (tree fields, never the body). */
function toRankedPages(db: Db, rows: Row[]): RankedPage[] {
  const lookup = db.prepare('SELECT title, path FROM content_pages WHERE tree_id = ? AND page_id = ? AND deleted = 0');
  return rows.flatMap((row) => {
    const page = lookup.get(row.space_id, row.page_id) as { title: string; path: string } | undefined;
    return page ? [{ ...row, ...page }] : [];
  });
}

/**
 * Pages of one live space matching an FTS5 query, best first: the window [offset, offset + limit)
 * and how many pages the `max` best sections hold. The space's sections are its block of rowids
 * (store/search.ts), a range FTS5 walks without reading a row; SQLite keeps the top-`max` heap and
 * reads a section's page id only when it enters the heap. The at most `max` sections are grouped to
 * pages here, as pagesOfBest does: a page ranks as its best section, ties by its first section.
 */
export function rankPagesOfSpace(db: Db, fts: string, spaceId: string, max: number, offset: number, limit: number) {
  const { lo, hi } = spaceRowids(db, spaceId);
  const best = db
    .prepare(
      `SELECT rowid AS id, page_id, ${BM25} AS rank FROM search_sections
       WHERE search_sections MATCH @fts AND rowid BETWEEN @lo AND @hi ORDER BY rank, id LIMIT @max`,
    )
    .all({ fts, lo, hi, max }) as Array<{ id: number; page_id: string; rank: number }>;
  const gone = new Set(
    (db.prepare('SELECT page_id FROM content_pages WHERE tree_id = ? AND dirty = 1 AND deleted = 1').all(spaceId) as Array<{ page_id: string }>).map(
      (row) => row.page_id,
    ),
  );
  const pages = new Map<string, { page_id: string; rank: number; first: number }>();
  for (const section of best) {
    if (gone.has(section.page_id)) continue;
    const page = pages.get(section.page_id);
    // Sections come best first: a page's first one is its best; its first by rowid may come later.
    if (!page) pages.set(section.page_id, { page_id: section.page_id, rank: section.rank, first: section.id });
    else if (section.id < page.first) page.first = section.id;
  }
  const ranked = [...pages.values()].sort((a, b) => a.rank - b.rank || a.first - b.first);
  const shown = ranked.slice(offset, offset + limit).map((page) => ({ space_id: spaceId, page_id: page.page_id, rank: page.rank }));
  return { pages: toRankedPages(db, shown), total: ranked.length };
}

/**
 * For an organization search: the best `perSpace` pages of each live space that matches, spaces
 * ordered by their best page (ties by space id), pages best first within a space.
 */
export function rankPagesBySpace(db: Db, fts: string, spaceIds: string[], max: number, perSpace: number): RankedPage[] {
  if (spaceIds.length === 0) return [];
  return toRankedPages(
    db,
    db
      .prepare(
        `WITH pages AS (${pagesOfBest('space_id IN (SELECT value FROM json_each(@spaceIds))', 'SELECT value FROM json_each(@spaceIds)')}),
         numbered AS (
           SELECT *, ROW_NUMBER() OVER (PARTITION BY space_id ORDER BY rank, first) AS n,
             MIN(rank) OVER (PARTITION BY space_id) AS space_rank FROM pages)
         SELECT space_id, page_id, rank FROM numbered WHERE n <= @perSpace
         ORDER BY space_rank, space_id, n`,
      )
      .all({ fts, spaceIds: JSON.stringify(spaceIds), max, perSpace }) as Row[],
  );
}

/**
 * The matching sections of the pages returned, with their snippets, best first then in page order
 * (rowid order). FTS5 computes a snippet only on a row its cursor stands on, so the match is walked
 * once more, over the rowids between the first and last of these pages' sections only, reading nothing
 * but its doclist until a row of these pages (`+ 0` keeps the set test out of FTS5, which would otherwise
 * re-run the whole query per rowid): snippets are made for them alone.
 */
export function sectionHits(db: Db, fts: string, pages: RankedPage[]): Map<string, SectionHit[]> {
  const hits = new Map<string, SectionHit[]>();
  const rowidsOf = db.prepare('SELECT fts_rowid FROM search_rows WHERE space_id = ? AND page_id = ?');
  const rowids = pages.flatMap((page) => (rowidsOf.all(page.space_id, page.page_id) as Array<{ fts_rowid: number }>).map((row) => row.fts_rowid));
  if (rowids.length === 0) return hits;
  const rows = db
    .prepare(
      `SELECT space_id, page_id, anchor, title, snippet(search_sections, 1, '', '', '…', 40) AS snippet, ${BM25} AS rank
       FROM search_sections
       WHERE search_sections MATCH @fts AND rowid BETWEEN @lo AND @hi AND (rowid + 0) IN (SELECT value FROM json_each(@rowids))
       ORDER BY rank, rowid`,
    )
    .all({ fts, lo: Math.min(...rowids), hi: Math.max(...rowids), rowids: JSON.stringify(rowids) }) as SectionHit[];
  for (const row of rows) {
    const key = pageKey(row);
    hits.set(key, [...(hits.get(key) ?? []), row]);
  }
  return hits;
}

export const pageKey = (page: { space_id: string; page_id: string }) => `${page.space_id}/${page.page_id}`;
