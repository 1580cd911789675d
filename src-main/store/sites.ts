import { randomBytes } from 'node:crypto';
import { sealSecret, unsealNullable } from './secret-sealer';
import type { Db } from './database';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult } from './keyset';

export interface SiteRow {
  seq: number;
  id: string;
  organization_id: string;
  type: string;
  title: string;
  visibility: string;
  published: number;
  basename: string | null;
  proxy_origin: string | null;
  adaptive_content: number;
  agents_context: string;
  default_site_space_id: string | null;
  created_at: string;
  updated_at: string;
  default_site_section_id: string | null;
  /**
   * The secret visitor JWTs are signed with (HS256), shown to admins as the publishing auth's `privateKey`.
   * Null on a workstation whose user is not an admin: secrets sync to admins only (store/synced-datasets.ts).
   * Sealed in the database (secrets/sealing.ts); rows read here carry it open.
   */
  visitor_auth_key: string | null;
  visitor_auth_fallback_url: string | null;
  /** JSON: the draft-07 schema of visitor claims; null when never set. */
  adaptive_schema: string | null;
  adaptive_schema_updated_at: string | null;
  /** JSON: the site's customization settings; null for the defaults. */
  customization: string | null;
  /** A custom hostname (`docs.example.com`) the host also serves the site at; /v1 keeps it unique among sites. */
  hostname: string | null;
}

export interface SiteSpaceRow {
  seq: number;
  id: string;
  organization_id: string;
  site_id: string;
  space_id: string;
  path: string;
  condition: string | null;
  created_at: string;
  /** The section this space is a variant of; null at the root of a site without sections. */
  section_id: string | null;
  position: number;
  /** JSON: this site space's customization overrides; null for none. */
  customization: string | null;
}

export function getSite(db: Db, id: string): SiteRow | undefined {
  return openSite(db, db.prepare('SELECT * FROM sites WHERE id = ?').get(id) as SiteRow | undefined);
}

/** A row as stored, with its visitor key unsealed. */
function openSite<Row extends SiteRow | undefined>(db: Db, row: Row): Row {
  return row && { ...row, visitor_auth_key: unsealNullable(db, row.visitor_auth_key) };
}

export function insertSite(
  db: Db,
  s: { organizationId: string; type: string; title: string; visibility: string; now: string },
): SiteRow {
  const id = newId();
  db.prepare(
    `INSERT INTO sites (id, organization_id, type, title, visibility, visitor_auth_key, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, s.organizationId, s.type, s.title, s.visibility, sealSecret(db, randomBytes(32).toString('hex')), s.now, s.now);
  return getSite(db, id)!;
}

interface SiteChanges {
  title?: string;
  visibility?: string;
  published?: number;
  basename?: string;
  proxy_origin?: string | null;
  adaptive_content?: number;
  agents_context?: string;
  default_site_space_id?: string | null;
  default_site_section_id?: string | null;
  visitor_auth_key?: string;
  visitor_auth_fallback_url?: string | null;
  adaptive_schema?: string | null;
  adaptive_schema_updated_at?: string | null;
  customization?: string | null;
  hostname?: string | null;
  updated_at: string;
}

export function updateSite(db: Db, id: string, changes: SiteChanges): void {
  const stored = changes.visitor_auth_key === undefined ? changes : { ...changes, visitor_auth_key: sealSecret(db, changes.visitor_auth_key) };
  const entries = Object.entries(stored).filter(([, v]) => v !== undefined);
  db.prepare(`UPDATE sites SET ${entries.map(([k]) => `${k} = ?`).join(', ')} WHERE id = ?`).run(...entries.map(([, v]) => v), id);
}

/** Deletes the site and everything in it (each row recorded as its own deletion for sync). */
export function deleteSiteRows(db: Db, id: string): void {
  for (const table of ['site_insight_events', 'site_share_links', 'site_redirects', 'site_external_links', 'site_spaces', 'site_sections', 'site_section_groups']) {
    db.prepare(`DELETE FROM ${table} WHERE site_id = ?`).run(id);
  }
  db.prepare('DELETE FROM sites WHERE id = ?').run(id);
}

interface SiteFilters {
  spaceId?: string;
  title?: string;
  published?: boolean;
  type?: string;
  /** Just these sites (a guest's: those invited to). */
  onlyIds?: readonly string[];
}

/** The organization's sites, oldest first; `title` matches a part of the title, ignoring case. */
export function listSites(db: Db, organizationId: string, filters: SiteFilters, page: PageRequest): PageResult<SiteRow> {
  const where = ['organization_id = ?'];
  const params: unknown[] = [organizationId];
  if (filters.spaceId !== undefined) {
    where.push('EXISTS (SELECT 1 FROM site_spaces ss WHERE ss.site_id = sites.id AND ss.space_id = ?)');
    params.push(filters.spaceId);
  }
  if (filters.title !== undefined) {
    where.push("instr(lower(title), lower(?)) > 0");
    params.push(filters.title);
  }
  if (filters.published !== undefined) {
    where.push('published = ?');
    params.push(filters.published ? 1 : 0);
  }
  if (filters.type !== undefined) {
    where.push('type = ?');
    params.push(filters.type);
  }
  if (filters.onlyIds !== undefined) {
    where.push('id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(filters.onlyIds));
  }
  const result = listPage<SiteRow>(db, { select: 'SELECT * FROM sites', where, params, order: [{ expr: 'seq', dir: 'asc', key: 'seq' }] }, page);
  return { ...result, rows: result.rows.map((row) => openSite(db, row)) };
}

export function countSiteSpaces(db: Db, siteId: string): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM site_spaces WHERE site_id = ?').get(siteId) as { n: number }).n;
}

export function getSiteSpace(db: Db, siteId: string, id: string): SiteSpaceRow | undefined {
  return db.prepare('SELECT * FROM site_spaces WHERE site_id = ? AND id = ?').get(siteId, id) as SiteSpaceRow | undefined;
}

/**
 * The site's default section: the one the site names, else its first (a site without sections has none).
 * Sections keep `default_site_section_id` set; the fallback covers rows that arrived by sync in another order.
 */
export function defaultSiteSectionId(db: Db, site: SiteRow): string | undefined {
  if (site.default_site_section_id) {
    const named = db.prepare('SELECT id FROM site_sections WHERE site_id = ? AND id = ?').get(site.id, site.default_site_section_id) as { id: string } | undefined;
    if (named) return named.id;
  }
  const first = db.prepare('SELECT id FROM site_sections WHERE site_id = ? ORDER BY section_group_id IS NOT NULL, position, seq LIMIT 1').get(site.id) as
    | { id: string }
    | undefined;
  return first?.id;
}

/** The default site space of a section (`sectionId`) or of the root (null): the one named, else the first in order. */
export function defaultSiteSpaceIn(db: Db, siteId: string, sectionId: string | null, namedId: string | null): string | undefined {
  if (namedId) {
    const named = db.prepare('SELECT id FROM site_spaces WHERE site_id = ? AND id = ? AND section_id IS ?').get(siteId, namedId, sectionId) as
      | { id: string }
      | undefined;
    if (named) return named.id;
  }
  const first = db.prepare('SELECT id FROM site_spaces WHERE site_id = ? AND section_id IS ? ORDER BY position, seq LIMIT 1').get(siteId, sectionId) as
    | { id: string }
    | undefined;
  return first?.id;
}

/**
 * The site space a visitor lands on: at the root of a site without sections the one the site names (else
 * its first); with sections, the default site space of the default section.
 */
export function defaultSiteSpaceId(db: Db, site: SiteRow): string | undefined {
  const sectionId = defaultSiteSectionId(db, site);
  if (sectionId === undefined) return defaultSiteSpaceIn(db, site.id, null, site.default_site_space_id);
  const section = db.prepare('SELECT default_site_space_id FROM site_sections WHERE id = ?').get(sectionId) as { default_site_space_id: string | null };
  return defaultSiteSpaceIn(db, site.id, sectionId, section.default_site_space_id);
}

/** Whether `path` is taken by another site space of the same section (or of the root when `sectionId` is null). */
export function pathTaken(db: Db, siteId: string, sectionId: string | null, path: string, exceptId?: string): boolean {
  return (
    db.prepare('SELECT 1 FROM site_spaces WHERE site_id = ? AND section_id IS ? AND path = ? AND id IS NOT ?').get(siteId, sectionId, path, exceptId ?? null) !==
    undefined
  );
}

/** The site spaces of a section (or of the root), in display order. */
export function siteSpacesIn(db: Db, siteId: string, sectionId: string | null): SiteSpaceRow[] {
  return db.prepare('SELECT * FROM site_spaces WHERE site_id = ? AND section_id IS ? ORDER BY position, seq').all(siteId, sectionId) as SiteSpaceRow[];
}

/** Every site space of the site, by position then age (the structure sorts them into their sections). */
export function allSiteSpaces(db: Db, siteId: string): SiteSpaceRow[] {
  return db.prepare('SELECT * FROM site_spaces WHERE site_id = ? ORDER BY position, seq').all(siteId) as SiteSpaceRow[];
}

export function nextSiteSpacePosition(db: Db, siteId: string, sectionId: string | null): number {
  return ((db.prepare('SELECT MAX(position) AS p FROM site_spaces WHERE site_id = ? AND section_id IS ?').get(siteId, sectionId) as { p: number | null }).p ?? 0) + 1;
}

export function insertSiteSpace(
  db: Db,
  s: { organizationId: string; siteId: string; spaceId: string; path: string; sectionId: string | null; position: number; now: string },
): SiteSpaceRow {
  const id = newId();
  db.prepare(
    'INSERT INTO site_spaces (id, organization_id, site_id, space_id, path, section_id, position, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(id, s.organizationId, s.siteId, s.spaceId, s.path, s.sectionId, s.position, s.now);
  return getSiteSpace(db, s.siteId, id)!;
}

export function updateSiteSpace(
  db: Db,
  id: string,
  changes: { path?: string; condition?: string | null; space_id?: string; section_id?: string | null; position?: number; customization?: string | null },
): void {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  if (!entries.length) return;
  db.prepare(`UPDATE site_spaces SET ${entries.map(([k]) => `${k} = ?`).join(', ')} WHERE id = ?`).run(...entries.map(([, v]) => v), id);
}

export function deleteSiteSpaceRow(db: Db, id: string): void {
  db.prepare('DELETE FROM site_spaces WHERE id = ?').run(id);
}

/** A site's spaces by position (display order at the root; within each section with sections); `isDefault` keeps only the default one (true) or the others (false). */
export function listSiteSpaces(
  db: Db,
  siteId: string,
  options: { defaultId: string | undefined; isDefault?: boolean },
  page: PageRequest,
): PageResult<SiteSpaceRow> {
  const where = ['site_id = ?'];
  const params: unknown[] = [siteId];
  if (options.isDefault !== undefined) {
    where.push(options.isDefault ? 'id = ?' : 'id IS NOT ?');
    params.push(options.defaultId ?? null);
  }
  return listPage(
    db,
    { select: 'SELECT * FROM site_spaces', where, params, order: [{ expr: 'position', dir: 'asc', key: 'position' }, { expr: 'seq', dir: 'asc', key: 'seq' }] },
    page,
  );
}

const SITE_TABLES = new Set([
  'sites', 'site_spaces', 'site_sections', 'site_section_groups', 'site_share_links', 'site_insight_events',
  // Migration 033.
  'site_redirects', 'site_external_links', 'custom_fonts',
]);

/** The organization of a row of one of the sites' tables, or undefined when there is no such row (sync's authority). */
export function siteRowOrganization(db: Db, table: string, id: string): string | undefined {
  if (!SITE_TABLES.has(table)) throw new Error(`not a site table: ${table}`);
  const row = db.prepare(`SELECT organization_id FROM ${table} WHERE id = ?`).get(id) as { organization_id: string } | undefined;
  return row?.organization_id;
}

/** The site a hostname names: the oldest, should sync have given it to two (migration 022). */
export function siteWithHostname(db: Db, hostname: string): SiteRow | undefined {
  return openSite(db, db.prepare('SELECT * FROM sites WHERE hostname = ? ORDER BY seq LIMIT 1').get(hostname.toLowerCase()) as SiteRow | undefined);
}
