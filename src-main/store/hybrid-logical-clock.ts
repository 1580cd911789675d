/**
 * A hybrid logical clock (docs/sync.md): wall-clock milliseconds, a counter for events within one
 * millisecond, and the replica's id, written so that comparing two stamps as strings orders them.
 * Replicas with skewed clocks still agree on one order, and a replica that receives a stamp moves its own
 * clock past it, so its next change always wins over what it has seen.
 */

/** How far ahead of our clock a received stamp may be before it is refused (a broken clock would win forever). */
export const MAX_DRIFT_MS = 5 * 60_000;

const MILLIS_DIGITS = 15;
const COUNTER_DIGITS = 4;
const MAX_COUNTER = 0xffff;

interface HlcParts {
  millis: number;
  counter: number;
  replica: string;
}

export class ClockDriftError extends Error {}

export function formatHlc({ millis, counter, replica }: HlcParts): string {
  return `${String(millis).padStart(MILLIS_DIGITS, '0')}-${counter.toString(16).padStart(COUNTER_DIGITS, '0')}-${replica}`;
}

export function parseHlc(stamp: string): HlcParts {
  const match = /^(\d{15})-([0-9a-f]{4})-([A-Za-z0-9]{1,64})$/.exec(stamp);
  if (!match) throw new Error(`not a clock stamp: ${JSON.stringify(stamp)}`);
  return { millis: Number(match[1]), counter: parseInt(match[2]!, 16), replica: match[3]! };
}

export function isHlc(value: unknown): value is string {
  return typeof value === 'string' && /^\d{15}-[0-9a-f]{4}-[A-Za-z0-9]{1,64}$/.test(value);
}

export class HybridLogicalClock {
  private millis = 0;
  private counter = 0;

  constructor(
    readonly replica: string,
    private readonly wallClock: () => number = Date.now,
    /** The last stamp this replica issued or saw, so a restart never goes back. */
    last?: string,
  ) {
    if (last) {
      const parts = parseHlc(last);
      this.millis = parts.millis;
      this.counter = parts.counter;
    }
  }

  /** A stamp for a local event, later than every stamp issued or received before. */
  next(): string {
    const now = this.wallClock();
    if (now > this.millis) {
      this.millis = now;
      this.counter = 0;
    } else {
      this.bumpCounter();
    }
    return formatHlc({ millis: this.millis, counter: this.counter, replica: this.replica });
  }

  /** Moves the clock past a stamp received from another replica; refuses one too far in the future. */
  receive(stamp: string): void {
    const remote = parseHlc(stamp);
    const now = this.wallClock();
    if (remote.millis - now > MAX_DRIFT_MS) {
      throw new ClockDriftError(`a change is stamped ${Math.round((remote.millis - now) / 1000)} s ahead of this clock (more than ${MAX_DRIFT_MS / 60_000} minutes)`);
    }
    if (remote.millis > this.millis || (remote.millis === this.millis && remote.counter > this.counter)) {
      this.millis = remote.millis;
      this.counter = remote.counter;
    }
  }

  /** The latest stamp issued or seen (persisted so the clock survives restarts). */
  current(): string {
    return formatHlc({ millis: this.millis, counter: this.counter, replica: this.replica });
  }

  private bumpCounter(): void {
    if (this.counter === MAX_COUNTER) {
      // 65,536 events in one millisecond: borrow the next millisecond rather than wrap.
      this.millis += 1;
      this.counter = 0;
    } else {
      this.counter += 1;
    }
  }
}
