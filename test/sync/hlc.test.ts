import { describe, expect, it } from 'vitest';
import { ClockDriftError, formatHlc, HybridLogicalClock, MAX_DRIFT_MS, parseHlc } from '../../src-main/store/hybrid-logical-clock';

const fixed = (start: number) => {
  let now = start;
  return { now: () => now, set: (value: number) => (now = value) };
};

describe('hybrid logical clock', () => {
  it('orders stamps as strings the same way as in time, across the counter', () => {
    const wall = fixed(1_700_000_000_000);
    const clock = new HybridLogicalClock('replicaA', wall.now);
    const stamps = [clock.next(), clock.next(), clock.next()];
    wall.set(1_700_000_000_001);
    stamps.push(clock.next());
    expect([...stamps].sort()).toEqual(stamps);
    expect(new Set(stamps).size).toBe(4);
    expect(parseHlc(stamps[1]!)).toEqual({ millis: 1_700_000_000_000, counter: 1, replica: 'replicaA' });
  });

  it('never goes back when the wall clock does', () => {
    const wall = fixed(2_000);
    const clock = new HybridLogicalClock('r1', wall.now);
    const before = clock.next();
    wall.set(1_000);
    expect(clock.next() > before).toBe(true);
  });

  it('issues stamps after any it received, even from a replica whose clock runs ahead', () => {
    const wall = fixed(10_000);
    const clock = new HybridLogicalClock('slow', wall.now);
    const remote = formatHlc({ millis: 70_000, counter: 3, replica: 'fast' });
    clock.receive(remote);
    expect(clock.next() > remote).toBe(true);
  });

  it('refuses a stamp more than five minutes ahead', () => {
    const wall = fixed(0);
    const clock = new HybridLogicalClock('r', wall.now);
    expect(() => clock.receive(formatHlc({ millis: MAX_DRIFT_MS + 1, counter: 0, replica: 'x' }))).toThrow(ClockDriftError);
  });

  it('resumes after its last stamp when restarted', () => {
    const wall = fixed(5_000);
    const first = new HybridLogicalClock('r', wall.now);
    first.next();
    const last = first.next();
    wall.set(4_000);
    const restarted = new HybridLogicalClock('r', wall.now, last);
    expect(restarted.next() > last).toBe(true);
  });

  it('breaks ties between replicas by replica id, so every replica picks the same winner', () => {
    const a = formatHlc({ millis: 1, counter: 0, replica: 'aaa' });
    const b = formatHlc({ millis: 1, counter: 0, replica: 'bbb' });
    expect([b, a].sort()).toEqual([a, b]);
  });
});
