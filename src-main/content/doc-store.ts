import * as Y from 'yjs';
import { type Clock, isoNow } from '../app/context';
import { inTransaction, type Db } from '../store/database';
import { appendUpdate, deleteDocs, ensureDocRow, lastUpdateSeq, readDoc, replaceSnapshot } from '../store/ydocs';

/** Origin of changes made through the store, so listeners can tell them from remote ones. */
const LOCAL_ORIGIN = Symbol('folio-local');
const REMOTE_ORIGIN = Symbol('folio-remote');

interface DocStoreOptions {
  /** Documents kept in memory at most (least recently used go first). */
  maxCached?: number;
  /** A document unused this long is dropped from memory by evictIdle(). */
  idleMs?: number;
  /**
   * Fold the update log into the snapshot once it holds this many updates and its bytes reach half
   * the snapshot's (so rewriting a long page's snapshot is paid over many keystrokes); at ten times
   * this many updates in any case, which bounds the work of loading a document.
   */
  compactAfter?: number;
}

export interface DocWriter {
  /** Mutates a document; the resulting update is appended in the surrounding transaction. Null when nothing changed. */
  change(docId: string, mutate: (doc: Y.Doc) => void): Uint8Array | null;
  /** Applies an update from elsewhere (a fork, a replica). Duplicates and reordering are harmless. */
  applyUpdate(docId: string, update: Uint8Array): Uint8Array | null;
}

/** What a committed write did, for listeners: who made it (`write`'s origin) and the updates it stored, by document. */
export interface CommittedWrite {
  origin?: string;
  updates: ReadonlyMap<string, readonly Uint8Array[]>;
}

export class DocLoadError extends Error {
  constructor(docId: string, cause: unknown) {
    super(`Content document "${docId}" could not be loaded: ${(cause as Error).message}`, { cause });
    this.name = 'DocLoadError';
  }
}

interface Cached {
  doc: Y.Doc;
  lastUsed: number;
  /** The update log on disk as this process knows it: what decides when to compact, without a query per write. */
  log: { updates: number; bytes: number; snapshotBytes: number; hasRow: boolean };
}

/**
 * Yjs documents persisted in SQLite as a snapshot plus an append-only update log (docs/content.md).
 * Every change is written in the same SQLite transaction as the rows it goes with, and acknowledged
 * only once committed; a failed transaction drops the touched documents from memory so the next read
 * reloads exactly what is on disk. A document that fails to load is never cached or written.
 */
export class DocStore {
  private readonly cache = new Map<string, Cached>();
  private readonly maxCached: number;
  private readonly idleMs: number;
  private readonly compactAfter: number;
  private readonly compactionQueue = new Set<string>();
  private compactionScheduled = false;
  private readonly listeners = new Set<(docIds: string[], write: CommittedWrite) => void>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    options: DocStoreOptions = {},
  ) {
    this.maxCached = options.maxCached ?? 200;
    this.idleMs = options.idleMs ?? 5 * 60 * 1000;
    this.compactAfter = options.compactAfter ?? 200;
  }

  /** The document, loaded on first use. Callers must not mutate it: write through `write`. */
  get(docId: string): Y.Doc {
    const cached = this.cache.get(docId);
    if (cached) {
      cached.lastUsed = this.clock.now().getTime();
      // Map order is the LRU order: move to the end.
      this.cache.delete(docId);
      this.cache.set(docId, cached);
      return cached.doc;
    }
    return this.cacheEntry(docId).doc;
  }

  private cacheEntry(docId: string): Cached {
    const cached = this.cache.get(docId);
    if (cached) {
      this.get(docId);
      return cached;
    }
    const entry = this.load(docId);
    this.cache.set(docId, entry);
    this.evictOverflow();
    return entry;
  }

  exists(docId: string): boolean {
    return this.cache.has(docId) || readDoc(this.db, docId) !== undefined;
  }

  isCached(docId: string): boolean {
    return this.cache.has(docId);
  }

  stateVector(docId: string): Uint8Array {
    return Y.encodeStateVector(this.get(docId));
  }

  /** Everything the holder of `stateVector` is missing (the whole document without one). */
  diff(docId: string, stateVector?: Uint8Array): Uint8Array {
    return Y.encodeStateAsUpdate(this.get(docId), stateVector);
  }

  /**
   * Runs `work` in one SQLite transaction with a writer for documents; all of it lands or none does.
   * `origin` is handed to the commit listeners (the live channel tells its own writes apart).
   */
  write<T>(work: (writer: DocWriter) => T, origin?: string): T {
    const touched = new Set<string>();
    // Documents that really changed (an update already known changes nothing), with what changed them.
    const changed = new Map<string, Uint8Array[]>();
    const record = (docId: string, update: Uint8Array) => {
      const list = changed.get(docId);
      if (list) list.push(update);
      else changed.set(docId, [update]);
    };
    const now = isoNow(this.clock);
    const writer: DocWriter = {
      change: (docId, mutate) => {
        touched.add(docId);
        const doc = this.get(docId);
        const update = captureUpdate(doc, () => doc.transact(() => mutate(doc), LOCAL_ORIGIN));
        if (update) {
          this.persist(docId, update, now);
          record(docId, update);
        }
        return update;
      },
      applyUpdate: (docId, incoming) => {
        touched.add(docId);
        const doc = this.get(docId);
        const changed = appliedAnything(doc, () => Y.applyUpdate(doc, incoming, REMOTE_ORIGIN));
        // The incoming bytes are stored as they came rather than re-encoded from the document (a keystroke's
        // share of the work): applying an update twice is harmless, so the parts already known cost only bytes.
        // Parts that wait for updates not received yet stay pending in memory: they are on disk the same way,
        // so a restart before the missing update arrives loses nothing.
        if (changed || doc.store.pendingStructs || doc.store.pendingDs) this.persist(docId, incoming, now);
        if (!changed) return null;
        record(docId, incoming);
        return incoming;
      },
    };
    let result: T;
    try {
      result = inTransaction(this.db, () => work(writer));
    } catch (error) {
      for (const docId of touched) this.cache.delete(docId);
      throw error;
    }
    for (const docId of touched) this.maybeScheduleCompaction(docId);
    if (changed.size > 0) {
      const docIds = [...changed.keys()];
      for (const listener of this.listeners) listener(docIds, { origin, updates: changed });
    }
    return result;
  }

  /**
   * Replaces a document with another state, history and all, in the writer's transaction (a workstation's
   * copy returning to the server's after the server refused its edits; docs/sync.md). The stored log goes
   * and the document gets a new generation. Never used to rebuild from content (lesson 3): `state` is
   * another replica's Yjs state of the same document.
   */
  replaceWithin(writer: DocWriter, docId: string, state: Uint8Array): void {
    deleteDocs(this.db, docId);
    const cached = this.cache.get(docId);
    this.cache.delete(docId);
    cached?.doc.destroy();
    writer.applyUpdate(docId, state);
  }

  /**
   * Calls `listener` with the documents a committed write changed and the updates it stored (sync and the
   * live channel follow them). Returns an unsubscribe.
   */
  onCommitted(listener: (docIds: string[], write: CommittedWrite) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Folds the update log of a document into its snapshot. Returns whether anything was folded. */
  compact(docId: string): boolean {
    return inTransaction(this.db, () => {
      const stored = readDoc(this.db, docId);
      if (!stored || stored.updates.length === 0) return false;
      const upto = lastUpdateSeq(this.db, docId);
      // Re-encoding a document beats Y.mergeUpdates over many small updates (quadratic, yjs #710).
      const entry = this.cacheEntry(docId);
      const snapshot = Y.encodeStateAsUpdate(entry.doc);
      const swapped = replaceSnapshot(this.db, docId, stored.snapshotSeq, snapshot, upto, isoNow(this.clock));
      if (swapped) entry.log = { updates: 0, bytes: 0, snapshotBytes: snapshot.byteLength, hasRow: true };
      return swapped;
    });
  }

  /** Drops documents unused for `idleMs`; returns how many. */
  evictIdle(): number {
    const cutoff = this.clock.now().getTime() - this.idleMs;
    let evicted = 0;
    for (const [docId, cached] of this.cache) {
      if (cached.lastUsed <= cutoff) {
        this.cache.delete(docId);
        cached.doc.destroy();
        evicted += 1;
      }
    }
    return evicted;
  }

  /** Forgets a document from memory (its rows are deleted by the caller). */
  forget(docId: string): void {
    this.cache.get(docId)?.doc.destroy();
    this.cache.delete(docId);
  }

  /** Deletes the document and every document whose id continues it with ':' (a tree's bodies). */
  deleteFamily(docIdPrefix: string): void {
    deleteDocs(this.db, docIdPrefix);
    for (const docId of this.cache.keys()) {
      if (docId === docIdPrefix || docId.startsWith(`${docIdPrefix}:`)) this.forget(docId);
    }
  }

  /** Runs queued compactions now (tests, shutdown). */
  flushCompactions(): void {
    for (const docId of this.compactionQueue) {
      this.compactionQueue.delete(docId);
      this.compact(docId);
    }
  }

  private load(docId: string): Cached {
    // A guid of our own: Yjs would draw a random UUID with ~30 crypto calls (~0.1 ms a document), which
    // dominated sync exchanges that load hundreds of documents. Nothing here uses the guid (no subdocuments).
    const doc = new Y.Doc({ guid: docId });
    const log = { updates: 0, bytes: 0, snapshotBytes: 0, hasRow: false };
    try {
      const stored = readDoc(this.db, docId);
      if (stored) {
        doc.transact(() => {
          if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot, REMOTE_ORIGIN);
          for (const update of stored.updates) Y.applyUpdate(doc, update.data, REMOTE_ORIGIN);
        }, REMOTE_ORIGIN);
        log.updates = stored.updates.length;
        log.bytes = stored.updates.reduce((sum, update) => sum + update.data.byteLength, 0);
        log.snapshotBytes = stored.snapshot?.byteLength ?? 0;
        log.hasRow = true;
      }
    } catch (error) {
      doc.destroy();
      throw new DocLoadError(docId, error);
    }
    return { doc, lastUsed: this.clock.now().getTime(), log };
  }

  private persist(docId: string, update: Uint8Array, now: string): void {
    const log = this.cache.get(docId)?.log;
    // A document deleted on disk leaves the cache with its rows (forget, deleteFamily, replaceWithin).
    if (!log?.hasRow) ensureDocRow(this.db, docId, now);
    appendUpdate(this.db, docId, update, now);
    if (log) {
      log.updates += 1;
      log.bytes += update.byteLength;
      log.hasRow = true;
    }
  }

  private evictOverflow(): void {
    while (this.cache.size > this.maxCached) {
      const [oldest, cached] = this.cache.entries().next().value as [string, Cached];
      this.cache.delete(oldest);
      cached.doc.destroy();
    }
  }

  private maybeScheduleCompaction(docId: string): void {
    const log = this.cache.get(docId)?.log;
    if (!log || log.updates < this.compactAfter) return;
    if (log.bytes * 2 < log.snapshotBytes && log.updates < this.compactAfter * 10) return;
    this.compactionQueue.add(docId);
    if (this.compactionScheduled) return;
    this.compactionScheduled = true;
    // Off the request path, one document per turn so a long queue never blocks the event loop.
    const step = () => {
      const next = this.compactionQueue.values().next();
      if (next.done) {
        this.compactionScheduled = false;
        return;
      }
      this.compactionQueue.delete(next.value);
      try {
        if (this.db.open) this.compact(next.value);
      } catch (error) {
        console.error(`[folio] compaction of ${next.value} failed; its update log is kept:`, error);
      }
      setImmediate(step);
    };
    setImmediate(step);
  }
}

/**
 * Runs `apply` (one transaction) and says whether it changed the document: new items or deletions, the test
 * Yjs itself makes before it emits an 'update' (writeUpdateMessageFromTransaction), without encoding one.
 */
function appliedAnything(doc: Y.Doc, apply: () => void): boolean {
  let changed = false;
  const listener = (transaction: Y.Transaction) => {
    if (changed) return;
    if (transaction.deleteSet.clients.size > 0) changed = true;
    else for (const [client, clock] of transaction.afterState) if (transaction.beforeState.get(client) !== clock) changed = true;
  };
  doc.on('afterTransaction', listener);
  try {
    apply();
  } finally {
    doc.off('afterTransaction', listener);
  }
  return changed;
}

/** Runs `apply` and returns the single update it produced on `doc`, if any. */
function captureUpdate(doc: Y.Doc, apply: () => void): Uint8Array | null {
  const updates: Uint8Array[] = [];
  const listener = (update: Uint8Array) => updates.push(update);
  doc.on('update', listener);
  try {
    apply();
  } finally {
    doc.off('update', listener);
  }
  if (updates.length === 0) return null;
  return updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates);
}
