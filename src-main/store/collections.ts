import type { DefaultLevel } from '../../src-shared/access';
import type { Db } from './database';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult } from './keyset';
import { nextPosition } from './siblings';

export interface CollectionRow {
  seq: number;
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  description: string | null;
  default_level: string;
  position: number;
  created_at: string;
  updated_at: string;
}

export function getCollection(db: Db, id: string): CollectionRow | undefined {
  return db.prepare('SELECT * FROM collections WHERE id = ?').get(id) as CollectionRow | undefined;
}

export function insertCollection(
  db: Db,
  c: { organizationId: string; parentId: string | null; title: string; now: string },
): CollectionRow {
  const id = newId();
  db.prepare(
    `INSERT INTO collections (id, organization_id, parent_id, title, position, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, c.organizationId, c.parentId, c.title, nextPosition(db, c.organizationId, c.parentId), c.now, c.now);
  return getCollection(db, id)!;
}

export function updateCollection(
  db: Db,
  id: string,
  changes: { title?: string; description?: string; default_level?: DefaultLevel; updated_at: string },
): void {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  db.prepare(`UPDATE collections SET ${entries.map(([k]) => `${k} = ?`).join(', ')} WHERE id = ?`).run(
    ...entries.map(([k, v]) => (k === 'default_level' ? encodeLevel(v as DefaultLevel) : v)),
    id,
  );
}

/** Default levels are stored as text; `null` (no default access) is spelled 'none'. */
export function encodeLevel(level: DefaultLevel): string {
  return level === null ? 'none' : level;
}

export function decodeLevel(stored: string): DefaultLevel {
  return stored === 'none' ? null : (stored as DefaultLevel);
}

export function listCollections(
  db: Db,
  organizationId: string,
  options: { topLevelOnly: boolean; onlyIds?: readonly string[] },
  page: PageRequest,
): PageResult<CollectionRow> {
  const where = ['organization_id = ?'];
  const params: unknown[] = [organizationId];
  if (options.topLevelOnly) where.push('parent_id IS NULL');
  if (options.onlyIds) {
    // A guest's: the collections reached through invitations.
    where.push('id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(options.onlyIds));
  }
  return listPage(
    db,
    {
      select: "SELECT *, COALESCE(parent_id, '') AS parent_key FROM collections",
      where,
      params,
      order: [
        { expr: "COALESCE(parent_id, '')", dir: 'asc', key: 'parent_key' },
        { expr: 'position', dir: 'asc', key: 'position' },
        { expr: 'seq', dir: 'asc', key: 'seq' },
      ],
    },
    page,
  );
}

/** The collection and its ancestors, nearest first. */
export function collectionChain(db: Db, id: string | null): CollectionRow[] {
  if (!id) return [];
  return db
    .prepare(
      `WITH RECURSIVE chain(id, depth) AS (
         SELECT ?, 0
         UNION ALL SELECT c.parent_id, chain.depth + 1 FROM collections c JOIN chain ON c.id = chain.id
         WHERE c.parent_id IS NOT NULL AND chain.depth < 100)
       SELECT c.* FROM chain JOIN collections c ON c.id = chain.id ORDER BY chain.depth`,
    )
    .all(id) as CollectionRow[];
}

/** Ids of the collection and every collection nested in it. */
export function collectionSubtree(db: Db, id: string): string[] {
  return (
    db
      .prepare(
        `WITH RECURSIVE tree(id) AS (SELECT ? UNION ALL SELECT c.id FROM collections c JOIN tree ON c.parent_id = tree.id)
         SELECT id FROM tree`,
      )
      .all(id) as Array<{ id: string }>
  ).map((r) => r.id);
}

export function deleteCollectionRows(db: Db, id: string): void {
  db.prepare('DELETE FROM collections WHERE id = ?').run(id);
}

export function setCollectionParent(db: Db, id: string, parentId: string | null, now: string): void {
  db.prepare('UPDATE collections SET parent_id = ?, updated_at = ? WHERE id = ?').run(parentId, now, id);
}

/** Moves collections, and the spaces directly in them, to another organization. */
export function moveCollectionsToOrganization(db: Db, collectionIds: string[], organizationId: string, now: string): void {
  const collection = db.prepare('UPDATE collections SET organization_id = ?, updated_at = ? WHERE id = ?');
  const spaces = db.prepare('UPDATE spaces SET organization_id = ?, updated_at = ? WHERE parent_id = ?');
  for (const id of collectionIds) {
    collection.run(organizationId, now, id);
    spaces.run(organizationId, now, id);
  }
}
