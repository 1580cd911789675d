import type { Migration } from '../migrations';

// Files of content: their bytes stored once by SHA-256 (`blobs`), their records in each content
// tree's Yjs document, materialised here, and versioned per revision like pages.
export const contentFiles: Migration = {
  version: 6,
  name: 'content files: blobs, current files, file versions',
  sql: `
CREATE TABLE blobs (
  hash TEXT PRIMARY KEY,
  size INTEGER NOT NULL,
  data BLOB NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE content_files (
  tree_id TEXT NOT NULL,
  file_id TEXT NOT NULL,
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  hash TEXT NOT NULL,
  size INTEGER NOT NULL,
  width INTEGER,
  height INTEGER,
  created_at TEXT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  dirty INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (tree_id, file_id)
);
CREATE INDEX content_files_dirty ON content_files(tree_id) WHERE dirty = 1;

CREATE TABLE content_file_versions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  tree_id TEXT NOT NULL,
  revision_seq INTEGER NOT NULL,
  file_id TEXT NOT NULL,
  data TEXT
);
CREATE INDEX content_file_versions_lookup ON content_file_versions(tree_id, file_id, revision_seq);
`,
};
