import type { Migration } from '../migrations';

// Spaces and collections share one ordering among siblings (`position`, renumbered on move),
// because the API lets a space be placed before or after a collection and vice versa.
export const spacesAndCollections: Migration = {
  version: 2,
  name: 'collections, spaces and their revisions',
  sql: `
CREATE TABLE collections (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  parent_id TEXT REFERENCES collections(id) ON DELETE CASCADE,
  title TEXT NOT NULL DEFAULT '',
  description TEXT,
  default_level TEXT NOT NULL DEFAULT 'inherit',
  position INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX collections_org ON collections(organization_id, parent_id, position);

CREATE TABLE spaces (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  parent_id TEXT REFERENCES collections(id) ON DELETE SET NULL,
  title TEXT NOT NULL DEFAULT '',
  emoji TEXT,
  visibility TEXT NOT NULL,
  edit_mode TEXT NOT NULL DEFAULT 'live' CHECK (edit_mode IN ('live', 'locked')),
  default_level TEXT NOT NULL DEFAULT 'inherit',
  position INTEGER NOT NULL,
  revision_id TEXT NOT NULL,
  share_key TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT,
  deleted_by TEXT
);
CREATE INDEX spaces_org ON spaces(organization_id, parent_id, position);
CREATE INDEX spaces_deleted ON spaces(deleted_at) WHERE deleted_at IS NOT NULL;

CREATE TABLE revisions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  parents TEXT NOT NULL DEFAULT '[]',
  type TEXT NOT NULL,
  created_by TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX revisions_space ON revisions(space_id);
`,
};
