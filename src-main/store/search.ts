import type { Db } from './database';

/** Replaces the indexed sections of a page, numbered in its space's block of rowids. */
export function indexPage(db: Db, spaceId: string, pageId: string, sections: Section[]): void {
  unindexPage(db, spaceId, pageId);
  if (sections.length === 0) return;
  const first = claimRowids(db, spaceId, sections.length);
  const insert = db.prepare(
    'INSERT INTO search_sections (rowid, title, body, space_id, page_id, anchor, position) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const remember = db.prepare('INSERT INTO search_rows (space_id, page_id, fts_rowid) VALUES (?, ?, ?)');
  sections.forEach((s, i) => {
    insert.run(first + i, s.title, s.body, spaceId, pageId, s.anchor, i);
    remember.run(spaceId, pageId, first + i);
  });
}

/**
 * Every space's sections live in a block of rowids of their own, [block × 2^32, (block + 1) × 2^32), numbered in
 * the order they are indexed (ties rank by rowid: a page's sections in page order). A search of one space is
 * then a rowid range that FTS5 walks natively, where filtering on the UNINDEXED space_id column read every
 * matching row's content (migration 029). Blocks stay below 2^21, so every rowid is an exact JavaScript number.
 */
const BLOCK = 2 ** 32;
const MAX_BLOCKS = 2 ** 21;

/** The rowid range of a space's sections (an empty range when it has none). */
export function spaceRowids(db: Db, spaceId: string): { lo: number; hi: number } {
  const row = db.prepare('SELECT block FROM search_blocks WHERE space_id = ?').get(spaceId) as { block: number } | undefined;
  return row ? { lo: row.block * BLOCK, hi: row.block * BLOCK + BLOCK - 1 } : { lo: 1, hi: 0 };
}

/** `count` consecutive unused rowids of the space's block, the first returned. */
function claimRowids(db: Db, spaceId: string, count: number): number {
  let row = db.prepare('SELECT block, next_row FROM search_blocks WHERE space_id = ?').get(spaceId) as { block: number; next_row: number } | undefined;
  if (!row || row.next_row + count >= BLOCK) row = moveToNewBlock(db, spaceId);
  db.prepare('UPDATE search_blocks SET next_row = ? WHERE space_id = ?').run(row.next_row + count, spaceId);
  return row.block * BLOCK + row.next_row;
}

/**
 * A fresh block for a space: its first, or when its block is used up (four billion sections indexed), a new
 * one its remaining sections move into, renumbered from 1 in their order.
 */
function moveToNewBlock(db: Db, spaceId: string): { block: number; next_row: number } {
  const { block } = db.prepare('SELECT COALESCE(MAX(block), 0) + 1 AS block FROM search_blocks').get() as { block: number };
  if (block >= MAX_BLOCKS) throw new Error('The search index has no rowid block left for another space');
  const rows = db.prepare('SELECT fts_rowid AS id, rowid AS seq FROM search_rows WHERE space_id = ? ORDER BY fts_rowid').all(spaceId) as Array<{
    id: number;
    seq: number;
  }>;
  const read = db.prepare('SELECT title, body, space_id, page_id, anchor, position FROM search_sections WHERE rowid = ?');
  const insert = db.prepare('INSERT INTO search_sections (rowid, title, body, space_id, page_id, anchor, position) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const follow = db.prepare('UPDATE search_rows SET fts_rowid = ? WHERE rowid = ?');
  const remove = db.prepare('DELETE FROM search_sections WHERE rowid = ?');
  rows.forEach((row, i) => {
    const section = read.get(row.id) as Record<string, unknown>;
    remove.run(row.id);
    insert.run(block * BLOCK + i + 1, section.title, section.body, section.space_id, section.page_id, section.anchor, section.position);
    follow.run(block * BLOCK + i + 1, row.seq);
  });
  db.prepare('INSERT OR REPLACE INTO search_blocks (space_id, block, next_row) VALUES (?, ?, ?)').run(spaceId, block, rows.length + 1);
  return { block, next_row: rows.length + 1 };
}

/** Removes a page's sections by rowid (search_rows), never by scanning the index. */
export function unindexPage(db: Db, spaceId: string, pageId: string): void {
  removeRows(db, db.prepare('SELECT fts_rowid FROM search_rows WHERE space_id = ? AND page_id = ?').all(spaceId, pageId));
  db.prepare('DELETE FROM search_rows WHERE space_id = ? AND page_id = ?').run(spaceId, pageId);
}

export function unindexSpace(db: Db, spaceId: string): void {
  removeRows(db, db.prepare('SELECT fts_rowid FROM search_rows WHERE space_id = ?').all(spaceId));
  db.prepare('DELETE FROM search_rows WHERE space_id = ?').run(spaceId);
  db.prepare('DELETE FROM search_blocks WHERE space_id = ?').run(spaceId);
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

/** A page's section as search indexes it (search/sections.ts splits a page into them). */
export interface Section {
  /** Anchor of the heading ('' for the part before the first heading). */
  anchor: string;
  title: string;
  /** Plain text of the section, markdown syntax removed. */
  body: string;
}
