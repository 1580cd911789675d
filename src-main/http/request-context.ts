import type { IncomingMessage } from 'node:http';

/** What is logged of a request: its method and path. Never its query (signatures, share keys) nor its headers (tokens). */
interface RequestLabel {
  method: string;
  path: string;
}

export function labelOf(req: IncomingMessage): RequestLabel {
  const target = req.url ?? '/';
  const end = target.search(/[?#]/);
  return { method: req.method ?? '?', path: (end === -1 ? target : target.slice(0, end)).slice(0, 300) };
}

/**
 * The request that arrived last. Not an AsyncLocalStorage: on Node 20 one enables promise hooks for every promise
 * in the process, which cost about a quarter of a small GET (bench http). An exception escaping every handler
 * is rare and usually comes from the request just served, so naming the most recent one is the useful hint at
 * no cost; the log says it is the most recent, not that it is the culprit.
 */
let mostRecent: IncomingMessage | undefined;

export function noteRequestArrived(req: IncomingMessage): void {
  mostRecent = req;
}

/** " after GET /path (the most recent request)", or "" before any request. Computed only when logging. */
export function afterMostRecentRequest(): string {
  if (!mostRecent) return '';
  const label = labelOf(mostRecent);
  return ` after ${label.method} ${label.path} (the most recent request)`;
}
