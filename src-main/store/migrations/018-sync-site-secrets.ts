import { DATASETS, type Dataset } from '../../sync/datasets';
import type { Migration } from '../migrations';

/**
 * Secrets (datasets' `adminOnly`) reach admins' workstations only (sync/server-service.ts pull). Someone
 * made an admin later was skipped when they first went by, so on a promotion (a membership written with
 * the admin role, here or applied from another replica) each secret of the organization this replica holds
 * is recorded again with a new clock reading: it travels again, now to the new admin too. A replica without
 * the secrets (a non-admin's workstation) holds none and records nothing.
 */
function restampSql(dataset: Dataset, org: string): string {
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

const secrets = DATASETS.filter((dataset) => dataset.adminOnly !== undefined);
const restampAll = secrets.map((dataset) => restampSql(dataset, 'NEW.organization_id')).join('\n    ');

export const syncSiteSecrets018: Migration = {
  version: 18,
  name: "sync: sites' secrets go to admins, again on a promotion",
  sql: `
CREATE TRIGGER sync_secrets_on_admin_insert AFTER INSERT ON members WHEN NEW.role = 'admin' BEGIN
    ${restampAll}
END;
CREATE TRIGGER sync_secrets_on_admin_update AFTER UPDATE OF role ON members
  WHEN NEW.role = 'admin' AND OLD.role IS NOT 'admin' BEGIN
    ${restampAll}
END;
`,
};
