import { afterAll, describe, expect, it } from 'vitest';
import { DATASETS, type Dataset } from '../../src-main/store/synced-datasets';
import { migratedDatabase } from './schema';

// The triggers a database has after every migration, checked against the live dataset list: a dataset that
// gains or loses a synced column without a migration that remakes its triggers fails here, not on a user's
// machine. Columns only: how a trigger is worded is the migrations' business (test/store/released-migrations).

const db = migratedDatabase();
afterAll(() => db.close());

interface Trigger {
  name: string;
  table: string;
  sql: string;
}
const triggers = db.prepare("SELECT name, tbl_name AS \"table\", sql FROM sqlite_master WHERE type = 'trigger'").all() as Trigger[];
const SECRET_TRIGGERS = ['sync_secrets_on_admin_insert', 'sync_secrets_on_admin_update'];
const captureTriggers = triggers.filter((trigger) => trigger.name.startsWith('sync_') && !SECRET_TRIGGERS.includes(trigger.name));

/** The columns a trigger records: `(sync_hlc(), '<table>', json_array(...), '<column>', ...`. */
function recordedColumns(sql: string, table: string): string[] {
  return [...sql.matchAll(new RegExp(`sync_hlc\\(\\), '${table}', json_array\\([^)]*\\), '(\\w+)'`, 'g'))].map((match) => match[1]!);
}

/** The columns of the row a trigger reads (`NEW.x`, `OLD.x`). */
function rowColumns(sql: string): string[] {
  return [...new Set([...sql.matchAll(/\b(?:NEW|OLD)\.(\w+)/g)].map((match) => match[1]!))];
}

/** The columns of the row a dataset's SQL may read: its synced columns, its key, and those its organization expression names. */
function readableColumns(dataset: Dataset): string[] {
  const organization = [...dataset.organization.matchAll(/\bR\.(\w+)/g)].map((match) => match[1]!);
  return [...new Set([...dataset.columns, ...dataset.key, ...organization])];
}

function tableColumns(table: string): string[] {
  return (db.prepare(`SELECT name FROM pragma_table_xinfo(?)`).all(table) as Array<{ name: string }>).map((row) => row.name);
}

const sorted = (values: Iterable<string>) => [...values].sort();

describe('the sync triggers after every migration', () => {
  it.each(DATASETS.map((dataset) => [dataset.table, dataset] as const))('record exactly the synced columns of %s', (table, dataset) => {
    const own = captureTriggers.filter((trigger) => trigger.table === table);
    const insert = own.find((trigger) => trigger.name === `sync_${table}_insert`);
    const remove = own.find((trigger) => trigger.name === `sync_${table}_delete`);
    const updates = own.filter((trigger) => trigger !== insert && trigger !== remove);

    expect(sorted(recordedColumns(insert?.sql ?? '', table))).toEqual(sorted(dataset.columns));
    expect(sorted(updates.map((trigger) => trigger.name))).toEqual(sorted(dataset.columns.map((column) => `sync_${table}_update_${column}`)));
    for (const update of updates) expect(recordedColumns(update.sql, table)).toEqual([update.name.slice(`sync_${table}_update_`.length)]);
    expect(recordedColumns(remove?.sql ?? '', table)).toEqual(['_deleted']);
  });

  it.each(DATASETS.map((dataset) => [dataset.table, dataset] as const))('read only columns %s has and syncs', (table, dataset) => {
    const read = new Set(captureTriggers.filter((trigger) => trigger.table === table).flatMap((trigger) => rowColumns(trigger.sql)));
    const allowed = readableColumns(dataset);
    expect(sorted(read).filter((column) => !allowed.includes(column))).toEqual([]);
    const existing = tableColumns(table);
    expect(sorted(allowed).filter((column) => !existing.includes(column))).toEqual([]);
  });

  it('exist only on the tables the dataset list names', () => {
    const synced = new Set(DATASETS.map((dataset) => dataset.table));
    expect(sorted(new Set(captureTriggers.map((trigger) => trigger.table).filter((table) => !synced.has(table))))).toEqual([]);
  });

  it("re-record, on an admin's promotion, exactly the secrets the dataset list names", () => {
    const expected = sorted(
      DATASETS.flatMap((dataset) => {
        const columns = dataset.adminOnly === 'row' ? dataset.columns : (dataset.adminOnly ?? []);
        return columns.map((column) => `${dataset.table}.${column}`);
      }),
    );
    for (const name of SECRET_TRIGGERS) {
      const sql = triggers.find((trigger) => trigger.name === name)?.sql ?? '';
      const restamped = [...sql.matchAll(/SELECT sync_hlc\(\), '(\w+)', json_array\([^)]*\), '(\w+)'/g)].map((match) => `${match[1]}.${match[2]}`);
      expect(sorted(restamped), name).toEqual(expected);
    }
  });
});
