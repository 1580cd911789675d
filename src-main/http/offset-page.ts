import { badRequest } from '../errors';

/**
 * Paging over results computed in memory (search rankings, a past revision's files): the opaque
 * cursor is an offset into them. Stored rows page by keyset instead (store/keyset.ts).
 */
export function pageInMemory<T>(items: T[], request: { page?: string; limit?: number }, defaultLimit = 100) {
  const { offset, limit } = offsetWindow(request, defaultLimit);
  return offsetPage(items.slice(offset, offset + limit), items.length, offset);
}

/** The window a request asks for, for results whose window is cut where they are computed (in SQL). */
export function offsetWindow(request: { page?: string; limit?: number }, defaultLimit = 100) {
  return { limit: request.limit ?? defaultLimit, offset: request.page === undefined ? 0 : decodeOffset(request.page) };
}

/** One window of `total` results starting at `offset`, with the cursor of the next while more remain. */
export function offsetPage<T>(slice: T[], total: number, offset: number) {
  const nextOffset = offset + slice.length;
  return {
    items: slice,
    total,
    next: nextOffset < total ? Buffer.from(JSON.stringify({ o: nextOffset }), 'utf8').toString('base64url') : undefined,
  };
}

function decodeOffset(page: string): number {
  try {
    const { o } = JSON.parse(Buffer.from(page, 'base64url').toString('utf8')) as { o: unknown };
    if (typeof o === 'number' && Number.isInteger(o) && o >= 0) return o;
  } catch {
    // not ours: refused below
  }
  throw badRequest('page: not a page cursor returned by this list (use next.page)');
}
