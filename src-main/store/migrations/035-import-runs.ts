import type { Migration } from '../migrations';

// Import runs (GitBook's ContentImportRun, /v1/org/{organizationId}/imports): an import started through the API
// runs in the background over the import engine (src-main/import), and its row records where it is.
// - `source` is GitBook's ContentImportSource as given (JSON); `space_id`, `change_request_id` and `page_id`
//   are where the content goes; `site_id` the site it is for, when the caller named one.
// - `status` moves pending → in-progress → completed | failed | cancelled; `reason` says why it failed.
// - `pages_done` / `pages_found` are the engine's progress (pages read of pages found so far); `revision_id`
//   the revision the completed import wrote.
// - `cancel_requested` is set by a cancel: the running import stops at its next page and writes nothing.
// A run is this replica's own work (its process runs it): no sync triggers, no dataset (docs/sync.md).
export const importRuns035: Migration = {
  version: 35,
  name: 'import runs',
  sql: `
CREATE TABLE import_runs (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  change_request_id TEXT,
  page_id TEXT,
  site_id TEXT,
  source TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'in-progress', 'completed', 'failed', 'cancelled')),
  reason TEXT,
  pages_done INTEGER NOT NULL DEFAULT 0,
  pages_found INTEGER NOT NULL DEFAULT 0,
  revision_id TEXT,
  cancel_requested INTEGER NOT NULL DEFAULT 0,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  started_at TEXT,
  updated_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX import_runs_organization ON import_runs(organization_id, seq);
CREATE INDEX import_runs_unfinished ON import_runs(status) WHERE status IN ('pending', 'in-progress');
`,
};
