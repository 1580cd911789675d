import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import * as Y from 'yjs';
import type { AppRouter } from '../api/types';
import { describeError } from '../api/errors';
import { fromBase64, toBase64 } from './base64';
import { browserEnvironment, type SyncEnvironment } from './sync-environment';

type Inputs = inferRouterInputs<AppRouter>;
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
 */
export interface PageSync {
  readonly doc: Y.Doc;
  /** The page's markdown, bound to the editor. */
  readonly text: Y.Text;
  readonly target: PageTarget;
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

export interface PageTarget {
  spaceId: string;
  pageId: string;
  /** A change request's content; absent: the space's main content. */
  changeRequestId?: string;
}

export type SaveStatus = 'saved' | 'saving' | 'offline' | 'error';

export interface PageSyncState {
  status: SaveStatus;
  /** Local edits (Yjs updates, about one per keystroke) not acknowledged by the server yet. */
  waiting: number;
  /** Why pushes are failing, in words ('offline' and 'error'). */
  message?: string;
  /** Why the last poll failed, if it did (a deleted page, a lost connection). */
  pullError?: string;
  /** The page's title and emoji, as the latest poll answered them. */
  title: string;
  emoji?: string;
}

/** The slice of the tRPC client the sync calls. */
export interface PageSyncClient {
  content: {
    body: { query(input: Inputs['content']['body']): Promise<Outputs['content']['body']> };
    pushBody: { mutate(input: Inputs['content']['pushBody']): Promise<Outputs['content']['pushBody']> };
  };
}

export interface PageSyncOptions {
  /** Poll interval while the window is visible (ms). */
  visiblePollMs?: number;
  /** Poll interval while it is hidden (ms). */
  hiddenPollMs?: number;
  /** First retry delay after a failed push, doubled up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  environment?: SyncEnvironment;
  /** Every failed call, e.g. to end a session on 401. */
  onError?(error: unknown): void;
}

/** The Y.Text of a body document (BODY_TEXT in src-main/content/engine.ts). */
export const BODY_TEXT = 'markdown';

/** Loads the page body (rejecting if that fails, leaving nothing running) and starts syncing it. */
export async function openPageSync(client: PageSyncClient, target: PageTarget, options: PageSyncOptions = {}): Promise<PageSync> {
  const first = await client.content.body.query(targetInput(target));
  return new LivePageSync(client, target, first, options);
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
  private readonly options: Required<Omit<PageSyncOptions, 'onError'>> & Pick<PageSyncOptions, 'onError'>;

  constructor(
    private readonly client: PageSyncClient,
    readonly target: PageTarget,
    first: Outputs['content']['body'],
    options: PageSyncOptions,
  ) {
    this.options = {
      visiblePollMs: 1_000,
      hiddenPollMs: 30_000,
      retryMs: 1_000,
      maxRetryMs: 30_000,
      environment: options.environment ?? browserEnvironment(),
      ...options,
    };
    Y.applyUpdate(this.doc, fromBase64(first.update), this);
    this.state = { status: 'saved', waiting: 0, title: first.title, emoji: first.emoji };
    this.doc.on('update', this.onUpdate);
    this.stopWatching = this.options.environment.watch((event) => {
      if (event === 'hidden') return this.schedulePoll();
      // Back in front (or back online): catch up now, and retry failed pushes without waiting.
      void this.pull();
      if (this.retryTimer) this.retryNow();
    });
    this.schedulePoll();
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
    return this.queued + (this.inFlight?.edits ?? 0);
  }

  private async push(): Promise<void> {
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
    this.pollTimer = setTimeout(() => void this.pull(), hidden ? this.options.hiddenPollMs : this.options.visiblePollMs);
  }

  private update(change: Partial<PageSyncState>): void {
    this.state = { ...this.state, ...change, waiting: this.waiting() };
    for (const listener of this.listeners) listener(this.state);
  }
}

/** A push that never reached the server is 'offline'; one the server refused is an 'error' in its words. */
function failureState(error: unknown, waiting: number): Partial<PageSyncState> {
  const reachedServer = error instanceof Error && Boolean((error as Error & { data?: unknown }).data);
  return { status: reachedServer ? 'error' : 'offline', message: describeError(error).message, waiting };
}
