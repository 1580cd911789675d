import type { Db } from './database';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult } from './keyset';

/** An organization's custom font (migration 033): a family and its faces, each a weight and the file it is in. */
export interface CustomFontRow {
  seq: number;
  id: string;
  organization_id: string;
  font_family: string;
  /** JSON: Array<{ weight: number; storageKey: string }>, by weight. */
  font_faces: string;
  created_at: string;
  updated_at: string;
}

export interface StoredFontFace {
  weight: number;
  storageKey: string;
}

export function fontFacesOf(row: CustomFontRow): StoredFontFace[] {
  return JSON.parse(row.font_faces) as StoredFontFace[];
}

export function getCustomFontRow(db: Db, organizationId: string, id: string): CustomFontRow | undefined {
  return db.prepare('SELECT * FROM custom_fonts WHERE organization_id = ? AND id = ?').get(organizationId, id) as CustomFontRow | undefined;
}

export function listCustomFontRows(db: Db, organizationId: string, page: PageRequest): PageResult<CustomFontRow> {
  return listPage<CustomFontRow>(
    db,
    { select: 'SELECT * FROM custom_fonts', where: ['organization_id = ?'], params: [organizationId], order: [{ expr: 'seq', dir: 'asc', key: 'seq' }] },
    page,
  );
}

export function insertCustomFont(db: Db, s: { organizationId: string; fontFamily: string; fontFaces: StoredFontFace[]; now: string }): CustomFontRow {
  const id = newId();
  db.prepare('INSERT INTO custom_fonts (id, organization_id, font_family, font_faces, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    id,
    s.organizationId,
    s.fontFamily,
    JSON.stringify(s.fontFaces),
    s.now,
    s.now,
  );
  return getCustomFontRow(db, s.organizationId, id)!;
}

export function updateCustomFontRow(db: Db, id: string, changes: { fontFamily?: string; fontFaces?: StoredFontFace[] }, now: string): void {
  if (changes.fontFamily !== undefined) db.prepare('UPDATE custom_fonts SET font_family = ?, updated_at = ? WHERE id = ?').run(changes.fontFamily, now, id);
  if (changes.fontFaces !== undefined) db.prepare('UPDATE custom_fonts SET font_faces = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(changes.fontFaces), now, id);
}

export function deleteCustomFontRow(db: Db, id: string): boolean {
  return db.prepare('DELETE FROM custom_fonts WHERE id = ?').run(id).changes > 0;
}
