import { MAX_PUSH_CHANGES, SYNC_PROTOCOL } from '../../src-shared/schemas/sync';
import type { AppServices } from '../app/context';
import { inTransaction } from '../store/database';
import { getSetting, setSetting } from '../store/settings';
import { insertToken, tokenExists } from '../store/tokens';
import { getUserById } from '../store/users';
import { onSyncChanges, replicaIdOf } from '../store/sync-capture';
import { forgetSecretsOfNonAdmin } from '../store/sync-secrets';
import { countPendingMirroredChanges, type FieldChange, markChange, pendingMirroredChanges } from '../store/sync-changes';
import { applyRemoteChanges, revertRows } from './apply';
import { syncBlobs } from './client-blobs';
import { followEvents } from './event-stream';
import { LiveLink } from './live-link';
import { type DocSyncState, syncDocuments } from './client-docs';
import { FatalSyncError, type RemoteCall, remoteCaller } from './remote-call';
import { openForSending } from './sealed-changes';
import type { PushResult } from './server-service';

export interface RemoteServer {
  /** e.g. `https://docs.example.com` (no trailing slash needed). */
  url: string;
  token: string;
}

export type SyncState = 'idle' | 'syncing' | 'offline' | 'error';

export interface SyncStatus {
  state: SyncState;
  /** Local changes the server has not acknowledged yet. */
  waiting: number;
  /** When the last full exchange finished (ISO time). */
  lastSyncAt?: string;
  /** Counts exchanges that changed something here: when it moves, what the app shows may need reloading. */
  received: number;
  /** Why the last attempt failed, in words. */
  message?: string;
}

export interface SyncClientOptions {
  fetch?: typeof fetch;
  /** How long the server may stay silent during a call before it counts as unreachable (60 s by default). */
  silenceMs?: number;
  /** Backoff after a failure: from this, doubling, up to maxBackoffMs (with jitter). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  onStatus?(status: SyncStatus): void;
  /** Documents open in an editor, most recent last: they are exchanged first. */
  focused?(): readonly string[];
}

/** The remote account's user id (told by the server's hello). */
export const REMOTE_USER_SETTING = 'sync.remote_user_id';

/**
 * The workstation's side of sync (docs/sync.md): pushes local changes of mirrored organizations in bounded
 * batches and marks them synced only once the server has committed them, pulls what it lacks from a cursor
 * kept in the same transaction as the changes it applies, and otherwise waits on the server's events stream
 * (no polling), reconnecting with backoff when the server cannot be reached.
 */
export class SyncClient {
  private status: SyncStatus = { state: 'idle', waiting: 0, received: 0 };
  private readonly call: RemoteCall;
  /** Aborted by stop(): calls in flight end at once. */
  private readonly halt = new AbortController();
  private readonly replicaId: string;
  private running = false;
  private again = false;
  private stopped = true;
  private helloDone = false;
  private failures = 0;
  private retryTimer?: NodeJS.Timeout;
  private events?: AbortController;
  private eventsOpen: Promise<void> = Promise.resolve();
  private unsubscribe?: () => void;
  /** The live channel for the documents open in an editor here (docs/live.md), while started. */
  private live?: LiveLink;
  private following: readonly string[] = [];

  private readonly db: AppServices['db'];
  private readonly docState: DocSyncState;
  private readonly stopTracking: () => void;

  constructor(
    private readonly app: AppServices,
    private readonly remote: RemoteServer,
    private readonly options: SyncClientOptions = {},
  ) {
    this.db = app.db;
    this.call = remoteCaller({
      base: this.base(),
      token: remote.token,
      fetch: options.fetch ?? fetch,
      silenceMs: options.silenceMs ?? 60_000,
      halt: this.halt.signal,
    });
    this.replicaId = replicaIdOf(app.db);
    this.docState = { dirty: new Set(), cursorKey: `sync.doc_cursor.${this.base()}`, applying: { active: false }, full: true };
    // From now on, whether started or not: sync's own writes are not local edits; everything else waits to be sent.
    this.stopTracking = app.docs.onCommitted((docIds) => {
      if (this.docState.applying.active) return;
      for (const docId of docIds) this.docState.dirty.add(docId);
    });
  }

  getStatus(): SyncStatus {
    return { ...this.status, waiting: countPendingMirroredChanges(this.db) };
  }

  /** Syncs now, then follows the server's events and local writes until stopped. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const stopRows = onSyncChanges(this.db, () => this.request());
    this.live = new LiveLink(this.app, this.remote, {
      applying: this.docState.applying,
      fallback: (docIds) => {
        for (const docId of docIds) this.docState.dirty.add(docId);
        this.request();
      },
    });
    this.live.follow(this.following);
    const stopDocs = this.app.docs.onCommitted((docIds) => {
      if (this.docState.applying.active) return;
      // A keystroke in an open document travels on the live channel; the exchange follows the server's events.
      if (docIds.every((docId) => this.live?.carries(docId))) return;
      this.request();
    });
    this.unsubscribe = () => {
      stopRows();
      stopDocs();
    };
    this.request();
  }

  /** Ends syncing for good (attaching again makes a new client); calls in flight are abandoned, not awaited. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopTracking();
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.events?.abort();
    this.halt.abort();
    this.unsubscribe?.();
    this.live?.destroy();
    this.live = undefined;
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  /** Whether a local change to `docId` travels on the live channel now. */
  carriesLive(docId: string): boolean {
    return this.live?.carries(docId) ?? false;
  }

  /** Keeps these documents (the pages open in an editor here, most recent last) open on the live channel. */
  followDocuments(docIds: readonly string[]): void {
    this.following = [...docIds];
    this.live?.follow(this.following);
  }

  /**
   * One full exchange: push the rows waiting, pull the new ones, then exchange content and files. Once started,
   * the events stream is open first, so whatever the server commits meanwhile asks for another exchange.
   */
  async syncOnce(): Promise<void> {
    await this.hello();
    await this.listen();
    await this.pushAll();
    const rows = (await this.pullAll()) + this.forgetSecrets();
    this.adoptRemoteAccount();
    const docs = await syncDocuments(this.app, this.replicaId, this.call, this.docState, this.options.focused?.() ?? []);
    await syncBlobs(this.app, this.replicaId, this.call);
    if (rows + docs > 0) this.status = { ...this.status, received: this.status.received + 1 };
  }

  /**
   * Asks for an exchange; one runs at a time, and a request during one runs another after it. While the
   * server is unreachable, local edits wait for the next retry rather than each trying (and lengthening
   * the backoff).
   */
  private request(): void {
    if (this.stopped || this.retryTimer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.run();
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      do {
        this.again = false;
        this.setStatus({ state: 'syncing', message: undefined });
        await this.syncOnce();
      } while (this.again && !this.stopped);
      this.failures = 0;
      this.setStatus({ state: 'idle', lastSyncAt: new Date().toISOString(), message: undefined });
    } catch (error) {
      // Stopped mid-exchange (the app is closing): nothing to report or retry.
      if (!this.stopped) this.fail(error);
    } finally {
      this.running = false;
    }
  }

  private fail(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof FatalSyncError) {
      this.setStatus({ state: 'error', message });
      this.stopped = true;
      this.events?.abort();
      return;
    }
    this.events?.abort();
    this.events = undefined;
    this.failures += 1;
    this.setStatus({ state: 'offline', message });
    const min = this.options.minBackoffMs ?? 1_000;
    const max = this.options.maxBackoffMs ?? 60_000;
    const delay = Math.min(max, min * 2 ** (this.failures - 1)) * (0.75 + Math.random() * 0.5);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.request();
    }, delay);
    this.retryTimer.unref();
  }

  private async hello(): Promise<void> {
    if (this.helloDone) return;
    const answer = (await this.call('/sync/v1/hello', { protocol: SYNC_PROTOCOL, replicaId: this.replicaId })) as { userId: string };
    setSetting(this.db, REMOTE_USER_SETTING, answer.userId);
    this.helloDone = true;
  }

  /**
   * Once the remote account's row has arrived, its token works on this workstation too, as that user: local
   * tools and the desktop act as the same person here and on the server (docs/sync.md, "Identity").
   */
  private adoptRemoteAccount(): void {
    const userId = getSetting(this.db, REMOTE_USER_SETTING);
    if (!userId || !getUserById(this.db, userId) || tokenExists(this.db, this.remote.token)) return;
    insertToken(this.db, userId, this.remote.token, new Date().toISOString(), 'team server token');
  }

  /** Secrets of organizations where the account is no longer an admin leave this workstation (demotions). */
  private forgetSecrets(): number {
    const userId = getSetting(this.db, REMOTE_USER_SETTING);
    return userId ? inTransaction(this.db, () => forgetSecretsOfNonAdmin(this.db, userId)) : 0;
  }

  private async pushAll(): Promise<void> {
    for (;;) {
      const batch = pendingMirroredChanges(this.db, MAX_PUSH_CHANGES);
      if (batch.length === 0) return;
      // Secrets leave sealed with this workstation's key and travel open; the server seals them with its own.
      const wire: FieldChange[] = batch.map(({ hlc, dataset, rowKey, column, value, organizationId }) =>
        openForSending(this.db, { hlc, dataset, rowKey, column, value, organizationId }),
      );
      const { results } = (await this.call('/sync/v1/push', { replicaId: this.replicaId, changes: wire })) as { results: PushResult[] };
      // The server committed its decisions before answering: only now do the changes leave `local`.
      inTransaction(this.db, () => {
        const refusedRows: Array<{ dataset: string; rowKey: string }> = [];
        batch.forEach((change, index) => {
          const result = results[index];
          if (!result || result.hlc !== change.hlc || result.column !== change.column) throw new Error('the server answered a different batch');
          markChange(this.db, change.seq, result.status === 'accepted' ? 'synced' : 'refused', result.reason ?? null);
          if (result.status === 'refused') refusedRows.push({ dataset: change.dataset, rowKey: change.rowKey });
        });
        revertRows(this.db, refusedRows);
      });
    }
  }

  /** Returns how many changes were applied here. */
  private async pullAll(): Promise<number> {
    let applied = 0;
    for (;;) {
      const answer = (await this.call('/sync/v1/pull', { replicaId: this.replicaId, cursors: this.cursors() })) as {
        changes: FieldChange[];
        cursors: Record<string, number>;
        more: boolean;
      };
      // The changes and the cursors past them land together: a cut here resumes without gaps or repeats.
      inTransaction(this.db, () => {
        applied += applyRemoteChanges(this.db, answer.changes).applied;
        setSetting(this.db, this.cursorKey(), JSON.stringify(answer.cursors));
      });
      if (!answer.more) return applied;
    }
  }

  /**
   * Follows the server's events stream, resolving once the server listens. Opened before an exchange, not
   * after it: content the server commits between "what changed?" and the stream opening would otherwise go
   * unheard until something else changed (CI once saw a page deleted elsewhere stay on a workstation). An
   * open stream that later fails goes through `fail` (backoff, then a new exchange that reopens it).
   */
  private listen(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.events) return this.eventsOpen;
    const controller = new AbortController();
    this.events = controller;
    const url = `${this.base()}/sync/v1/events?replicaId=${this.replicaId}&after=${this.cursor()}`;
    this.eventsOpen = new Promise<void>((opened, refused) => {
      let open = false;
      followEvents(url, this.remote.token, controller.signal, () => this.request(), () => {
        open = true;
        opened();
      })
        .then(() => {
          throw new Error('the server closed the events stream');
        })
        .catch((error: unknown) => {
          if (this.events === controller) this.events = undefined;
          // Not open yet: the exchange waiting on it fails instead (one failure, one backoff).
          if (!open) refused(new Error(`Cannot reach ${this.base()}: ${(error as Error).message}`));
          else if (!controller.signal.aborted && !this.stopped) this.fail(error);
        });
    });
    return this.eventsOpen;
  }

  private cursorKey(): string {
    return `sync.cursor.${this.base()}`;
  }

  /** The last change received of each organization. */
  private cursors(): Record<string, number> {
    return JSON.parse(getSetting(this.db, this.cursorKey()) ?? '{}') as Record<string, number>;
  }

  /** Where the events stream starts: past every change received. */
  private cursor(): number {
    return Math.max(0, ...Object.values(this.cursors()));
  }

  private base(): string {
    return this.remote.url.replace(/\/+$/, '');
  }

  private setStatus(change: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...change };
    if (this.db.open) this.options.onStatus?.(this.getStatus());
  }
}
