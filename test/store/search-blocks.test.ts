import { describe, expect, it } from 'vitest';
import { migrate } from '../../src-main/store/migrations';
import { indexPage, spaceRowids, unindexSpace } from '../../src-main/store/search';
import { rankPagesOfSpace, sectionHits } from '../../src-main/store/search-ranking';
import type { Db } from '../../src-main/store/database';
import { migratedDatabase } from './schema';

const section = (title: string, body: string) => ({ title, body, anchor: title.toLowerCase() });
const rowidsOf = (db: Db, spaceId: string) =>
  (db.prepare('SELECT fts_rowid FROM search_rows WHERE space_id = ? ORDER BY fts_rowid').all(spaceId) as Array<{ fts_rowid: number }>).map((row) => row.fts_rowid);
const sectionsIn = (db: Db, lo: number, hi: number) =>
  db.prepare('SELECT rowid AS id, space_id, page_id, position FROM search_sections WHERE rowid BETWEEN ? AND ? ORDER BY rowid').all(lo, hi) as Array<{
    id: number;
    space_id: string;
    page_id: string;
    position: number;
  }>;

/** A database with pages in content_pages, so the ranking can present them. */
function withPages(db: Db, pages: Array<[string, string]>): Db {
  const insert = db.prepare(
    `INSERT INTO content_pages (tree_id, page_id, space_id, position, depth, kind, title, slug, path, meta, created_at, updated_at, dirty)
     VALUES (?, ?, ?, 0, 0, 'document', ?, ?, ?, '{}', '', '', 0)`,
  );
  db.pragma('foreign_keys = OFF');
  for (const [spaceId, pageId] of pages) insert.run(spaceId, pageId, spaceId, pageId, pageId, pageId);
  return db;
}

describe('the search index keeps each space in a rowid block of its own', () => {
  it('numbers the sections of spaces indexed in turns into disjoint ranges, in the order they were indexed', () => {
    const db = withPages(migratedDatabase(), [['A', 'a1'], ['A', 'a2'], ['B', 'b1']]);
    indexPage(db, 'A', 'a1', [section('Intro', 'zebra one'), section('More', 'zebra two')]);
    indexPage(db, 'B', 'b1', [section('Other', 'zebra three')]);
    indexPage(db, 'A', 'a2', [section('Later', 'zebra four')]);
    indexPage(db, 'A', 'a1', [section('Intro', 'zebra again')]); // reindexed after B: still in A's block
    const a = spaceRowids(db, 'A');
    const b = spaceRowids(db, 'B');
    expect(a.hi < b.lo || b.hi < a.lo).toBe(true);
    expect(sectionsIn(db, a.lo, a.hi).map((row) => [row.space_id, row.page_id])).toEqual([['A', 'a2'], ['A', 'a1']]);
    expect(sectionsIn(db, b.lo, b.hi).map((row) => row.page_id)).toEqual(['b1']);
    expect(rowidsOf(db, 'A').every((id) => id >= a.lo && id <= a.hi)).toBe(true);

    const { pages, total } = rankPagesOfSpace(db, '"zebra"', 'A', 1000, 0, 20);
    expect(pages.map((page) => page.page_id).sort()).toEqual(['a1', 'a2']);
    expect(total).toBe(2);
    expect([...sectionHits(db, '"zebra"', pages).values()].flat().map((hit) => hit.snippet).sort()).toEqual(['zebra again', 'zebra four']);
    expect(rankPagesOfSpace(db, '"zebra"', 'B', 1000, 0, 20).pages.map((page) => page.page_id)).toEqual(['b1']);
  });

  it('finds nothing in a space that has nothing indexed, and starts a removed space afresh', () => {
    const db = withPages(migratedDatabase(), [['A', 'a1']]);
    expect(rankPagesOfSpace(db, '"zebra"', 'A', 1000, 0, 20)).toEqual({ pages: [], total: 0 });
    indexPage(db, 'A', 'a1', [section('Intro', 'zebra')]);
    unindexSpace(db, 'A');
    expect(db.prepare('SELECT COUNT(*) AS n FROM search_sections').get()).toEqual({ n: 0 });
    expect(rankPagesOfSpace(db, '"zebra"', 'A', 1000, 0, 20).total).toBe(0);
  });

  it('moves a space whose block is used up into a new block, its sections renumbered in order', () => {
    const db = withPages(migratedDatabase(), [['A', 'a1'], ['A', 'a2'], ['A', 'a3']]);
    indexPage(db, 'A', 'a1', [section('One', 'zebra')]);
    indexPage(db, 'A', 'a2', [section('Two', 'zebra')]);
    const before = spaceRowids(db, 'A');
    db.prepare('UPDATE search_blocks SET next_row = ? WHERE space_id = ?').run(2 ** 32 - 1, 'A');
    indexPage(db, 'A', 'a3', [section('Three', 'zebra')]);
    const after = spaceRowids(db, 'A');
    expect(after.lo).toBeGreaterThan(before.hi);
    expect(sectionsIn(db, before.lo, before.hi)).toEqual([]);
    expect(sectionsIn(db, after.lo, after.hi).map((row) => [row.id - after.lo, row.page_id])).toEqual([[1, 'a1'], [2, 'a2'], [3, 'a3']]);
    expect(rowidsOf(db, 'A').map((id) => id - after.lo)).toEqual([1, 2, 3]);
    expect(rankPagesOfSpace(db, '"zebra"', 'A', 1000, 0, 20).total).toBe(3);
  });

  it('moves the sections an older Folio indexed into their spaces blocks, keeping their order and rows', () => {
    const db = migratedDatabase({ through: 28 });
    const insert = db.prepare('INSERT INTO search_sections (title, body, space_id, page_id, anchor, position) VALUES (?, ?, ?, ?, ?, ?)');
    const remember = db.prepare('INSERT INTO search_rows (space_id, page_id, fts_rowid) VALUES (?, ?, ?)');
    for (const [spaceId, pageId, position] of [['B', 'b1', 0], ['A', 'a1', 0], ['B', 'b1', 1], ['A', 'a2', 0]] as const) {
      remember.run(spaceId, pageId, insert.run(`${pageId} ${position}`, 'zebra', spaceId, pageId, '', position).lastInsertRowid);
    }
    migrate(db);
    const b = spaceRowids(db, 'B');
    expect(sectionsIn(db, b.lo, b.hi).map((row) => [row.page_id, row.position])).toEqual([['b1', 0], ['b1', 1]]);
    const a = spaceRowids(db, 'A');
    expect(sectionsIn(db, a.lo, a.hi).map((row) => row.page_id)).toEqual(['a1', 'a2']);
    const rows = db.prepare('SELECT r.page_id, s.page_id AS indexed FROM search_rows r JOIN search_sections s ON s.rowid = r.fts_rowid').all();
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => (row as { page_id: string; indexed: string }).page_id === (row as { indexed: string }).indexed)).toBe(true);
    // New sections continue after the moved ones, in the same block.
    indexPage(db, 'A', 'a3', [section('New', 'zebra')]);
    expect(sectionsIn(db, a.lo, a.hi).map((row) => row.page_id)).toEqual(['a1', 'a2', 'a3']);
    expect(db.prepare("SELECT COUNT(*) AS n FROM search_sections WHERE search_sections MATCH 'zebra'").get()).toEqual({ n: 5 });
  });
});
