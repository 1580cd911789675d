import type { Migration } from '../migrations';

// A space's Git Sync: the repository it exports to and imports from, and where the two last agreed.
// - `url` never holds credentials; `credentials` is sealed (secrets/sealing.ts) JSON {username, password}.
// - `last_commit` is the repository's commit that equals the space's content at `last_revision_id`: the base
//   of the next merge. `managed_paths` (JSON) are the repository files that commit holds for the space, the
//   only ones an export may delete (a LICENSE or CI file beside the docs is never touched).
// - `operation` (JSON, GitBook's GitSyncOperation) is the last export or import: state, stage, error.
// Local to each replica for now: a workstation and the team server each keep their own.
export const gitSync030: Migration = {
  version: 30,
  name: 'git sync per space',
  sql: `
CREATE TABLE git_sync (
  space_id TEXT PRIMARY KEY REFERENCES spaces(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  ref TEXT NOT NULL,
  project_directory TEXT NOT NULL DEFAULT '',
  credentials TEXT,
  provider TEXT,
  tree_url TEXT,
  last_commit TEXT,
  last_revision_id TEXT,
  managed_paths TEXT NOT NULL DEFAULT '[]',
  operation TEXT,
  base_change_request_id TEXT,
  import_change_request_id TEXT,
  pending_commit TEXT,
  pending_revision_id TEXT,
  pending_managed_paths TEXT,
  pending_updates BLOB,
  enabled INTEGER NOT NULL DEFAULT 0,
  configured_by TEXT,
  webhook_secret TEXT,
  poll_minutes INTEGER NOT NULL DEFAULT 5,
  last_checked_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) WITHOUT ROWID;
`,
};
