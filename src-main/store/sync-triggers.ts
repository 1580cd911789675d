import { DATASETS } from './synced-datasets';
import { secretRestampTriggersSql as secretRestampTriggersSqlV1 } from './migrations/sync-triggers-v1';

/**
 * The sync triggers the live dataset list (src-main/store/synced-datasets.ts) calls for, made by the current version
 * of the trigger SQL (store/migrations/sync-triggers-v1.ts; docs/sync.md, "Capture"). Migrations never
 * import this module (the lint rule of store/migrations/): a migration passes its own frozen copy of the
 * columns it knew, so a later change to a dataset cannot change what an old migration does. A change to a
 * dataset's columns comes with a migration; test/store/sync-triggers.test.ts fails until it does.
 */
export { backfillSql, dropSyncTriggersSql, syncTriggersSql } from './migrations/sync-triggers-v1';

/** The promotion triggers that re-record every secret of the live dataset list (`adminOnly`). */
export function secretRestampTriggersSql(): string {
  return secretRestampTriggersSqlV1(DATASETS);
}
