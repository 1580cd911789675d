import type { inferRouterOutputs } from '@trpc/server';
import * as Y from 'yjs';
import type { AppRouter } from '../api/types';
import { describeError } from '../api/errors';
import { fromBase64, toBase64 } from './base64';
import type { SharedLive } from './live-connection';
import { bodyDocId, LivePageRoute } from './live-page-sync';
import type { PagePresence } from './page-presence';
import type { PageSyncClient, PageSyncOptions, PageSyncState, PageTarget } from './page-sync-types';
import { browserEnvironment } from './sync-environment';

export type { PageSyncClient, PageSyncOptions, PageSyncState, PageTarget, SaveStatus } from './page-sync-types';

type Outputs = inferRouterOutputs<AppRouter>;

/**
 * The sync of one open page body between a local Y.Doc and the main process, independent of React and
 * CodeMirror (the editor binds `text`; the benchmark and tests drive it directly):
 *
 *   const sync = await openPageSync(client, { spaceId, pageId, changeRequestId });
 *   sync.text.insert(0, 'Hello');        // pushed at once with content.pushBody
 *   await sync.flush();                  // resolves once every local edit is durable on the server
 *   sync.subscribe((state) => ...);      // 'saved' | 'saving' | 'offline' | 'error', edits waiting
 *   sync.destroy();                      // or `await sync.close()` to save what is waiting first
 *
 * Pushing: every local update (any origin but this provider's) is queued. One push is in flight at a
 * time; updates typed meanwhile are merged (Y.mergeUpdates) into the next one, so a fast typist costs
 * one round trip per push, not per key. An edit counts as saved only when its push returns (the server
 * commits before answering). A failed push keeps its updates, which retry with backoff, and the state
 * says 'offline' (the server could not be reached) or 'error' (it refused, in its own words).
 *
 * Pulling: remote changes (another window, a /v1 write, a merge) arrive by polling content.body with
 * the local state vector: about every second while the window is visible, every 30 s while hidden, and
 * at once when the window regains focus or the network comes back.
 *
 * Live (options.live, docs/live.md): while the window's live channel has the page open and in step, local
 * updates go over it instead (saved at the server's ACK) and remote ones arrive as they are committed, with
 * the others' presence; polling then slows to a safety net. Whenever it has not (connecting, dropped,
 * refused), everything above applies unchanged (live-page-sync.ts).
 */
export interface PageSync {
  readonly doc: Y.Doc;
  /** The page's markdown, bound to the editor. */
  readonly text: Y.Text;
  readonly target: PageTarget;
  /** Who else has the page open, and their carets (only with a live channel). */
  readonly presence?: PagePresence;
  getState(): PageSyncState;
  subscribe(listener: (state: PageSyncState) => void): () => void;
  /** Fetches what the server has that this copy lacks, now. */
  pull(): Promise<void>;
  /** Resolves once every edit made so far is acknowledged (retrying now if pushes were failing). */
  flush(): Promise<void>;
  /** Stops polling, keeps pushing what is waiting (unless the server refuses it), then destroys. */
  close(): Promise<void>;
  /** Stops everything now; edits still waiting are dropped. */
  destroy(): void;
}

/** The Y.Text of a body document (BODY_TEXT in src-main/content/engine.ts). */
export const BODY_TEXT = 'markdown';

/** Loads the page body (rejecting if that fails, leaving nothing running) and starts syncing it. */
export async function openPageSync(client: PageSyncClient, target: PageTarget, options: PageSyncOptions = {}): Promise<PageSync> {
  const [first, live] = await Promise.all([client.content.body.query(targetInput(target)), options.live?.connect()]);
  return new LivePageSync(client, target, first, options, live);
}

const targetInput = ({ spaceId, pageId, changeRequestId }: PageTarget) => ({ spaceId, pageId, ...(changeRequestId ? { changeRequestId } : {}) });

class LivePageSync implements PageSync {
  readonly doc = new Y.Doc();
  readonly text = this.doc.getText(BODY_TEXT);
  private state: PageSyncState;
  private readonly listeners = new Set<(state: PageSyncState) => void>();
  /** Local updates not yet sent, and how many edits they hold. */
  private queue: Uint8Array[] = [];
  private queued = 0;
  private inFlight: { update: Uint8Array; edits: number } | undefined;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private pulling: Promise<void> | undefined;
  private flushWaiters: Array<() => void> = [];
  private polling = true;
  private destroyed = false;
  private readonly stopWatching: () => void;
  private readonly options: Required<Omit<PageSyncOptions, 'onError' | 'live'>> & Pick<PageSyncOptions, 'onError'>;
  private readonly live: LivePageRoute | undefined;
  /** Whether the poll timer was set for a live page (it is reset when that changes). */
  private pollingAsLive = false;

  constructor(
    private readonly client: PageSyncClient,
    readonly target: PageTarget,
    first: Outputs['content']['body'],
    options: PageSyncOptions,
    live: SharedLive | undefined,
  ) {
    this.options = {
      visiblePollMs: 1_000,
      hiddenPollMs: 30_000,
      livePollMs: 30_000,
      retryMs: 1_000,
      maxRetryMs: 30_000,
      environment: options.environment ?? browserEnvironment(),
      ...options,
    };
    Y.applyUpdate(this.doc, fromBase64(first.update), this);
    this.state = { status: 'saved', waiting: 0, title: first.title, emoji: first.emoji };
    this.doc.on('update', this.onUpdate);
    this.live = live && new LivePageRoute(live, bodyDocId(target), this.liveHost, options.live?.identity());
    this.stopWatching = this.options.environment.watch((event) => {
      if (event === 'hidden') return this.schedulePoll();
      // The browser lost its network: a socket may not notice for a while, so edits go the HTTP way, which says so.
      if (event === 'offline') return this.live?.stall();
      // Back in front (or back online): catch up now, and retry failed pushes without waiting.
      void this.pull();
      if (this.retryTimer) this.retryNow();
    });
    this.schedulePoll();
  }

  get presence(): PagePresence | undefined {
    return this.live?.presence;
  }

  getState(): PageSyncState {
    return this.state;
  }

  subscribe(listener: (state: PageSyncState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  pull(): Promise<void> {
    if (this.destroyed) return Promise.resolve();
    this.pulling ??= this.fetchMissing().finally(() => {
      this.pulling = undefined;
      this.schedulePoll();
    });
    return this.pulling;
  }

  flush(): Promise<void> {
    if (this.waiting() === 0 || this.destroyed) return Promise.resolve();
    if (this.retryTimer) this.retryNow();
    return new Promise((resolve) => this.flushWaiters.push(resolve));
  }

  async close(): Promise<void> {
    // The others see this person leave now, not once the last edits are saved.
    this.live?.presence.leave();
    this.polling = false;
    clearTimeout(this.pollTimer);
    this.stopWatching();
    if (!this.destroyed && this.waiting() > 0 && this.state.status !== 'error') {
      // Until everything is saved (flush waiters), or the server refuses it: retrying would not help.
      await new Promise<void>((resolve) => {
        const done = () => {
          unsubscribe();
          resolve();
        };
        const unsubscribe = this.subscribe((state) => state.status === 'error' && done());
        this.flushWaiters.push(done);
      });
    }
    this.destroy();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    clearTimeout(this.pollTimer);
    clearTimeout(this.retryTimer);
    this.stopWatching();
    this.doc.off('update', this.onUpdate);
    this.live?.close();
    this.doc.destroy();
    this.listeners.clear();
    for (const resolve of this.flushWaiters.splice(0)) resolve();
  }

  private readonly onUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === this || this.destroyed) return;
    this.queue.push(update);
    this.queued += 1;
    this.update(this.state.status === 'saved' ? { status: 'saving' } : {});
    void this.push();
  };

  private waiting(): number {
    return this.queued + (this.inFlight?.edits ?? 0) + (this.live?.waiting ?? 0);
  }

  /** The live route's side of this sync (live-page-sync.ts). */
  private readonly liveHost = {
    doc: this.doc,
    origin: this,
    takeQueued: () => {
      const edits = this.queued;
      this.queue = [];
      this.queued = 0;
      return edits;
    },
    requeue: (update: Uint8Array, edits: number) => {
      this.queue.unshift(update);
      this.queued += edits;
    },
    changed: () => {
      if (this.destroyed) return;
      void this.push();
      this.settle();
      if (this.pollingAsLive !== Boolean(this.live?.ready)) this.schedulePoll();
    },
  };

  private async push(): Promise<void> {
    if (this.live?.ready && this.queue.length > 0 && !this.destroyed) {
      // Over the channel, without waiting for an earlier push: frames keep their order and the ACK counts them.
      const update = this.queue.length === 1 ? this.queue[0]! : Y.mergeUpdates(this.queue);
      const edits = this.queued;
      this.queue = [];
      this.queued = 0;
      this.live.send(update, edits);
      this.update(this.state.status === 'saved' ? { status: 'saving' } : {});
      return;
    }
    if (this.inFlight || this.retryTimer || this.queue.length === 0 || this.destroyed) return;
    const update = this.queue.length === 1 ? this.queue[0]! : Y.mergeUpdates(this.queue);
    this.inFlight = { update, edits: this.queued };
    this.queue = [];
    this.queued = 0;
    try {
      await this.client.content.pushBody.mutate({ ...targetInput(this.target), update: toBase64(update) });
    } catch (error) {
      this.options.onError?.(error);
      // Nothing is lost: the update goes back to the front of the queue and is retried.
      this.queue.unshift(update);
      this.queued += this.inFlight.edits;
      this.inFlight = undefined;
      this.failures += 1;
      this.update(failureState(error, this.waiting()));
      this.scheduleRetry();
      return;
    }
    this.inFlight = undefined;
    this.failures = 0;
    if (this.destroyed) return;
    if (this.queue.length > 0) {
      this.update({ status: 'saving' });
      void this.push();
      return;
    }
    this.settle();
  }

  /** Saved once nothing waits anywhere: no HTTP push, nothing sent live without its ACK. */
  private settle(): void {
    if (this.waiting() > 0) return this.update({});
    this.update({ status: 'saved', message: undefined });
    for (const resolve of this.flushWaiters.splice(0)) resolve();
  }

  private scheduleRetry(): void {
    const delay = Math.min(this.options.retryMs * 2 ** (this.failures - 1), this.options.maxRetryMs);
    this.retryTimer = setTimeout(() => this.retryNow(), delay);
  }

  private retryNow(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    void this.push();
  }

  private async fetchMissing(): Promise<void> {
    try {
      const answer = await this.client.content.body.query({ ...targetInput(this.target), stateVector: toBase64(Y.encodeStateVector(this.doc)) });
      if (this.destroyed) return;
      // Applied with this provider as origin: the editor shows it, and it is not pushed back.
      Y.applyUpdate(this.doc, fromBase64(answer.update), this);
      if (this.state.pullError || this.state.title !== answer.title || this.state.emoji !== answer.emoji) {
        this.update({ pullError: undefined, title: answer.title, emoji: answer.emoji });
      }
    } catch (error) {
      if (this.destroyed) return;
      this.options.onError?.(error);
      this.update({ pullError: describeError(error).message });
    }
  }

  private schedulePoll(): void {
    clearTimeout(this.pollTimer);
    if (!this.polling || this.destroyed || this.pulling) return;
    const hidden = this.options.environment.isHidden();
    this.pollingAsLive = Boolean(this.live?.ready);
    const visibleMs = this.pollingAsLive ? this.options.livePollMs : this.options.visiblePollMs;
    this.pollTimer = setTimeout(() => void this.pull(), hidden ? Math.max(this.options.hiddenPollMs, visibleMs) : visibleMs);
  }

  private update(change: Partial<PageSyncState>): void {
    this.state = { ...this.state, ...change, waiting: this.waiting(), live: Boolean(this.live?.ready) };
    for (const listener of this.listeners) listener(this.state);
  }
}

/** A push that never reached the server is 'offline'; one the server refused is an 'error' in its words. */
function failureState(error: unknown, waiting: number): Partial<PageSyncState> {
  const reachedServer = error instanceof Error && Boolean((error as Error & { data?: unknown }).data);
  return { status: reachedServer ? 'error' : 'offline', message: describeError(error).message, waiting };
}
