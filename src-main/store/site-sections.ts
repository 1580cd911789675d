import type { Db } from './database';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult } from './keyset';

export interface SiteSectionRow {
  seq: number;
  id: string;
  organization_id: string;
  site_id: string;
  title: string;
  description: string | null;
  path: string;
  condition: string | null;
  icon: string | null;
  /** The group it belongs to; null at the top level of the site. */
  section_group_id: string | null;
  default_site_space_id: string | null;
  /** Among the top level (shared with groups) or among its group's sections. */
  position: number;
  created_at: string;
}

export interface SiteSectionGroupRow {
  seq: number;
  id: string;
  organization_id: string;
  site_id: string;
  title: string;
  icon: string | null;
  position: number;
  created_at: string;
}

export function getSection(db: Db, siteId: string, id: string): SiteSectionRow | undefined {
  return db.prepare('SELECT * FROM site_sections WHERE site_id = ? AND id = ?').get(siteId, id) as SiteSectionRow | undefined;
}

/** Every section of the site (grouped or not), by position then age: the structure sorts them into places. */
export function allSections(db: Db, siteId: string): SiteSectionRow[] {
  return db.prepare('SELECT * FROM site_sections WHERE site_id = ? ORDER BY position, seq').all(siteId) as SiteSectionRow[];
}

export function countSections(db: Db, siteId: string): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM site_sections WHERE site_id = ?').get(siteId) as { n: number }).n;
}

export function sectionPathTaken(db: Db, siteId: string, path: string, exceptId?: string): boolean {
  return db.prepare('SELECT 1 FROM site_sections WHERE site_id = ? AND path = ? AND id IS NOT ?').get(siteId, path, exceptId ?? null) !== undefined;
}

export function insertSection(
  db: Db,
  s: { organizationId: string; siteId: string; title: string; path: string; icon: string | null; position: number; now: string },
): SiteSectionRow {
  const id = newId();
  db.prepare(
    `INSERT INTO site_sections (id, organization_id, site_id, title, path, icon, position, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, s.organizationId, s.siteId, s.title, s.path, s.icon, s.position, s.now);
  return getSection(db, s.siteId, id)!;
}

interface SectionChanges {
  title?: string;
  description?: string | null;
  path?: string;
  condition?: string | null;
  icon?: string | null;
  section_group_id?: string | null;
  default_site_space_id?: string | null;
  position?: number;
}

export function updateSection(db: Db, id: string, changes: SectionChanges): void {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  if (!entries.length) return;
  db.prepare(`UPDATE site_sections SET ${entries.map(([k]) => `${k} = ?`).join(', ')} WHERE id = ?`).run(...entries.map(([, v]) => v), id);
}

/** Deletes the section and its site spaces (each row its own deletion for sync). */
export function deleteSectionRows(db: Db, id: string): void {
  db.prepare('DELETE FROM site_spaces WHERE section_id = ?').run(id);
  db.prepare('DELETE FROM site_sections WHERE id = ?').run(id);
}

/** The site's sections in the order they were added (the list operation; the structure gives display order). */
export function listSections(db: Db, siteId: string, page: PageRequest): PageResult<SiteSectionRow> {
  return listPage(db, { select: 'SELECT * FROM site_sections', where: ['site_id = ?'], params: [siteId], order: [{ expr: 'seq', dir: 'asc', key: 'seq' }] }, page);
}

export function getGroup(db: Db, siteId: string, id: string): SiteSectionGroupRow | undefined {
  return db.prepare('SELECT * FROM site_section_groups WHERE site_id = ? AND id = ?').get(siteId, id) as SiteSectionGroupRow | undefined;
}

export function allGroups(db: Db, siteId: string): SiteSectionGroupRow[] {
  return db.prepare('SELECT * FROM site_section_groups WHERE site_id = ? ORDER BY position, seq').all(siteId) as SiteSectionGroupRow[];
}

export function listGroups(db: Db, siteId: string, page: PageRequest): PageResult<SiteSectionGroupRow> {
  return listPage(db, { select: 'SELECT * FROM site_section_groups', where: ['site_id = ?'], params: [siteId], order: [{ expr: 'seq', dir: 'asc', key: 'seq' }] }, page);
}

export function insertGroup(
  db: Db,
  g: { organizationId: string; siteId: string; title: string; icon: string | null; position: number; now: string },
): SiteSectionGroupRow {
  const id = newId();
  db.prepare(
    'INSERT INTO site_section_groups (id, organization_id, site_id, title, icon, position, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(id, g.organizationId, g.siteId, g.title, g.icon, g.position, g.now);
  return getGroup(db, g.siteId, id)!;
}

export function updateGroup(db: Db, id: string, changes: { title?: string; icon?: string | null; position?: number }): void {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  if (!entries.length) return;
  db.prepare(`UPDATE site_section_groups SET ${entries.map(([k]) => `${k} = ?`).join(', ')} WHERE id = ?`).run(...entries.map(([, v]) => v), id);
}

export function deleteGroupRow(db: Db, id: string): void {
  db.prepare('DELETE FROM site_section_groups WHERE id = ?').run(id);
}
