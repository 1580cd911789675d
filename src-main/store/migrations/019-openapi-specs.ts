import type { Migration } from '../migrations';
import { syncTriggersSql } from './sync-triggers-v1';
import { syncedTableAt022 } from './synced-tables-022';

const synced = ['openapi_specs', 'openapi_spec_versions'].map(syncedTableAt022);

// OpenAPI specifications of an organization (issue 9) and every processed result of each, kept as a version.
//
// No UNIQUE index on (organization_id, slug): the service keeps slugs unique inside its write transaction,
// but two replicas may each create the same slug offline, and a unique index would leave the second row
// waiting forever when it syncs in. Reads then take the oldest of the two (store/openapi-specs.ts).
//
// `generation` is this replica's own bookkeeping (not synced): bumped by each change of source, so that a
// background processing started before the change does not record a stale result.
//
// A version's `content` is the processed specification, bundled into one JSON document (internal $refs
// kept, external ones inlined), as JSON text: it never changes once written.
export const openAPISpecs019: Migration = {
  version: 19,
  name: 'OpenAPI specifications and their processed versions',
  sql: `
CREATE TABLE openapi_specs (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  slug TEXT NOT NULL,
  source_url TEXT,
  source_text TEXT,
  visibility TEXT NOT NULL DEFAULT 'private',
  processing_state TEXT NOT NULL DEFAULT 'pending',
  last_version_id TEXT,
  last_processed_at TEXT,
  last_process_error_code TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  generation INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX openapi_specs_org_slug ON openapi_specs(organization_id, slug);
CREATE INDEX openapi_specs_state ON openapi_specs(processing_state);

CREATE TABLE openapi_spec_versions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  spec_id TEXT NOT NULL REFERENCES openapi_specs(id) ON DELETE CASCADE,
  source_url TEXT,
  content TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX openapi_spec_versions_spec ON openapi_spec_versions(spec_id, seq);

${synced.map(syncTriggersSql).join('\n')}
`,
};
