import type { Db } from '../store/database';
import { inTransaction } from '../store/database';
import { clockOf, notifySyncChanges, withoutCapture } from '../store/sync-capture';
import {
  afterRemoteInsert,
  deleteRow,
  type FieldChange,
  hasChange,
  insertReceivedChange,
  insertRow,
  latestValues,
  localColumnsForInsert,
  moveAsideLocalUser,
  addWaitingRow,
  rowExists,
  takeWaitingRows,
  updateField,
} from '../store/sync-changes';
import { type Dataset, DATASETS, DELETED_COLUMN, datasetOf } from '../store/synced-datasets';
import { isHlc } from '../store/hybrid-logical-clock';
import { sealReceived } from './sealed-changes';

interface ApplyResult {
  /** Changes recorded now. */
  applied: number;
  /** Changes already known (a resent batch): acknowledged, not applied twice. */
  duplicates: number;
  /** Rows that could not be created yet (what they refer to has not arrived); they are created when it does. */
  waiting: number;
}

export class InvalidChangeError extends Error {}

/** Refuses a change that does not name a synced table, column and row the way this replica's datasets do. */
export function checkChange(change: FieldChange): Dataset {
  const dataset = datasetOf(change.dataset);
  if (!dataset) throw new InvalidChangeError(`dataset: "${change.dataset}" is not synced`);
  if (change.column !== DELETED_COLUMN && !dataset.columns.includes(change.column)) {
    throw new InvalidChangeError(`column: "${change.column}" is not a synced column of ${change.dataset}`);
  }
  if (!isHlc(change.hlc)) throw new InvalidChangeError('hlc: not a clock stamp');
  let key: unknown;
  try {
    key = JSON.parse(change.rowKey);
  } catch {
    throw new InvalidChangeError('rowKey: not JSON');
  }
  if (!Array.isArray(key) || key.length !== dataset.key.length) {
    throw new InvalidChangeError(`rowKey: expected ${dataset.key.length} key value(s) of ${change.dataset}`);
  }
  if (change.value !== null) {
    try {
      JSON.parse(change.value);
    } catch {
      throw new InvalidChangeError('value: not JSON');
    }
  }
  return dataset;
}

/**
 * Applies changes received from another replica in one transaction, with capture off (they are not local
 * changes): each is recorded once (a resent one is a duplicate), then every row they touch is set to the
 * latest value of each of its fields by clock stamp (per-field last writer wins, docs/sync.md). Local
 * changes not yet sent take part like any other: a later local rename stays.
 */
export function applyRemoteChanges(db: Db, changes: readonly FieldChange[]): ApplyResult {
  for (const change of changes) checkChange(change);
  const clock = clockOf(db);
  return inTransaction(db, () =>
    withoutCapture(db, () => {
      let applied = 0;
      let duplicates = 0;
      const touched = new Map<string, { dataset: Dataset; rowKey: string }>();
      const touch = (dataset: string, rowKey: string) => touched.set(`${dataset}\u0000${rowKey}`, { dataset: datasetOf(dataset)!, rowKey });
      for (const row of takeWaitingRows(db)) touch(row.dataset, row.rowKey);
      for (const change of changes) {
        if (hasChange(db, change)) {
          duplicates += 1;
          continue;
        }
        clock.receive(change.hlc);
        // Secrets arrive open (the wire is the authenticated sync protocol) and are kept sealed here.
        insertReceivedChange(db, sealReceived(db, change));
        applied += 1;
        touch(change.dataset, change.rowKey);
      }
      const waiting = materializeRows(db, [...touched.values()]);
      for (const row of waiting) addWaitingRow(db, row.dataset.table, row.rowKey);
      if (applied > 0) notifySyncChanges(db);
      return { applied, duplicates, waiting: waiting.length };
    }),
  );
}

/** Parents before children (organizations before their spaces...); returns the rows that must wait. */
function materializeRows(db: Db, rows: Array<{ dataset: Dataset; rowKey: string }>): Array<{ dataset: Dataset; rowKey: string }> {
  let waiting = [...rows].sort((a, b) => DATASETS.indexOf(a.dataset) - DATASETS.indexOf(b.dataset));
  for (;;) {
    const stillWaiting = waiting.filter((row) => !materializeRow(db, row.dataset, row.rowKey));
    if (stillWaiting.length === 0 || stillWaiting.length === waiting.length) return stillWaiting;
    waiting = stillWaiting;
  }
}

/** Makes a row match the latest values of its fields; false when it cannot exist yet. */
function materializeRow(db: Db, dataset: Dataset, rowKey: string): boolean {
  const key = JSON.parse(rowKey) as unknown[];
  const values = latestValues(db, dataset.table, rowKey);
  if (values.size === 0) {
    // Nothing but refused changes: the row was made here and the server said no; it goes.
    deleteRow(db, dataset, key);
    return true;
  }
  if (values.has(DELETED_COLUMN)) {
    // A deleted row stays deleted: later field changes do not bring it back (docs/sync.md).
    deleteRow(db, dataset, key);
    return true;
  }
  if (rowExists(db, dataset, key)) {
    for (const [column, value] of values) updateField(db, dataset, key, column, value);
    return true;
  }
  const row = new Map<string, string | null>(dataset.key.map((column, i) => [column, JSON.stringify(key[i] ?? null)]));
  for (const [column, value] of values) row.set(column, value);
  for (const [column, value] of localColumnsForInsert(db, dataset, row)) row.set(column, value);
  try {
    insertRow(db, dataset, row);
  } catch (error) {
    const code = (error as { code?: string }).code;
    // A user whose email a local-only user has: that one steps aside (docs/sync.md, "Identity"), then retry.
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' && dataset.table === 'users') {
      const email = JSON.parse(row.get('email') ?? 'null') as string | null;
      if (email && moveAsideLocalUser(db, email, String(key[0]))) return materializeRow(db, dataset, rowKey);
    }
    // A missing parent (foreign key) or a field that has not arrived yet (NOT NULL): wait for it.
    if (code?.startsWith('SQLITE_CONSTRAINT')) return false;
    throw error;
  }
  afterRemoteInsert(db, dataset, key);
  return true;
}

/**
 * After the server refused some of this replica's changes (now marked refused): sets their rows back to the
 * latest values that still count, i.e. the server's, with capture off.
 */
export function revertRows(db: Db, rows: ReadonlyArray<{ dataset: string; rowKey: string }>): void {
  withoutCapture(db, () => {
    for (const row of rows) {
      const dataset = datasetOf(row.dataset);
      if (dataset) materializeRow(db, dataset, row.rowKey);
    }
  });
}
