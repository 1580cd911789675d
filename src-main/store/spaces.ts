import type { DefaultLevel } from '../../src-shared/access';
import { encodeLevel } from './collections';
import type { Db } from './database';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult } from './keyset';
import { nextPosition } from './siblings';

type SpaceVisibility = 'public' | 'unlisted' | 'share-link' | 'visitor-auth' | 'in-collection' | 'private';

export interface SpaceRow {
  seq: number;
  id: string;
  organization_id: string;
  parent_id: string | null;
  title: string;
  emoji: string | null;
  visibility: SpaceVisibility;
  edit_mode: 'live' | 'locked';
  default_level: string;
  position: number;
  revision_id: string;
  share_key: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  deleted_by: string | null;
}

export function getSpace(db: Db, id: string): SpaceRow | undefined {
  return db.prepare('SELECT * FROM spaces WHERE id = ?').get(id) as SpaceRow | undefined;
}

export interface NewSpace {
  organizationId: string;
  parentId: string | null;
  title: string;
  emoji: string | null;
  editMode: 'live' | 'locked';
  defaultLevel?: DefaultLevel;
  createdBy: string;
  now: string;
}

/** Inserts a space with its first (empty) revision. */
export function insertSpace(db: Db, s: NewSpace): SpaceRow {
  const id = newId();
  const revisionId = newId();
  db.prepare(
    `INSERT INTO spaces (id, organization_id, parent_id, title, emoji, visibility, edit_mode, default_level,
       position, revision_id, share_key, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    s.organizationId,
    s.parentId,
    s.title,
    s.emoji,
    s.parentId ? 'in-collection' : 'private',
    s.editMode,
    encodeLevel(s.defaultLevel ?? 'inherit'),
    nextPosition(db, s.organizationId, s.parentId),
    revisionId,
    newId(32),
    s.now,
    s.now,
  );
  db.prepare(
    'INSERT INTO revisions (id, space_id, tree_id, parents, type, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(revisionId, id, id, '[]', 'edits', s.createdBy, s.now);
  return getSpace(db, id)!;
}

interface SpaceChanges {
  title?: string;
  emoji?: string | null;
  edit_mode?: 'live' | 'locked';
  default_level?: string;
  parent_id?: string | null;
  organization_id?: string;
  visibility?: SpaceVisibility;
  deleted_at?: string | null;
  deleted_by?: string | null;
  updated_at?: string;
}

export function updateSpace(db: Db, id: string, changes: SpaceChanges): void {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  if (!entries.length) return;
  db.prepare(`UPDATE spaces SET ${entries.map(([k]) => `${k} = ?`).join(', ')} WHERE id = ?`).run(
    ...entries.map(([, v]) => v),
    id,
  );
}

const LIST_ORDER = [
  { expr: "COALESCE(parent_id, '')", dir: 'asc' as const, key: 'parent_key' },
  { expr: 'position', dir: 'asc' as const, key: 'position' },
  { expr: 'seq', dir: 'asc' as const, key: 'seq' },
];

/** Live (not deleted) spaces of an organization, root spaces first, each parent's in their order. */
export function listSpacesOfOrganization(db: Db, organizationId: string, page: PageRequest, onlyIds?: readonly string[]): PageResult<SpaceRow> {
  return listLiveSpaces(db, 'organization_id = ?', organizationId, page, onlyIds);
}

export function listSpacesOfCollection(db: Db, collectionId: string, page: PageRequest): PageResult<SpaceRow> {
  return listLiveSpaces(db, 'parent_id = ?', collectionId, page);
}

/** `onlyIds`: just these spaces (a guest's, reached through invitations). */
function listLiveSpaces(db: Db, condition: string, value: string, page: PageRequest, onlyIds?: readonly string[]): PageResult<SpaceRow> {
  return listPage(
    db,
    {
      select: "SELECT *, COALESCE(parent_id, '') AS parent_key FROM spaces",
      where: [condition, 'deleted_at IS NULL', ...(onlyIds ? ['id IN (SELECT value FROM json_each(?))'] : [])],
      params: onlyIds ? [value, JSON.stringify(onlyIds)] : [value],
      order: LIST_ORDER,
    },
    page,
  );
}

export function spacesDeletedBefore(db: Db, cutoff: string): string[] {
  return (
    db.prepare('SELECT id FROM spaces WHERE deleted_at IS NOT NULL AND deleted_at < ?').all(cutoff) as Array<{ id: string }>
  ).map((r) => r.id);
}

/** Permanently removes a space and its rows (content rows, revisions) through the foreign keys. */
export function deleteSpaceRow(db: Db, id: string): void {
  db.prepare('DELETE FROM spaces WHERE id = ?').run(id);
}

/** Soft-deletes every live space in the given collections, moving them to the root (their collection is going away). */
export function deleteSpacesInCollections(db: Db, collectionIds: string[], deletedBy: string, now: string): void {
  const stmt = db.prepare(
    `UPDATE spaces SET deleted_at = ?, deleted_by = ?, updated_at = ?, parent_id = NULL,
       visibility = CASE visibility WHEN 'in-collection' THEN 'private' ELSE visibility END
     WHERE parent_id = ? AND deleted_at IS NULL`,
  );
  for (const id of collectionIds) stmt.run(now, deletedBy, now, id);
}

export function listLiveSpaceIds(db: Db, organizationId: string): string[] {
  return (
    db.prepare('SELECT id FROM spaces WHERE organization_id = ? AND deleted_at IS NULL').all(organizationId) as Array<{ id: string }>
  ).map((r) => r.id);
}
