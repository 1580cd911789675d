import { type AppServices, isoNow } from '../app/context';
import { inTransaction, type Db } from '../store/database';
import { getSpecById, recordSpecFailure, recordSpecVersion, setSpecProcessingState, unfinishedSpecIds } from '../store/openapi-specs';
import { DEFAULT_PROCESSING_LIMITS, type ProcessingLimits, type ProcessingOutcome, processSource } from './processing';

/**
 * Processing runs in the background, after the request that asked for it has answered (`pending`):
 * `progress` while the source is fetched and parsed, then `complete` with a new version or an error code.
 * The queue lives in memory; the state lives in the store, so specs a stopped process left `pending` or
 * `progress` are picked up again when the data directory is next opened (`resumeOpenAPIProcessing`).
 *
 * One queue per open database. A few specs are processed at a time; a spec asked for again while it is
 * being processed runs once more afterwards. A result is recorded only if the spec's source has not
 * changed meanwhile (its `generation`), and only while the database is still open.
 */
class OpenAPIProcessor {
  private limits: ProcessingLimits;
  private readonly waiting: string[] = [];
  private readonly running = new Set<string>();
  private readonly again = new Set<string>();
  private stopped = false;

  constructor(
    private readonly services: Pick<AppServices, 'db' | 'clock' | 'config'>,
    limits: Partial<ProcessingLimits> = {},
  ) {
    // The config itself (not a copy) is the network policy, so the fetches follow what the app was opened with.
    this.limits = { ...DEFAULT_PROCESSING_LIMITS, allowFileUrls: services.config.allowFileImports, network: services.config, ...limits };
  }

  /** Changes the limits of processings started from now on (tests shorten the timeout). */
  configure(limits: Partial<ProcessingLimits>): void {
    this.limits = { ...this.limits, ...limits };
  }

  enqueue(specId: string): void {
    if (this.stopped) return;
    if (this.running.has(specId)) this.again.add(specId);
    else if (!this.waiting.includes(specId)) this.waiting.push(specId);
    this.pump();
  }

  /** No further processing is started or recorded (the app is closing). */
  stop(): void {
    this.stopped = true;
    this.waiting.length = 0;
  }

  private pump(): void {
    while (!this.stopped && this.running.size < MAX_CONCURRENT && this.waiting.length > 0) {
      const specId = this.waiting.shift()!;
      this.running.add(specId);
      void this.run(specId).finally(() => {
        this.running.delete(specId);
        if (this.again.delete(specId)) this.waiting.push(specId);
        this.pump();
      });
    }
  }

  private async run(specId: string): Promise<void> {
    const { db, clock } = this.services;
    const started = this.whileOpen(() =>
      inTransaction(db, () => {
        const spec = getSpecById(db, specId);
        if (!spec) return undefined;
        if (spec.processing_state !== 'progress') setSpecProcessingState(db, spec.id, 'progress');
        return spec;
      }),
    );
    if (!started) return;
    let outcome: ProcessingOutcome;
    try {
      outcome = await processSource({ url: started.source_url, text: started.source_text }, this.limits);
    } catch (error) {
      // processSource answers every failure with an outcome; anything else is a bug, kept off the spec.
      console.error('[folio] OpenAPI processing failed:', error);
      outcome = { ok: false, code: 'PARSE_ERROR', message: 'internal error' };
    }
    const result = outcome;
    this.whileOpen(() =>
      inTransaction(db, () => {
        const spec = getSpecById(db, specId);
        // Deleted meanwhile, or given a new source (a later run records that one).
        if (!spec || spec.generation !== started.generation) return;
        const now = isoNow(clock);
        if (result.ok) recordSpecVersion(db, spec, { content: result.content, sourceUrl: result.sourceUrl, now });
        else recordSpecFailure(db, spec.id, result.code, now);
      }),
    );
  }

  private whileOpen<T>(work: () => T): T | undefined {
    if (this.stopped || !this.services.db.open) return undefined;
    return work();
  }
}

const MAX_CONCURRENT = 4;

const processors = new WeakMap<Db, OpenAPIProcessor>();

/** The processing queue of an open database (made on first use). */
export function openAPIProcessor(services: Pick<AppServices, 'db' | 'clock' | 'config'>): OpenAPIProcessor {
  let processor = processors.get(services.db);
  if (!processor) {
    processor = new OpenAPIProcessor(services);
    processors.set(services.db, processor);
  }
  return processor;
}

/** At start: specs whose processing a stopped process (or another replica) left unfinished are processed. */
export function resumeOpenAPIProcessing(services: Pick<AppServices, 'db' | 'clock' | 'config'>): void {
  const processor = openAPIProcessor(services);
  for (const id of unfinishedSpecIds(services.db)) processor.enqueue(id);
}

/** At close: nothing more is started or written. */
export function stopOpenAPIProcessing(db: Db): void {
  processors.get(db)?.stop();
}
