import type { Migration } from '../migrations';
import { secretRestampTriggersSql } from '../sync-triggers';

// Secrets go to admins only, and again to someone promoted later (store/sync-triggers.ts).
export const syncSiteSecrets018: Migration = {
  version: 18,
  name: "sync: sites' secrets go to admins, again on a promotion",
  sql: secretRestampTriggersSql(),
};
