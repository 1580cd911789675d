import type { Db } from './database';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult, type SortTerm } from './keyset';

/** A site's own redirect (migration 033). `destination` is GitBook's SiteRedirectDestination as JSON. */
export interface SiteRedirectRow {
  seq: number;
  id: string;
  organization_id: string;
  site_id: string;
  /** The old address from the site's root, with its leading `/`; a trailing `*` or `/*` matches a prefix. */
  source: string;
  draft: number;
  capture_wildcard: number;
  permanent: number;
  destination: string;
  created_at: string;
  updated_at: string | null;
}

interface SiteRedirectFields {
  source: string;
  draft: boolean;
  captureWildcard: boolean;
  permanent: boolean;
  destination: unknown;
}

export function insertSiteRedirect(db: Db, s: { organizationId: string; siteId: string; now: string } & SiteRedirectFields): SiteRedirectRow {
  const id = newId();
  db.prepare(
    `INSERT INTO site_redirects (id, organization_id, site_id, source, draft, capture_wildcard, permanent, destination, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, s.organizationId, s.siteId, s.source, s.draft ? 1 : 0, s.captureWildcard ? 1 : 0, s.permanent ? 1 : 0, JSON.stringify(s.destination), s.now);
  return getSiteRedirect(db, s.siteId, id)!;
}

export function getSiteRedirect(db: Db, siteId: string, id: string): SiteRedirectRow | undefined {
  return db.prepare('SELECT * FROM site_redirects WHERE site_id = ? AND id = ?').get(siteId, id) as SiteRedirectRow | undefined;
}

/** The site's redirect from exactly this source, live or draft: the oldest, should sync have made two. */
export function siteRedirectBySource(db: Db, siteId: string, source: string, draft: boolean): SiteRedirectRow | undefined {
  return db
    .prepare('SELECT * FROM site_redirects WHERE site_id = ? AND source = ? AND draft = ? ORDER BY seq LIMIT 1')
    .get(siteId, source, draft ? 1 : 0) as SiteRedirectRow | undefined;
}

/** The site's live redirects whose source ends with a wildcard (a site has few: read them all). */
export function liveWildcardRedirects(db: Db, siteId: string): SiteRedirectRow[] {
  return db
    .prepare(`SELECT * FROM site_redirects WHERE site_id = ? AND draft = 0 AND source LIKE '%*' ORDER BY seq`)
    .all(siteId) as SiteRedirectRow[];
}

export function updateSiteRedirect(db: Db, id: string, fields: Partial<SiteRedirectFields>, now: string): void {
  const sets: string[] = [];
  const values: unknown[] = [];
  const set = (column: string, value: unknown) => {
    sets.push(`${column} = ?`);
    values.push(value);
  };
  if (fields.source !== undefined) set('source', fields.source);
  if (fields.draft !== undefined) set('draft', fields.draft ? 1 : 0);
  if (fields.captureWildcard !== undefined) set('capture_wildcard', fields.captureWildcard ? 1 : 0);
  if (fields.permanent !== undefined) set('permanent', fields.permanent ? 1 : 0);
  if (fields.destination !== undefined) set('destination', JSON.stringify(fields.destination));
  set('updated_at', now);
  db.prepare(`UPDATE site_redirects SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
}

export function deleteSiteRedirectRow(db: Db, id: string): boolean {
  return db.prepare('DELETE FROM site_redirects WHERE id = ?').run(id).changes > 0;
}

type SiteRedirectOrder = 'createdAt' | 'updatedAt' | 'source';

/** GitBook's orders: newest created or updated first, or sources alphabetically; `seq` keeps every row in one place. */
const ORDERS: Record<SiteRedirectOrder, SortTerm[]> = {
  createdAt: [
    { expr: 'created_at', dir: 'desc', key: 'created_at' },
    { expr: 'seq', dir: 'desc', key: 'seq' },
  ],
  updatedAt: [
    { expr: 'COALESCE(updated_at, created_at)', dir: 'desc', key: 'changed_at' },
    { expr: 'seq', dir: 'desc', key: 'seq' },
  ],
  source: [
    { expr: 'source', dir: 'asc', key: 'source' },
    { expr: 'seq', dir: 'asc', key: 'seq' },
  ],
};

export function listSiteRedirectRows(
  db: Db,
  siteId: string,
  filter: { draft: boolean; search?: string; orderBy: SiteRedirectOrder },
  page: PageRequest,
): PageResult<SiteRedirectRow> {
  const where = ['site_id = ?', 'draft = ?'];
  const params: unknown[] = [siteId, filter.draft ? 1 : 0];
  if (filter.search) {
    // A substring of the source, matched literally (LIKE's own wildcards escaped).
    where.push(`source LIKE ? ESCAPE '\\'`);
    params.push(`%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  return listPage<SiteRedirectRow>(
    db,
    { select: 'SELECT *, COALESCE(updated_at, created_at) AS changed_at FROM site_redirects', where, params, order: ORDERS[filter.orderBy] },
    page,
  );
}
