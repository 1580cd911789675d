import type { Db } from './database';
import { newId } from './ids';

/** A link to another website in a site's navigation (migration 033), at the top level or in a section group. */
export interface SiteExternalLinkRow {
  seq: number;
  id: string;
  organization_id: string;
  site_id: string;
  title: string;
  description: string | null;
  icon: string | null;
  url: string;
  /** The group it is in; null at the top level of the site. */
  section_group_id: string | null;
  draft: number;
  condition: string | null;
  /** Among the site's (or its group's) links; they follow the sections and groups of the same level. */
  position: number;
  created_at: string;
  updated_at: string;
}

interface SiteExternalLinkChanges {
  title?: string;
  description?: string | null;
  icon?: string | null;
  url?: string;
  section_group_id?: string | null;
  draft?: number;
  condition?: string | null;
  position?: number;
}

export function getSiteExternalLink(db: Db, siteId: string, id: string): SiteExternalLinkRow | undefined {
  return db.prepare('SELECT * FROM site_external_links WHERE site_id = ? AND id = ?').get(siteId, id) as SiteExternalLinkRow | undefined;
}

/** Every link of the site in display order: by position, then age. */
export function allSiteExternalLinks(db: Db, siteId: string): SiteExternalLinkRow[] {
  return db.prepare('SELECT * FROM site_external_links WHERE site_id = ? ORDER BY position, seq').all(siteId) as SiteExternalLinkRow[];
}

export function nextExternalLinkPosition(db: Db, siteId: string, groupId: string | null): number {
  const row = db
    .prepare('SELECT MAX(position) AS last FROM site_external_links WHERE site_id = ? AND section_group_id IS ?')
    .get(siteId, groupId) as { last: number | null };
  return (row.last ?? 0) + 1;
}

export function insertSiteExternalLink(
  db: Db,
  s: { organizationId: string; siteId: string; now: string } & Required<Omit<SiteExternalLinkChanges, 'position'>> & { position: number },
): SiteExternalLinkRow {
  const id = newId();
  db.prepare(
    `INSERT INTO site_external_links (id, organization_id, site_id, title, description, icon, url, section_group_id, draft, condition, position, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, s.organizationId, s.siteId, s.title, s.description, s.icon, s.url, s.section_group_id, s.draft, s.condition, s.position, s.now, s.now);
  return getSiteExternalLink(db, s.siteId, id)!;
}

/** Writes only the columns given (sync then carries only real changes). */
export function updateSiteExternalLink(db: Db, id: string, changes: SiteExternalLinkChanges, now: string): void {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (!entries.length) return;
  const sets = [...entries.map(([column]) => `${column} = ?`), 'updated_at = ?'];
  db.prepare(`UPDATE site_external_links SET ${sets.join(', ')} WHERE id = ?`).run(...entries.map(([, value]) => value), now, id);
}

export function deleteSiteExternalLinkRow(db: Db, id: string): boolean {
  return db.prepare('DELETE FROM site_external_links WHERE id = ?').run(id).changes > 0;
}

/** A group is deleted: its links move to the top level, last (rather than vanish or name a missing group). */
export function ungroupExternalLinks(db: Db, groupId: string, now: string): void {
  const links = db
    .prepare('SELECT id, site_id FROM site_external_links WHERE section_group_id = ? ORDER BY position, seq')
    .all(groupId) as Array<{ id: string; site_id: string }>;
  for (const link of links) updateSiteExternalLink(db, link.id, { section_group_id: null, position: nextExternalLinkPosition(db, link.site_id, null) }, now);
}
