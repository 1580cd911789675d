import type { Migration } from '../migrations';

// FTS5 cannot index its UNINDEXED columns, so removing a page's sections scanned the whole index.
// This table finds them by rowid instead.
export const searchRows: Migration = {
  version: 9,
  name: 'rowids of each page in the search index',
  sql: `
CREATE TABLE search_rows (
  space_id TEXT NOT NULL,
  page_id TEXT NOT NULL,
  fts_rowid INTEGER NOT NULL
);
CREATE INDEX search_rows_page ON search_rows(space_id, page_id);
INSERT INTO search_rows (space_id, page_id, fts_rowid) SELECT space_id, page_id, rowid FROM search_sections;
`,
};
