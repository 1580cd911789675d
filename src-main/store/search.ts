import type { Db } from './database';
import type { Section } from '../search/sections';

/** Replaces the indexed sections of a page. */
export function indexPage(db: Db, spaceId: string, pageId: string, sections: Section[]): void {
  unindexPage(db, spaceId, pageId);
  const insert = db.prepare(
    'INSERT INTO search_sections (title, body, space_id, page_id, anchor, position) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const remember = db.prepare('INSERT INTO search_rows (space_id, page_id, fts_rowid) VALUES (?, ?, ?)');
  sections.forEach((s, i) => {
    const { lastInsertRowid } = insert.run(s.title, s.body, spaceId, pageId, s.anchor, i);
    remember.run(spaceId, pageId, lastInsertRowid);
  });
}

/** Removes a page's sections by rowid (search_rows), never by scanning the index. */
export function unindexPage(db: Db, spaceId: string, pageId: string): void {
  removeRows(db, db.prepare('SELECT fts_rowid FROM search_rows WHERE space_id = ? AND page_id = ?').all(spaceId, pageId));
  db.prepare('DELETE FROM search_rows WHERE space_id = ? AND page_id = ?').run(spaceId, pageId);
}

export function unindexSpace(db: Db, spaceId: string): void {
  removeRows(db, db.prepare('SELECT fts_rowid FROM search_rows WHERE space_id = ?').all(spaceId));
  db.prepare('DELETE FROM search_rows WHERE space_id = ?').run(spaceId);
}

function removeRows(db: Db, rows: unknown[]): void {
  const remove = db.prepare('DELETE FROM search_sections WHERE rowid = ?');
  for (const row of rows as Array<{ fts_rowid: number }>) remove.run(row.fts_rowid);
}

export interface SectionHit {
  space_id: string;
  page_id: string;
  anchor: string;
  title: string;
  snippet: string;
  rank: number;
}

/**
 * Sections matching an FTS5 query in the given spaces, best first (titles weigh five times the
 * body). Only live pages of live spaces count.
 */
export function searchSections(db: Db, ftsQuery: string, spaceIds: string[], max: number): SectionHit[] {
  if (spaceIds.length === 0) return [];
  const placeholders = spaceIds.map(() => '?').join(', ');
  return db
    .prepare(
      `SELECT s.space_id, s.page_id, s.anchor, s.title,
         snippet(search_sections, 1, '', '', '…', 40) AS snippet,
         bm25(search_sections, 5.0, 1.0) AS rank
       FROM search_sections s
       JOIN content_pages p ON p.tree_id = s.space_id AND p.page_id = s.page_id AND p.deleted = 0
       JOIN spaces sp ON sp.id = s.space_id AND sp.deleted_at IS NULL
       WHERE search_sections MATCH ? AND s.space_id IN (${placeholders})
       ORDER BY rank, s.page_id, s.position
       LIMIT ?`,
    )
    .all(ftsQuery, ...spaceIds, max) as SectionHit[];
}
