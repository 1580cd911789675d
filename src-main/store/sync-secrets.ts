import { DATASETS, DELETED_COLUMN } from './synced-datasets';
import type { Db } from './database';
import { withoutCapture } from './sync-capture';

/**
 * A workstation forgets the secrets of every mirrored organization in which `userId` (the account it syncs
 * as) is no longer an admin: the secret columns go back to NULL, admin-only rows go, and so do the change
 * log's copies of their values, leaving the store as a non-admin's workstation that never received them
 * (docs/sync.md, "Secrets"). Not captured: the server keeps its secrets. A later promotion re-sends them
 * (store/sync-triggers.ts). Returns how many rows changed here.
 */
export function forgetSecretsOfNonAdmin(db: Db, userId: string): number {
  const organizations = (
    db
      .prepare(
        `SELECT organization_id AS id FROM members WHERE user_id = ? AND role IS NOT 'admin'
           AND organization_id IN (SELECT organization_id FROM sync_changes WHERE state = 'remote')`,
      )
      .all(userId) as Array<{ id: string }>
  ).map((row) => row.id);
  if (organizations.length === 0) return 0;
  let changed = 0;
  withoutCapture(db, () => {
    for (const dataset of DATASETS) {
      if (dataset.adminOnly === undefined) continue;
      const organization = dataset.organization.replaceAll('R.', `${dataset.table}.`);
      const columns = dataset.adminOnly === 'row' ? [...dataset.columns, DELETED_COLUMN] : dataset.adminOnly;
      const forgetLog = db.prepare(
        // Received or already accepted; the writer's own changes still waiting or refused stay listed as theirs.
        `DELETE FROM sync_changes WHERE state IN ('remote', 'synced') AND organization_id = ? AND dataset = ?
           AND "column" IN (${columns.map(() => '?').join(', ')})`,
      );
      const forgetRows =
        dataset.adminOnly === 'row'
          ? [db.prepare(`DELETE FROM ${dataset.table} WHERE ${organization} = ?`)]
          : dataset.adminOnly.map((column) => db.prepare(`UPDATE ${dataset.table} SET ${column} = NULL WHERE ${organization} = ? AND ${column} IS NOT NULL`));
      for (const organizationId of organizations) {
        for (const statement of forgetRows) changed += statement.run(organizationId).changes;
        // Also older values of a secret since cleared. Cheap on every round: the log is indexed by dataset.
        forgetLog.run(organizationId, dataset.table, ...columns);
      }
    }
  });
  return changed;
}
