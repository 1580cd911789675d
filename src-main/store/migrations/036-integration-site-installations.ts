import type { Migration } from '../migrations';
import { type SyncedTableV1, syncTriggersSql } from './sync-triggers-v1';

// The columns as src-main/store/synced-datasets.ts lists them for this release, frozen here (see 024-space-redirects.ts).
const SITE_INSTALLATIONS_036: SyncedTableV1 = {
  table: 'integration_site_installations',
  key: ['installation_id', 'site_id'],
  columns: ['organization_id', 'integration_name', 'status', 'configuration', 'external_ids', 'created_at', 'updated_at'],
  organization: 'R.organization_id',
};

// An integration installed on one site of the installing organization (GitBook's IntegrationSiteInstallation), as
// integration_space_installations (migration 021) is for spaces: its configuration and external ids. Folio runs
// no integration code, so `status` is what the installation says, never a runtime's health. Synced with the
// installing organization, changed by its site admins.
export const integrationSiteInstallations036: Migration = {
  version: 36,
  name: 'integrations installed on sites',
  sql: `
CREATE TABLE integration_site_installations (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  installation_id TEXT NOT NULL REFERENCES integration_installations(id) ON DELETE CASCADE,
  site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  integration_name TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'active',
  configuration TEXT NOT NULL DEFAULT '{}',
  external_ids TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (installation_id, site_id)
);
CREATE INDEX integration_site_installations_site ON integration_site_installations(site_id);

${syncTriggersSql(SITE_INSTALLATIONS_036)}
`,
};
