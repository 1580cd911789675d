import type { Migration } from '../migrations';

// Each space's sections get rowids in a block of their own (block × 2^32 + n, see store/search.ts), so that a
// search of one space is a rowid range FTS5 walks natively: filtering on the UNINDEXED space_id column read
// every matching row's content, half the cost of a common word. Existing rows move into their space's block
// in their old order (ties rank by rowid, a page's sections in page order), and search_rows follows them.
export const searchSpaceBlocks029: Migration = {
  version: 29,
  name: 'a rowid block per space in the search index',
  sql: `
CREATE TABLE search_blocks (
  space_id TEXT PRIMARY KEY,
  block INTEGER NOT NULL UNIQUE,
  next_row INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO search_blocks (space_id, block, next_row)
  SELECT space_id, ROW_NUMBER() OVER (ORDER BY MIN(rowid)), COUNT(*) + 1 FROM search_sections GROUP BY space_id;
CREATE TEMP TABLE search_moves (old INTEGER PRIMARY KEY, new INTEGER NOT NULL);
INSERT INTO search_moves (old, new)
  SELECT s.rowid, b.block * 4294967296 + ROW_NUMBER() OVER (PARTITION BY s.space_id ORDER BY s.rowid)
  FROM search_sections s JOIN search_blocks b ON b.space_id = s.space_id;
INSERT INTO search_sections (rowid, title, body, space_id, page_id, anchor, position)
  SELECT m.new, s.title, s.body, s.space_id, s.page_id, s.anchor, s.position
  FROM search_moves m JOIN search_sections s ON s.rowid = m.old;
DELETE FROM search_sections WHERE rowid < 4294967296;
UPDATE search_rows SET fts_rowid = (SELECT new FROM search_moves WHERE old = search_rows.fts_rowid);
DROP TABLE search_moves;
INSERT INTO search_sections (search_sections) VALUES ('optimize');
`,
};
