/**
 * Version 1 of the SQL that records writes to a synced table as field changes (docs/sync.md, "Capture"),
 * as migrations 013–022 generate it. FROZEN: released migrations call these functions, so the SQL they emit
 * for a given table list must never change (test/store/released-migrations.test.ts pins every released
 * migration's SQL by digest). Triggers of another shape are a `sync-triggers-v2.ts` beside this file, used
 * by the migration that rebuilds the triggers with it.
 *
 * The triggers run only while `sync_capturing()` is true (not while remote changes are applied) and stamp
 * each change with `sync_hlc()`; both are JavaScript functions registered on the connection
 * (store/sync-capture.ts).
 */

/** A synced table as these functions read it: a migration passes its own frozen copy, never the live list. */
export interface SyncedTableV1 {
  table: string;
  key: readonly string[];
  columns: readonly string[];
  /** SQL over the row, aliased `R` (NEW or OLD in a trigger), giving its organization id. */
  organization: string;
  /** Columns (or the whole row) only the organization's admins receive. */
  adminOnly?: 'row' | readonly string[];
}

const DELETED_COLUMN = '_deleted';

/** An insert records each column, an update each column whose value changed, a delete a tombstone. */
export function syncTriggersSql(dataset: SyncedTableV1): string {
  const { table } = dataset;
  const rowKey = (alias: string) => `json_array(${dataset.key.map((column) => `${alias}.${column}`).join(', ')})`;
  const organization = (alias: string) => dataset.organization.replaceAll('R.', `${alias}.`);
  const change = (alias: string, column: string, value: string) =>
    `(sync_hlc(), '${table}', ${rowKey(alias)}, '${column}', ${value}, ${organization(alias)})`;
  const insertInto = 'INSERT INTO sync_changes (hlc, dataset, row_key, "column", value, organization_id) VALUES';

  const statements = [
    `CREATE TRIGGER sync_${table}_insert AFTER INSERT ON ${table} WHEN sync_capturing() BEGIN
  ${insertInto} ${dataset.columns.map((column) => change('NEW', column, `json_quote(NEW.${column})`)).join(',\n    ')};
END;`,
    ...dataset.columns.map(
      (column) => `CREATE TRIGGER sync_${table}_update_${column} AFTER UPDATE OF ${column} ON ${table}
  WHEN sync_capturing() AND NEW.${column} IS NOT OLD.${column} BEGIN
  ${insertInto} ${change('NEW', column, `json_quote(NEW.${column})`)};
END;`,
    ),
    `CREATE TRIGGER sync_${table}_delete AFTER DELETE ON ${table} WHEN sync_capturing() BEGIN
  ${insertInto} ${change('OLD', DELETED_COLUMN, "'true'")};
END;`,
  ];
  return statements.join('\n');
}

/** Drops a table's sync triggers (a later migration that adds a synced column recreates them). */
export function dropSyncTriggersSql(dataset: SyncedTableV1): string {
  return [
    `DROP TRIGGER IF EXISTS sync_${dataset.table}_insert;`,
    ...dataset.columns.map((column) => `DROP TRIGGER IF EXISTS sync_${dataset.table}_update_${column};`),
    `DROP TRIGGER IF EXISTS sync_${dataset.table}_delete;`,
  ].join('\n');
}

/** Records every row a table already holds as inserted, so rows written before sync existed travel too. */
export function backfillSql(dataset: SyncedTableV1): string {
  const rowKey = `json_array(${dataset.key.map((column) => `R.${column}`).join(', ')})`;
  return dataset.columns
    .map(
      (column) => `INSERT INTO sync_changes (hlc, dataset, row_key, "column", value, organization_id)
  SELECT sync_hlc(), '${dataset.table}', ${rowKey}, '${column}', json_quote(R.${column}), ${dataset.organization} FROM ${dataset.table} R;`,
    )
    .join('\n');
}

/**
 * Secrets (`adminOnly`) reach admins' workstations only (sync/server-service.ts pull). Someone made an admin
 * later was skipped when they first went by, so on a promotion (a membership written with the admin role,
 * here or applied from another replica) each secret of the organization this replica holds is recorded again
 * with a new clock reading: it travels again, now to the new admin too. A replica without the secrets (a
 * non-admin's workstation) holds none and records nothing. `datasets` is every synced table; those with
 * secrets are picked from it, in its order.
 */
export function secretRestampTriggersSql(datasets: readonly SyncedTableV1[]): string {
  const restamp = datasets
    .filter((dataset) => dataset.adminOnly !== undefined)
    .map((dataset) => restampSql(dataset, 'NEW.organization_id'))
    .join('\n    ');
  return `DROP TRIGGER IF EXISTS sync_secrets_on_admin_insert;
DROP TRIGGER IF EXISTS sync_secrets_on_admin_update;
CREATE TRIGGER sync_secrets_on_admin_insert AFTER INSERT ON members WHEN NEW.role = 'admin' BEGIN
    ${restamp}
END;
CREATE TRIGGER sync_secrets_on_admin_update AFTER UPDATE OF role ON members
  WHEN NEW.role = 'admin' AND OLD.role IS NOT 'admin' BEGIN
    ${restamp}
END;`;
}

function restampSql(dataset: SyncedTableV1, org: string): string {
  const columns = dataset.adminOnly === 'row' ? dataset.columns : (dataset.adminOnly ?? []);
  const key = `json_array(${dataset.key.map((column) => `R.${column}`).join(', ')})`;
  return columns
    .map(
      (column) => `INSERT INTO sync_changes (hlc, dataset, row_key, "column", value, organization_id)
    SELECT sync_hlc(), '${dataset.table}', ${key}, '${column}', json_quote(R.${column}), ${org}
    FROM ${dataset.table} R WHERE ${dataset.organization} = ${org} AND R.${column} IS NOT NULL;`,
    )
    .join('\n    ');
}
