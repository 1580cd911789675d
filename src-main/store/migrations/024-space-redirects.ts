import type { Migration } from '../migrations';
import { type SyncedTableV1, syncTriggersSql } from './sync-triggers-v1';

// The columns as src-main/store/synced-datasets.ts lists them for this release, written out here so the migration
// never changes with the live list.
const SPACE_REDIRECTS_024: SyncedTableV1 = {
  table: 'space_redirects',
  key: ['space_id', 'source'],
  columns: ['page_id', 'target_path', 'created_at', 'updated_at'],
  organization: '(SELECT organization_id FROM spaces WHERE id = R.space_id)',
};

// Redirects of a space's published pages (a GitBook repository's `.gitbook.yaml` `redirects:`): `source` is
// an old address of the space's site (a path below the site space, without a leading `/`) and leads to the
// page `page_id` (a page of the space's main content: no foreign key, pages live in the tree document) or,
// when the import found no page for it, to `target_path`, the file the repository named. Redirects are the
// space's content and sync like its other rows, named by space and source (one redirect per old address on
// every replica, whichever made it).
export const spaceRedirects024: Migration = {
  version: 24,
  name: "redirects of a space's published pages",
  sql: `
CREATE TABLE space_redirects (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  space_id TEXT NOT NULL REFERENCES spaces(id) ON DELETE CASCADE,
  source TEXT NOT NULL,
  page_id TEXT,
  target_path TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (space_id, source)
);

${syncTriggersSql(SPACE_REDIRECTS_024)}
`,
};
