import { HybridLogicalClock } from './hybrid-logical-clock';
import type { Db } from './database';
import { newId } from './ids';
import { ensureSetting } from './settings';

/** The setting naming this data directory as a replica (the last part of every clock stamp it issues). */
const REPLICA_ID_SETTING = 'sync.replica_id';

interface CaptureState {
  capturing: boolean;
  clock?: HybridLogicalClock;
  wallClock: () => number;
  listeners: Set<() => void>;
  notifyScheduled: boolean;
}

const states = new WeakMap<Db, CaptureState>();

/**
 * Registers the two functions the sync triggers call (store/sync-triggers.ts) on a connection: every
 * connection that may write a synced table needs them, so openDatabase registers them before migrating.
 */
export function registerSyncFunctions(db: Db, wallClock: () => number = Date.now): void {
  const state: CaptureState = { capturing: true, wallClock, listeners: new Set(), notifyScheduled: false };
  states.set(db, state);
  db.function('sync_capturing', { deterministic: false }, () => (state.capturing ? 1 : 0));
  db.function('sync_hlc', { deterministic: false }, () => {
    // A function called from SQL may not query the connection it runs on: the clock is set up before.
    if (!state.clock) throw new Error('the sync clock is not set up on this connection (startSyncClock)');
    scheduleNotify(state);
    return state.clock.next();
  });
  // An existing store: set up now, before migrations that may record changes run.
  if (hasTable(db, 'settings')) startSyncClock(db);
}

/** Sets up this replica's clock, resumed after the latest stamp it issued or received. Idempotent. */
export function startSyncClock(db: Db): void {
  const state = stateOf(db);
  if (state.clock) return;
  const replica = ensureSetting(db, REPLICA_ID_SETTING, newId(16));
  const last = hasTable(db, 'sync_changes')
    ? ((db.prepare('SELECT MAX(hlc) AS hlc FROM sync_changes').get() as { hlc: string | null }).hlc ?? undefined)
    : undefined;
  state.clock = new HybridLogicalClock(replica, state.wallClock, last);
}

function hasTable(db: Db, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

function stateOf(db: Db): CaptureState {
  const state = states.get(db);
  if (!state) throw new Error('the sync functions are not registered on this connection (openDatabase registers them)');
  return state;
}

/** This replica's clock. */
export function clockOf(db: Db): HybridLogicalClock {
  startSyncClock(db);
  return stateOf(db).clock!;
}

export function replicaIdOf(db: Db): string {
  return clockOf(db).replica;
}

/** Runs `work` with capture off: rows written by applying remote changes must not be recorded as local ones. */
export function withoutCapture<T>(db: Db, work: () => T): T {
  const state = stateOf(db);
  const before = state.capturing;
  state.capturing = false;
  try {
    return work();
  } finally {
    state.capturing = before;
  }
}

/**
 * Calls `listener` after changes were recorded (local writes, or remote ones applied): once per turn of
 * the event loop, after the writing transaction has committed. Returns an unsubscribe.
 */
export function onSyncChanges(db: Db, listener: () => void): () => void {
  const state = stateOf(db);
  state.listeners.add(listener);
  return () => state.listeners.delete(listener);
}

/** Says that changes were recorded without the triggers (remote changes applied). */
export function notifySyncChanges(db: Db): void {
  scheduleNotify(stateOf(db));
}

function scheduleNotify(state: CaptureState): void {
  if (state.notifyScheduled || state.listeners.size === 0) return;
  state.notifyScheduled = true;
  setImmediate(() => {
    state.notifyScheduled = false;
    for (const listener of state.listeners) listener();
  });
}
