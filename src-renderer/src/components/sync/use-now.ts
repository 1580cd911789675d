import { useEffect, useReducer } from 'react';

/** The time now, re-rendering every `intervalMs` so "synced 2 minutes ago" keeps up without a new answer. */
export function useNow(intervalMs = 30_000): number {
  const [, tick] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    const timer = setInterval(tick, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return Date.now();
}
