import type { Db } from './database';

/** This replica's last DNS check of a custom hostname (migration 033; not synced: it is this resolver's view). */
export interface CustomHostnameCheckRow {
  hostname: string;
  status: string;
  checked_at: string;
}

export function getCustomHostnameCheck(db: Db, hostname: string): CustomHostnameCheckRow | undefined {
  return db.prepare('SELECT * FROM custom_hostname_checks WHERE hostname = ?').get(hostname) as CustomHostnameCheckRow | undefined;
}

export function recordCustomHostnameCheck(db: Db, hostname: string, status: string, now: string): void {
  db.prepare(
    `INSERT INTO custom_hostname_checks (hostname, status, checked_at) VALUES (?, ?, ?)
     ON CONFLICT (hostname) DO UPDATE SET status = excluded.status, checked_at = excluded.checked_at`,
  ).run(hostname, status, now);
}

export function deleteCustomHostnameCheck(db: Db, hostname: string): void {
  db.prepare('DELETE FROM custom_hostname_checks WHERE hostname = ?').run(hostname);
}
