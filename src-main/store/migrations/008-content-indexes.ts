import type { Migration } from '../migrations';

// Reading one page walks its subtree by parent: without this index each step scanned the tree.
export const contentIndexes: Migration = {
  version: 8,
  name: 'index pages by parent',
  sql: `CREATE INDEX content_pages_parent ON content_pages(tree_id, parent_id);`,
};
