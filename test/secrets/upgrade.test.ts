import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { getRemoteServer } from '../../src-main/settings/service';
import { SECRET_KEY_FILE } from '../../src-main/secrets/key-store';
import { createSealer } from '../../src-main/secrets/sealing';
import { DATABASE_FILE } from '../../src-main/store/database';
import { getIntegration } from '../../src-main/store/integrations';
import { expectNoneIn, expectSecretsWork, openServer, type OpenServer, plantSecrets, storeBytes } from './support';

const dirs: string[] = [];
const servers: OpenServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) if (server.app.db.open) await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SEALED = [
  { table: 'integrations', column: 'secrets' },
  { table: 'sites', column: 'visitor_auth_key' },
  { table: 'site_share_links', column: 'key' },
];
const SEALED_SETTINGS = ['file_url_secret', 'site_preview_secret', 'remote_server'];

/**
 * Turns a closed data directory into what Folio wrote before secrets were sealed: every secret in clear in its
 * row, in the change log's copies and in the settings, and no key file.
 */
function asWrittenBeforeSealing(dir: string): void {
  const sealer = createSealer(Buffer.from(readFileSync(join(dir, SECRET_KEY_FILE), 'utf8').trim(), 'hex'));
  const db = new Database(join(dir, DATABASE_FILE));
  // The sync triggers call these: an edit by hand, not a change to record.
  db.function('sync_capturing', () => 0);
  db.function('sync_hlc', () => null);
  db.transaction(() => {
    for (const { table, column } of SEALED) {
      for (const row of db.prepare(`SELECT rowid AS id, ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL`).all() as Array<{ id: number; value: string }>) {
        db.prepare(`UPDATE ${table} SET ${column} = ? WHERE rowid = ?`).run(sealer.unseal(row.value), row.id);
      }
      const logged = db.prepare(`SELECT seq, value FROM sync_changes WHERE dataset = ? AND "column" = ? AND json_type(value) = 'text'`).all(table, column) as Array<{
        seq: number;
        value: string;
      }>;
      for (const change of logged) db.prepare('UPDATE sync_changes SET value = ? WHERE seq = ?').run(JSON.stringify(sealer.unseal(JSON.parse(change.value))), change.seq);
    }
    for (const key of SEALED_SETTINGS) {
      const setting = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
      if (setting) db.prepare('UPDATE settings SET value = ? WHERE key = ?').run(sealer.unseal(setting.value), key);
    }
    db.prepare("DELETE FROM settings WHERE key = 'secrets.key_fingerprint'").run();
  })();
  db.close();
  unlinkSync(join(dir, SECRET_KEY_FILE));
}

describe('opening a data directory written before secrets were sealed', { timeout: 60_000 }, () => {
  it('seals every secret in one go, erases the clear copies from the file, and everything keeps working', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-upgrade-secrets-'));
    dirs.push(dir);
    const before = await openServer(dir);
    servers.push(before);
    const planted = await plantSecrets(before);
    const remote = { url: 'https://team.example', token: 'folio_team_server_token_kept_in_settings', updatedAt: new Date().toISOString() };
    before.app.db.prepare("INSERT INTO settings (key, value) VALUES ('remote_server', ?)").run(JSON.stringify(remote));
    await before.close();
    asWrittenBeforeSealing(dir);
    const secrets = [planted.integrationSecret, planted.visitorKey, planted.shareKey, remote.token];
    expect(storeBytes(dir).includes(Buffer.from(planted.visitorKey))).toBe(true);

    const after = await openServer(dir);
    servers.push(after);
    expectNoneIn(storeBytes(dir, after.app), secrets);
    expect(statSync(join(dir, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
    for (const { table, column } of SEALED) {
      const values = after.app.db.prepare(`SELECT ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL`).all() as Array<{ value: string }>;
      expect(values.length).toBeGreaterThan(0);
      for (const { value } of values) expect(value).toMatch(/^sealed:v1:/);
    }
    // Signed before the upgrade, with the key then in clear: still valid. So are the visitor key and the share link.
    await expectSecretsWork(after, planted);
    expect(getIntegration(after.app.db, planted.integration)?.secrets).toBe(JSON.stringify({ API_KEY: planted.integrationSecret }));
    expect(getRemoteServer(after.app)).toEqual(remote);
    // Not recorded as changes: the secrets did not change, and other replicas keep theirs.
    const recorded = after.app.db.prepare("SELECT COUNT(*) AS n FROM sync_changes WHERE state = 'local' AND dataset = 'integrations' AND \"column\" = 'secrets'").get();
    expect(recorded).toEqual({ n: 1 });

    // A later start finds nothing in clear and changes nothing.
    await after.close();
    const again = await openServer(dir);
    servers.push(again);
    await expectSecretsWork(again, planted);
    expect(existsSync(join(dir, SECRET_KEY_FILE))).toBe(true);
  });
});
