import type { Db } from './database';

/** A page whose markdown row is behind its body document (migration 027). */
interface StalePageBody {
  tree_id: string;
  page_id: string;
}

/** Marks a page's markdown as behind its body; writes nothing when it already is (every keystroke after the first). */
export function markPageBodyStale(db: Db, treeId: string, pageId: string): void {
  db.prepare('INSERT OR IGNORE INTO stale_page_bodies (tree_id, page_id) VALUES (?, ?)').run(treeId, pageId);
}

/** Whether any page (of one tree, when given) waits for its markdown: one index probe, what every read pays. */
export function hasStalePageBodies(db: Db, treeId?: string): boolean {
  const row = treeId === undefined
    ? db.prepare('SELECT 1 AS x FROM stale_page_bodies LIMIT 1').get()
    : db.prepare('SELECT 1 AS x FROM stale_page_bodies WHERE tree_id = ? LIMIT 1').get(treeId);
  return row !== undefined;
}

export function stalePageBodies(db: Db, treeId?: string): StalePageBody[] {
  return (treeId === undefined
    ? db.prepare('SELECT tree_id, page_id FROM stale_page_bodies').all()
    : db.prepare('SELECT tree_id, page_id FROM stale_page_bodies WHERE tree_id = ?').all(treeId)) as StalePageBody[];
}

export function clearStalePageBody(db: Db, treeId: string, pageId: string): void {
  db.prepare('DELETE FROM stale_page_bodies WHERE tree_id = ? AND page_id = ?').run(treeId, pageId);
}
