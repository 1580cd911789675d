import { operationKey, type OpenAPIOperation, type OperationRef } from './openapi-model';

/** How long a loaded operation is reused: the preview renders again as the writer types, the spec rarely changes. */
export const OPERATION_TTL_MS = 10_000;

/** What the preview knows of one operation: loaded (null: not in the spec), or failed with the server's words. */
export type OperationAnswer = { status: 'ready'; operation: OpenAPIOperation | null } | { status: 'error'; message: string };

interface Entry {
  at: number;
  promise: Promise<OperationAnswer>;
  answer?: OperationAnswer;
}

/**
 * The operations the editor's preview shows, each read once per OPERATION_TTL_MS. `peek` answers at once for
 * one already loaded, so a preview rendered again shows its cards without waiting.
 */
export class OperationCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly fetch: (ref: OperationRef) => Promise<OperationAnswer>,
    private readonly now: () => number = Date.now,
  ) {}

  peek(ref: OperationRef): OperationAnswer | undefined {
    const entry = this.fresh(operationKey(ref));
    return entry?.answer;
  }

  load(ref: OperationRef): Promise<OperationAnswer> {
    const key = operationKey(ref);
    const found = this.fresh(key);
    if (found) return found.promise;
    const entry: Entry = { at: this.now(), promise: Promise.resolve({ status: 'ready', operation: null }) };
    entry.promise = this.fetch(ref).then((answer) => {
      entry.answer = answer;
      // A failure is not kept: the next render asks again.
      if (answer.status === 'error' && this.entries.get(key) === entry) this.entries.delete(key);
      return answer;
    });
    this.entries.set(key, entry);
    return entry.promise;
  }

  /** Forgets a spec's operations (it was processed again, or deleted). */
  forgetSpec(organizationId: string, slug: string): void {
    for (const key of this.entries.keys()) {
      const [org, spec] = JSON.parse(key) as string[];
      if (org === organizationId && spec === slug) this.entries.delete(key);
    }
  }

  private fresh(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.at > OPERATION_TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }
}
