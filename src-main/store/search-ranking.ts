import type { Db } from './database';
import type { SectionHit } from './search';

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
 * The best `max` matching sections (SQLite keeps a top-`max` heap), grouped to pages in SQL: a page
 * ranks as its best section. Ties go by rowid, the index's own order (a page's sections are indexed
 * one after another in page order): an integer compare, where ties by page id made the heap compare
 * strings on every row of a common word. No page row is read per candidate: the index follows a page
 * when a revision records it (content/engine.ts), so the only indexed pages that may be gone are
 * deleted ones still waiting for that revision, i.e. dirty (a small partial index finds them).
 */
const candidates = (spaceFilter: string) => `
  top AS MATERIALIZED (
    SELECT rowid AS id, space_id, page_id, ${BM25} AS rank FROM search_sections
    WHERE search_sections MATCH @fts AND ${spaceFilter}
    ORDER BY rank, id LIMIT @max),
  pages AS (
    SELECT space_id, page_id, MIN(rank) AS rank, MIN(id) AS first
    FROM top
    WHERE (space_id, page_id) NOT IN (
      SELECT tree_id, page_id FROM content_pages
      WHERE tree_id IN (SELECT value FROM json_each(@spaceIds)) AND dirty = 1 AND deleted = 1)
    GROUP BY space_id, page_id)`;

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
 * and how many pages the `max` best sections hold.
 */
export function rankPagesOfSpace(db: Db, fts: string, spaceId: string, max: number, offset: number, limit: number) {
  const spaceIds = JSON.stringify([spaceId]);
  const rows = db
    .prepare(
      `WITH ${candidates('space_id = @spaceId')}
       SELECT space_id, page_id, rank, COUNT(*) OVER () AS total FROM pages
       ORDER BY rank, first LIMIT @limit OFFSET @offset`,
    )
    .all({ fts, spaceId, spaceIds, max, limit, offset }) as Array<Row & { total: number }>;
  const total =
    rows[0]?.total ??
    (offset === 0
      ? 0
      : (db.prepare(`WITH ${candidates('space_id = @spaceId')} SELECT COUNT(*) AS n FROM pages`).get({ fts, spaceId, spaceIds, max }) as { n: number }).n);
  return { pages: toRankedPages(db, rows), total };
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
        `WITH ${candidates('space_id IN (SELECT value FROM json_each(@spaceIds))')},
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
 * once more, reading nothing but its doclist until a row of these pages (`+ 0` keeps the rowid test
 * out of FTS5, which would otherwise re-run the whole query per rowid): snippets are made for them alone.
 */
export function sectionHits(db: Db, fts: string, pages: RankedPage[]): Map<string, SectionHit[]> {
  const hits = new Map<string, SectionHit[]>();
  if (pages.length === 0) return hits;
  const rows = db
    .prepare(
      `SELECT space_id, page_id, anchor, title, snippet(search_sections, 1, '', '', '…', 40) AS snippet, ${BM25} AS rank
       FROM search_sections
       WHERE search_sections MATCH ? AND (rowid + 0) IN (
         SELECT r.fts_rowid FROM json_each(?) j JOIN search_rows r ON r.space_id = j.value ->> 0 AND r.page_id = j.value ->> 1)
       ORDER BY rank, rowid`,
    )
    .all(fts, JSON.stringify(pages.map((page) => [page.space_id, page.page_id]))) as SectionHit[];
  for (const row of rows) {
    const key = pageKey(row);
    hits.set(key, [...(hits.get(key) ?? []), row]);
  }
  return hits;
}

export const pageKey = (page: { space_id: string; page_id: string }) => `${page.space_id}/${page.page_id}`;
