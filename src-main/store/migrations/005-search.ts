import type { Migration } from '../migrations';

// Full-text index of the main content of spaces, one row per section of a page (split at
// headings). Kept in step with the read model inside the same transactions (docs/content.md).
export const searchIndex: Migration = {
  version: 5,
  name: 'full-text search over page sections',
  sql: `
CREATE VIRTUAL TABLE search_sections USING fts5(
  title,
  body,
  space_id UNINDEXED,
  page_id UNINDEXED,
  anchor UNINDEXED,
  position UNINDEXED,
  tokenize = 'unicode61 remove_diacritics 2'
);
`,
};
