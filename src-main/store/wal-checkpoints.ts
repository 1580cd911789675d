import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './database';

/**
 * The checkpointer's own thread: a connection per registered database file, each checkpointed (PASSIVE) every
 * interval. It is CommonJS evaluated from a string so the bundled builds need no separate worker file.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const connections = new Map();
let Database;
parentPort.on('message', (message) => {
  if (message.type === 'add') {
    Database ??= require(message.driver);
    const db = new Database(message.file);
    db.pragma('busy_timeout = 5000');
    const timer = setInterval(() => {
      try {
        db.pragma('wal_checkpoint(PASSIVE)');
      } catch (error) {
        parentPort.postMessage({ type: 'error', file: message.file, message: String(error && error.message || error) });
      }
    }, message.intervalMs);
    connections.set(message.key, { db, timer });
  } else if (message.type === 'remove') {
    const entry = connections.get(message.key);
    if (entry) {
      clearInterval(entry.timer);
      entry.db.close();
      connections.delete(message.key);
    }
    // The app's close waits on this: its files may be deleted right after.
    Atomics.store(message.closed, 0, 1);
    Atomics.notify(message.closed, 0);
    if (connections.size === 0) parentPort.close();
  }
});
`;

/** How long closing waits for the checkpointer to let go of the database (a checkpoint in progress finishes first). */
const STOP_TIMEOUT_MS = 5_000;

interface Registration {
  db: Db;
  intervalMs: number;
  /** Set when the thread died: this database is checkpointed on the main thread from then on. */
  fallback?: () => void;
}

let worker: Worker | undefined;
/** The databases the current thread checkpoints, by key. */
let registrations = new Map<number, Registration>();
let nextKey = 0;

function checkpointWorker(): Worker {
  if (worker) return worker;
  const created = new Worker(WORKER_SOURCE, { eval: true });
  const served = new Map<number, Registration>();
  registrations = served;
  created.unref();
  created.on('message', (message: { type: string; file: string; message: string }) => {
    // The log stays and the next turn retries: a checkpoint is housekeeping, never lost data.
    if (message.type === 'error') console.error(`[folio] WAL checkpoint of ${message.file} failed: ${message.message}`);
  });
  created.on('error', (error) => console.error('[folio] the WAL checkpointer stopped; checkpoints continue on the main thread:', error));
  created.on('exit', () => {
    if (worker === created) worker = undefined;
    // Databases still registered (the thread failed, e.g. could not load the driver) are not left to grow their log.
    for (const registration of served.values()) registration.fallback ??= checkpointInThread(registration.db, registration.intervalMs);
  });
  worker = created;
  return created;
}

/**
 * Copies the write-ahead log into the database every `intervalMs` (openDatabase turns SQLite's own checkpoint,
 * which runs inside whichever commit crosses 1,000 log pages, off). The checkpoint runs on a thread of its own
 * with its own connection: its copying and fsync never hold up a keystroke's commit or a request. PASSIVE never
 * waits for readers or writers; with nothing new in the log it does nothing. One thread serves every database
 * of the process; if it cannot run, the main thread checkpoints between requests instead. When no process runs
 * this (a lone CLI command), closing the last connection checkpoints.
 * Returns a stop function; 0 runs nothing (benchmarks that count log bytes).
 */
export function startWalCheckpoints(db: Db, intervalMs: number): () => void {
  if (intervalMs <= 0 || db.memory) return () => {};
  const key = (nextKey += 1);
  let thread: Worker;
  const registration: Registration = { db, intervalMs };
  try {
    thread = checkpointWorker();
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    thread.postMessage({ type: 'add', key, file: db.name, driver, intervalMs });
  } catch (error) {
    // No worker threads here: checkpoint between requests on this thread instead.
    console.error('[folio] WAL checkpoints run on the main thread:', error);
    return checkpointInThread(db, intervalMs);
  }
  const served = registrations;
  served.set(key, registration);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    served.delete(key);
    if (registration.fallback) return registration.fallback();
    // Synchronous, as closing the app is: its connection must be gone before anyone deletes the files.
    const closed = new Int32Array(new SharedArrayBuffer(4));
    thread.postMessage({ type: 'remove', key, closed });
    if (served.size === 0 && worker === thread) worker = undefined;
    Atomics.wait(closed, 0, 0, STOP_TIMEOUT_MS);
  };
}

function checkpointInThread(db: Db, intervalMs: number): () => void {
  const timer = setInterval(() => {
    if (!db.open) return;
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      console.error('[folio] WAL checkpoint failed:', error);
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
