import { timingSafeEqual } from 'node:crypto';
import { sealSecret, unsealSecret } from './secret-sealer';
import type { Db } from './database';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult } from './keyset';

export interface ShareLinkRow {
  seq: number;
  id: string;
  organization_id: string;
  site_id: string;
  name: string | null;
  /** The secret a visitor presents as `?shareKey=`: sealed in the database (secrets/sealing.ts), open in rows read here. */
  key: string;
  active: number;
  created_at: string;
}

export function getShareLink(db: Db, siteId: string, id: string): ShareLinkRow | undefined {
  return openLink(db, db.prepare('SELECT * FROM site_share_links WHERE site_id = ? AND id = ?').get(siteId, id) as ShareLinkRow | undefined);
}

function openLink<Row extends ShareLinkRow | undefined>(db: Db, row: Row): Row {
  return row && { ...row, key: unsealSecret(db, row.key) };
}

/**
 * The site's link holding this key, active or not (the caller decides what an inactive one means). Sealed
 * keys cannot be looked up by value: the site's few links are opened and compared in constant time.
 */
export function findShareLinkByKey(db: Db, siteId: string, key: string): ShareLinkRow | undefined {
  const given = Buffer.from(key);
  const links = db.prepare('SELECT * FROM site_share_links WHERE site_id = ? ORDER BY seq').all(siteId) as ShareLinkRow[];
  return links.map((link) => openLink(db, link)).find((link) => {
    const kept = Buffer.from(link.key);
    return kept.length === given.length && timingSafeEqual(kept, given);
  });
}

export function insertShareLink(db: Db, s: { organizationId: string; siteId: string; name: string; key: string; now: string }): ShareLinkRow {
  const id = newId();
  db.prepare(
    'INSERT INTO site_share_links (id, organization_id, site_id, name, key, active, created_at) VALUES (?, ?, ?, ?, ?, 1, ?)',
  ).run(id, s.organizationId, s.siteId, s.name, sealSecret(db, s.key), s.now);
  return getShareLink(db, s.siteId, id)!;
}

export function updateShareLink(db: Db, id: string, changes: { name?: string; active?: number }): void {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  if (!entries.length) return;
  db.prepare(`UPDATE site_share_links SET ${entries.map(([k]) => `${k} = ?`).join(', ')} WHERE id = ?`).run(...entries.map(([, v]) => v), id);
}

export function deleteShareLinkRow(db: Db, id: string): void {
  db.prepare('DELETE FROM site_share_links WHERE id = ?').run(id);
}

/** A site's share links, oldest first. */
export function listShareLinks(db: Db, siteId: string, page: PageRequest): PageResult<ShareLinkRow> {
  const result = listPage<ShareLinkRow>(
    db,
    { select: 'SELECT * FROM site_share_links', where: ['site_id = ?'], params: [siteId], order: [{ expr: 'seq', dir: 'asc', key: 'seq' }] },
    page,
  );
  return { ...result, rows: result.rows.map((row) => openLink(db, row)) };
}
