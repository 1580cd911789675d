import type { Migration } from '../migrations';
import { backfillSql, syncTriggersSql } from './sync-triggers-v1';
import { syncedTableAt022 } from './synced-tables-022';

// The tables that existed at this version: tables created by later migrations get their triggers there.
const atThisVersion = [
  'organizations',
  'users',
  'members',
  'teams',
  'team_members',
  'collections',
  'spaces',
  'change_requests',
  'comments',
  'comment_replies',
  'comment_reactions',
].map(syncedTableAt022);

// Field changes of the synced tables (docs/sync.md). `state`: 'local' (written here, not yet acknowledged by
// the server), 'synced' (the server committed it), 'refused' (the server said no, `refusal` says why),
// 'remote' (received from elsewhere). The triggers are generated from a frozen copy of the column lists
// (synced-tables-022.ts); a later change to a dataset's columns comes with a migration that drops and
// recreates that table's triggers.
export const syncChanges: Migration = {
  version: 13,
  name: 'sync: field changes of synced rows',
  sql: `
CREATE TABLE sync_changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  hlc TEXT NOT NULL,
  dataset TEXT NOT NULL,
  row_key TEXT NOT NULL,
  "column" TEXT NOT NULL,
  value TEXT,
  organization_id TEXT,
  state TEXT NOT NULL DEFAULT 'local',
  refusal TEXT,
  UNIQUE (hlc, dataset, row_key, "column")
);
CREATE INDEX sync_changes_cell ON sync_changes(dataset, row_key, "column", hlc);
CREATE INDEX sync_changes_state ON sync_changes(state, seq);
CREATE INDEX sync_changes_org ON sync_changes(organization_id, seq);
-- Rows whose changes arrived before what they refer to (a space before its organization): created later.
CREATE TABLE sync_waiting (
  dataset TEXT NOT NULL,
  row_key TEXT NOT NULL,
  PRIMARY KEY (dataset, row_key)
);
${atThisVersion.map(syncTriggersSql).join('\n')}
${atThisVersion.map(backfillSql).join('\n')}
`,
};
