import type { Migration } from '../migrations';

// Change requests are forks of a space's content (docs/content.md): their own tree document and
// read-model rows (tree_id = the change request id), and their own copy of each page body they, or
// main, changed since the fork (change_request_bodies).
export const changeRequests: Migration = {
  version: 11,
  name: 'change requests',
  sql: `
CREATE TABLE change_requests (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  number INTEGER NOT NULL,
  subject TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'draft',
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  revision_initial TEXT NOT NULL,
  revision_merged_ancestor TEXT,
  revision_merged TEXT,
  UNIQUE (space_id, number)
);
CREATE INDEX change_requests_space ON change_requests(space_id, status);

CREATE TABLE change_request_contributors (
  change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  PRIMARY KEY (change_request_id, user_id)
);

CREATE TABLE change_request_bodies (
  change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
  page_id TEXT NOT NULL,
  edited INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (change_request_id, page_id)
);
`,
};
