import type { Migration } from '../migrations';
import { dropSyncTriggersSql, syncTriggersSql } from './sync-triggers-v1';
import { syncedTableAt022 } from './synced-tables-022';

const sites = syncedTableAt022('sites');

// A site's custom hostname (`docs.example.com`). /v1 refuses a hostname another site has, but the index is
// not UNIQUE: two workstations may each give it to a site offline, and a constraint would then refuse a
// synced change (the oldest such site answers for the hostname). Sites gain a synced column, so their sync
// triggers are made again (see migration 017).
export const siteHostnames022: Migration = {
  version: 22,
  name: "sites' custom hostnames",
  sql: `
ALTER TABLE sites ADD COLUMN hostname TEXT;
CREATE INDEX sites_hostname ON sites(hostname) WHERE hostname IS NOT NULL;
${dropSyncTriggersSql(sites)}
${syncTriggersSql(sites)}
`,
};
