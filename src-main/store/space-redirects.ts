import type { Db } from './database';

/** A redirect of a space's published site: an old address leading to a page, or to the file path the source named. */
export interface SpaceRedirectRow {
  space_id: string;
  /** The old address, below the site space, without a leading or trailing `/`. */
  source: string;
  page_id: string | null;
  target_path: string | null;
  created_at: string;
  updated_at: string;
}

/** Adds or replaces redirects of a space, by source: importing the repository again updates where they lead. */
export function upsertSpaceRedirects(db: Db, spaceId: string, redirects: Array<{ source: string; pageId?: string; targetPath?: string }>, now: string): void {
  const upsert = db.prepare(
    `INSERT INTO space_redirects (space_id, source, page_id, target_path, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (space_id, source) DO UPDATE SET page_id = excluded.page_id, target_path = excluded.target_path, updated_at = excluded.updated_at
     WHERE space_redirects.page_id IS NOT excluded.page_id OR space_redirects.target_path IS NOT excluded.target_path`,
  );
  for (const redirect of redirects) upsert.run(spaceId, redirect.source, redirect.pageId ?? null, redirect.targetPath ?? null, now, now);
}

export function getSpaceRedirect(db: Db, spaceId: string, source: string): SpaceRedirectRow | undefined {
  return db.prepare('SELECT * FROM space_redirects WHERE space_id = ? AND source = ?').get(spaceId, source) as SpaceRedirectRow | undefined;
}

export function listSpaceRedirects(db: Db, spaceId: string): SpaceRedirectRow[] {
  return db.prepare('SELECT * FROM space_redirects WHERE space_id = ? ORDER BY source').all(spaceId) as SpaceRedirectRow[];
}

/** Removes a space's redirects but those from `keep` (the repository imported again: what its `.gitbook.yaml` no longer lists goes). */
export function deleteSpaceRedirectsExcept(db: Db, spaceId: string, keep: readonly string[]): number {
  const kept = new Set(keep);
  const remove = db.prepare('DELETE FROM space_redirects WHERE space_id = ? AND source = ?');
  let removed = 0;
  for (const row of listSpaceRedirects(db, spaceId)) if (!kept.has(row.source)) removed += remove.run(spaceId, row.source).changes;
  return removed;
}
