import { badRequest } from '../errors';

/**
 * Paging over results computed in memory (search rankings, a past revision's files): the opaque
 * cursor is an offset into them. Stored rows page by keyset instead (store/keyset.ts).
 */
export function pageInMemory<T>(items: T[], request: { page?: string; limit?: number }, defaultLimit = 100) {
  const limit = request.limit ?? defaultLimit;
  const offset = request.page === undefined ? 0 : decodeOffset(request.page);
  const slice = items.slice(offset, offset + limit);
  const nextOffset = offset + slice.length;
  return {
    items: slice,
    total: items.length,
    next: nextOffset < items.length ? Buffer.from(JSON.stringify({ o: nextOffset }), 'utf8').toString('base64url') : undefined,
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
