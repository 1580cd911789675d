import type { Db } from './database';

/**
 * Spaces and collections with the same parent (a collection, or the organization's root) form one
 * ordered list. Positions are small integers, rewritten 1..n when something moves: sibling lists
 * are short, and exact integers never run out of room between two neighbours.
 */
export interface Sibling {
  kind: 'space' | 'collection';
  id: string;
}

export function nextPosition(db: Db, organizationId: string, parentId: string | null): number {
  const row = db
    .prepare(
      `SELECT MAX(position) AS p FROM (
         SELECT position FROM spaces WHERE organization_id = ? AND parent_id IS ? AND deleted_at IS NULL
         UNION ALL SELECT position FROM collections WHERE organization_id = ? AND parent_id IS ?)`,
    )
    .get(organizationId, parentId, organizationId, parentId) as { p: number | null };
  return (row.p ?? 0) + 1;
}

export function listSiblings(db: Db, organizationId: string, parentId: string | null): Sibling[] {
  return db
    .prepare(
      `SELECT kind, id FROM (
         SELECT 'space' AS kind, id, position, seq FROM spaces
         WHERE organization_id = ? AND parent_id IS ? AND deleted_at IS NULL
         UNION ALL SELECT 'collection' AS kind, id, position, seq FROM collections
         WHERE organization_id = ? AND parent_id IS ?)
       ORDER BY position, kind, seq`,
    )
    .all(organizationId, parentId, organizationId, parentId) as Sibling[];
}

/** Writes positions 1..n in the given order. */
export function renumberSiblings(db: Db, siblings: Sibling[]): void {
  const space = db.prepare('UPDATE spaces SET position = ? WHERE id = ?');
  const collection = db.prepare('UPDATE collections SET position = ? WHERE id = ?');
  siblings.forEach((s, i) => (s.kind === 'space' ? space : collection).run(i + 1, s.id));
}
