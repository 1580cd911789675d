import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';

/** What is logged of a request: its method and path. Never its query (signatures, share keys) nor its headers (tokens). */
export interface RequestLabel {
  method: string;
  path: string;
}

const current = new AsyncLocalStorage<RequestLabel>();

export function labelOf(req: IncomingMessage): RequestLabel {
  const target = req.url ?? '/';
  const end = target.search(/[?#]/);
  return { method: req.method ?? '?', path: (end === -1 ? target : target.slice(0, end)).slice(0, 300) };
}

/**
 * Runs a request's handler with its label in scope, so that anything escaping its async chain (an uncaught
 * exception in a timer, a rejection nobody awaited) can still be logged with the request it came from.
 */
export function withRequestLabel<T>(req: IncomingMessage, run: () => T): T {
  return current.run(labelOf(req), run);
}

/** " while serving GET /path", or "" outside any request. */
export function duringCurrentRequest(): string {
  const label = current.getStore();
  return label ? ` while serving ${label.method} ${label.path}` : '';
}
