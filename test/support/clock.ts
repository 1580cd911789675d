import type { Clock } from '../../src-main/app/context';

/** A clock the test moves by hand, so time-based rules are tested without waiting. */
export function manualClock(start = new Date('2026-01-05T10:00:00.000Z')) {
  let now = start.getTime();
  const clock: Clock & { advanceDays(days: number): void } = {
    now: () => new Date(now),
    advanceDays(days: number) {
      now += days * 24 * 60 * 60 * 1000;
    },
  };
  return clock;
}
