import type { PageResult } from '../store/keyset';

/** The API's list envelope: `items`, `count` (over every page) and `next.page` while more remain. */
export function listEnvelope<Row, Item>(page: PageResult<Row>, present: (row: Row) => Item) {
  return {
    items: page.rows.map(present),
    count: page.total,
    ...(page.next ? { next: { page: page.next } } : {}),
  };
}
