import type { Migration } from '../migrations';

// Reusable contents (GitBook's RevisionReusableContent; Git Sync's `.gitbook/includes/*.md`, placed in pages with
// `{% include %}`): blocks of markdown a space writes once and shows in many pages. They live in the content
// tree like files do: a record in the tree document (`reusables`), a body document `body:{treeId}:{id}` edited,
// forked and merged exactly as a page's is. These tables are their read model and their history, as
// content_pages / content_versions are for pages: the current rows of each tree (markdown included, dirty
// until a revision records them), and what each revision recorded (metadata, and the body by hash).
export const reusableContents038: Migration = {
  version: 38,
  name: 'reusable contents',
  sql: `
CREATE TABLE content_reusables (
  tree_id TEXT NOT NULL,
  reusable_id TEXT NOT NULL,
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  slug TEXT NOT NULL,
  markdown TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  dirty INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (tree_id, reusable_id)
);
CREATE INDEX content_reusables_dirty ON content_reusables(tree_id) WHERE dirty = 1;

CREATE TABLE content_reusable_versions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  tree_id TEXT NOT NULL,
  revision_seq INTEGER NOT NULL,
  reusable_id TEXT NOT NULL,
  data TEXT,
  body_hash TEXT
);
CREATE INDEX content_reusable_versions_lookup ON content_reusable_versions(tree_id, reusable_id, revision_seq);
CREATE INDEX content_reusable_versions_revision ON content_reusable_versions(tree_id, revision_seq);
`,
};
