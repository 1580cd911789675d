import { datasetOf } from '../../sync/datasets';
import type { Migration } from '../migrations';
import { dropSyncTriggersSql, syncTriggersSql } from '../sync-triggers';

const spaces = datasetOf('spaces')!;

// A space's `updated_at` moves with every revision cut, and revisions are each replica's own: it stops
// syncing (src-main/sync/datasets.ts), so the spaces triggers are made again without it.
export const syncSpaceUpdatedAt: Migration = {
  version: 15,
  name: "sync: a space's updated_at is each replica's own",
  sql: `
DROP TRIGGER IF EXISTS sync_spaces_update_updated_at;
${dropSyncTriggersSql(spaces)}
${syncTriggersSql(spaces)}
`,
};
