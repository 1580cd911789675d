import type { Migration } from '../migrations';

// The read model of content (docs/content.md): the current pages of every content tree, and the
// per-revision versions of the pages that changed. Yjs documents stay the source of truth for edits.
export const contentReadModel: Migration = {
  version: 4,
  name: 'content read model: current pages, bodies, versions per revision',
  sql: `
CREATE TABLE content_pages (
  tree_id TEXT NOT NULL,
  page_id TEXT NOT NULL,
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  parent_id TEXT,
  position INTEGER NOT NULL,
  depth INTEGER NOT NULL,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  slug TEXT NOT NULL,
  path TEXT NOT NULL,
  meta TEXT NOT NULL,
  markdown TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  dirty INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (tree_id, page_id)
);
CREATE INDEX content_pages_path ON content_pages(tree_id, path);
CREATE INDEX content_pages_dirty ON content_pages(tree_id) WHERE dirty = 1;

CREATE TABLE content_bodies (
  hash TEXT PRIMARY KEY,
  markdown TEXT NOT NULL
);

CREATE TABLE content_versions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  tree_id TEXT NOT NULL,
  revision_seq INTEGER NOT NULL,
  page_id TEXT NOT NULL,
  data TEXT,
  body_hash TEXT
);
CREATE INDEX content_versions_lookup ON content_versions(tree_id, page_id, revision_seq);

ALTER TABLE revisions ADD COLUMN tree_id TEXT;
ALTER TABLE revisions ADD COLUMN base_revision_id TEXT;
UPDATE revisions SET tree_id = space_id;
`,
};
