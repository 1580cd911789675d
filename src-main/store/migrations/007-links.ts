import type { Migration } from '../migrations';

// Links found in page bodies, as written (url); their status is resolved when read, against the
// pages and files of the tree at that moment, so creating a missing page mends links to it at once.
export const contentLinks: Migration = {
  version: 7,
  name: 'links extracted from page bodies',
  sql: `
CREATE TABLE content_links (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  tree_id TEXT NOT NULL,
  page_id TEXT NOT NULL,
  url TEXT NOT NULL,
  relation TEXT NOT NULL
);
CREATE INDEX content_links_page ON content_links(tree_id, page_id);
`,
};
