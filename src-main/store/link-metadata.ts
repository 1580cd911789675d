import type { Db } from './database';

/** A link's fetched metadata (migration 025): what an embed's card shows, cached per URL. */
export interface LinkMetadataRow {
  seq: number;
  url: string;
  status: 'ok' | 'failed';
  title: string | null;
  description: string | null;
  site_name: string | null;
  failure: string | null;
  fetched_at: string;
  expires_at: string;
}

export type LinkMetadataOutcome =
  | { status: 'ok'; title: string | null; description: string | null; siteName: string | null }
  | { status: 'failed'; failure: string };

export function getLinkMetadata(db: Db, url: string): LinkMetadataRow | undefined {
  return db.prepare('SELECT * FROM link_metadata WHERE url = ?').get(url) as LinkMetadataRow | undefined;
}

/**
 * Records a fetch of `url`. A success replaces what was known; a failure keeps the title, description and
 * site name an earlier fetch read (a link that is down for an hour keeps its card's title).
 */
export function recordLinkMetadata(db: Db, url: string, outcome: LinkMetadataOutcome, times: { fetchedAt: string; expiresAt: string }): void {
  if (outcome.status === 'ok') {
    db.prepare(
      `INSERT INTO link_metadata (url, status, title, description, site_name, failure, fetched_at, expires_at)
       VALUES (?, 'ok', ?, ?, ?, NULL, ?, ?)
       ON CONFLICT (url) DO UPDATE SET status = 'ok', title = excluded.title, description = excluded.description,
         site_name = excluded.site_name, failure = NULL, fetched_at = excluded.fetched_at, expires_at = excluded.expires_at`,
    ).run(url, outcome.title, outcome.description, outcome.siteName, times.fetchedAt, times.expiresAt);
    return;
  }
  db.prepare(
    `INSERT INTO link_metadata (url, status, failure, fetched_at, expires_at) VALUES (?, 'failed', ?, ?, ?)
     ON CONFLICT (url) DO UPDATE SET status = 'failed', failure = excluded.failure, fetched_at = excluded.fetched_at, expires_at = excluded.expires_at`,
  ).run(url, outcome.failure, times.fetchedAt, times.expiresAt);
}

/** Forgets entries that expired before `before`: URLs no page has shown since (a shown one is fetched again). */
export function pruneLinkMetadata(db: Db, before: string): number {
  return db.prepare('DELETE FROM link_metadata WHERE expires_at < ?').run(before).changes;
}
