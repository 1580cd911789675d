import type { Migration } from '../migrations';
import { secretRestampTriggersSql } from './sync-triggers-v1';
import { SYNCED_TABLES_022 } from './synced-tables-022';

// Secrets go to admins only, and again to someone promoted later (sync-triggers-v1.ts).
export const syncSiteSecrets018: Migration = {
  version: 18,
  name: "sync: sites' secrets go to admins, again on a promotion",
  sql: secretRestampTriggersSql(SYNCED_TABLES_022),
};
