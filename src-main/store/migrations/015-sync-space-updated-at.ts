import type { Migration } from '../migrations';
import { dropSyncTriggersSql, syncTriggersSql } from './sync-triggers-v1';
import { syncedTableAt022 } from './synced-tables-022';

const spaces = syncedTableAt022('spaces');

// A space's `updated_at` moves with every revision cut, and revisions are each replica's own: it stops
// syncing (src-main/store/synced-datasets.ts), so the spaces triggers are made again without it.
export const syncSpaceUpdatedAt: Migration = {
  version: 15,
  name: "sync: a space's updated_at is each replica's own",
  sql: `
DROP TRIGGER IF EXISTS sync_spaces_update_updated_at;
${dropSyncTriggersSql(spaces)}
${syncTriggersSql(spaces)}
`,
};
