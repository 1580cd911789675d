import { type AppServices, isoNow } from '../app/context';
import type { Db } from '../store/database';
import { getLinkMetadata, pruneLinkMetadata, recordLinkMetadata } from '../store/link-metadata';
import { DEFAULT_LINK_FETCH_LIMITS, fetchLinkMetadata, type LinkFetchLimits } from './link-metadata';

/**
 * The titles embed cards show, read from the cache (store/link-metadata.ts) and fetched in the background.
 * Rendering a page never waits on the network: `title(url)` answers from the cache at once, and a URL with
 * no entry, or an expired one, is queued, so a later view shows its title. The queue is one per open
 * database, deduplicated, bounded in length (a page of a thousand links queues what fits; the rest are
 * queued on a later view) and in concurrency. A success is kept a day, a failure an hour (a dead URL is not
 * fetched on every view); rows long expired are pruned as results are recorded.
 */
interface LinkTitleOptions {
  fetch: LinkFetchLimits;
  maxConcurrent: number;
  maxWaiting: number;
  freshForMs: number;
  retryAfterMs: number;
  /** Rows expired longer than this are forgotten (no page has shown the link since). */
  pruneAfterMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_OPTIONS: Omit<LinkTitleOptions, 'fetch'> = {
  maxConcurrent: 4,
  maxWaiting: 1_000,
  freshForMs: DAY_MS,
  retryAfterMs: 60 * 60 * 1000,
  pruneAfterMs: 30 * DAY_MS,
};
const MAX_URL_CHARS = 2_048;

type Services = Pick<AppServices, 'db' | 'clock' | 'config'>;

export class LinkTitles {
  private options: LinkTitleOptions;
  private readonly waiting = new Set<string>();
  private readonly running = new Set<string>();
  private idleWaiters: Array<() => void> = [];
  private stopped = false;

  constructor(
    private readonly services: Services,
    options: Partial<LinkTitleOptions> = {},
  ) {
    // The config itself is the network policy, so fetches follow what the app was opened with.
    this.options = { ...DEFAULT_OPTIONS, fetch: { ...DEFAULT_LINK_FETCH_LIMITS, network: services.config }, ...options };
  }

  /** Changes the options from now on (tests shorten the budget or the delays). */
  configure(options: Partial<LinkTitleOptions>): void {
    this.options = { ...this.options, ...options };
  }

  /** The title cached for a link (whatever its age), queueing a fetch when there is none or it expired. */
  title(url: string): string | undefined {
    const key = cacheKey(url);
    if (key === undefined || !this.services.db.open) return undefined;
    const row = getLinkMetadata(this.services.db, key);
    if (!row || row.expires_at <= isoNow(this.services.clock)) this.enqueue(key);
    return row?.title ?? undefined;
  }

  /** Queues the links that have no fresh entry (a site being published). */
  prefetch(urls: Iterable<string>): void {
    for (const url of urls) this.title(url);
  }

  /** Resolves once nothing is queued or being fetched (tests; a graceful stop). */
  idle(): Promise<void> {
    if (this.waiting.size === 0 && this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Nothing more is started or recorded (the app is closing). */
  stop(): void {
    this.stopped = true;
    this.waiting.clear();
    this.settleIfIdle();
  }

  private enqueue(key: string): void {
    if (this.stopped || this.running.has(key) || this.waiting.has(key) || this.waiting.size >= this.options.maxWaiting) return;
    this.waiting.add(key);
    this.pump();
  }

  private pump(): void {
    while (!this.stopped && this.running.size < this.options.maxConcurrent && this.waiting.size > 0) {
      const key = this.waiting.values().next().value as string;
      this.waiting.delete(key);
      this.running.add(key);
      void this.run(key)
        .catch((error: unknown) => console.error('[folio] Could not fetch a link title:', error))
        .finally(() => {
          this.running.delete(key);
          this.pump();
          this.settleIfIdle();
        });
    }
  }

  private async run(key: string): Promise<void> {
    const { db, clock } = this.services;
    const outcome = await fetchLinkMetadata(new URL(key), this.options.fetch);
    if (this.stopped || !db.open) return;
    const now = clock.now();
    const lifetime = outcome.status === 'ok' ? this.options.freshForMs : this.options.retryAfterMs;
    recordLinkMetadata(db, key, outcome, { fetchedAt: now.toISOString(), expiresAt: new Date(now.getTime() + lifetime).toISOString() });
    pruneLinkMetadata(db, new Date(now.getTime() - this.options.pruneAfterMs).toISOString());
  }

  private settleIfIdle(): void {
    if (this.waiting.size > 0 || this.running.size > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

/** The entry a link is cached under: an http(s) URL as the URL parser spells it, without its fragment. */
export function cacheKey(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  parsed.hash = '';
  return parsed.href.length > MAX_URL_CHARS ? undefined : parsed.href;
}

/** The title cached for a link, whatever its age; nothing is fetched (the PDF). */
export function cachedLinkTitle(db: Db, url: string): string | undefined {
  const key = cacheKey(url);
  return key === undefined ? undefined : (getLinkMetadata(db, key)?.title ?? undefined);
}

const queues = new WeakMap<Db, LinkTitles>();

/** The link titles of an open database (made on first use). */
export function linkTitles(services: Services): LinkTitles {
  let queue = queues.get(services.db);
  if (!queue) {
    queue = new LinkTitles(services);
    queues.set(services.db, queue);
  }
  return queue;
}

/** At close: nothing more is fetched or written. */
export function stopLinkTitles(db: Db): void {
  queues.get(db)?.stop();
}
