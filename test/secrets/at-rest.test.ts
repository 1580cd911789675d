import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openApp } from '../../src-main/app/app';
import { urlSigningSecret } from '../../src-main/files/signing';
import { getIntegration } from '../../src-main/store/integrations';
import { SECRET_KEY_FILE, SecretKeyError } from '../../src-main/secrets/key-store';
import { DATABASE_FILE } from '../../src-main/store/database';
import { unsealSecret } from '../../src-main/store/secret-sealer';
import { expectNoneIn, expectSecretsWork, openServer, type OpenServer, plantSecrets, storeBytes, visitorToken } from './support';

const dirs: string[] = [];
const servers: OpenServer[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  for (const server of servers.splice(0)) if (server.app.db.open) await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

async function serverWithSecrets() {
  const dir = tempDir();
  const server = await openServer(dir);
  servers.push(server);
  return { dir, server, planted: await plantSecrets(server) };
}

/** A copy of the store alone (closed first, so everything is in folio.sqlite), in a new data directory. */
function copyOfDatabase(dir: string): string {
  const copy = tempDir();
  copyFileSync(join(dir, DATABASE_FILE), join(copy, DATABASE_FILE));
  return copy;
}

const mode = (file: string) => statSync(file).mode & 0o777;

describe('secrets at rest', { timeout: 60_000 }, () => {
  it('keeps every secret sealed in folio.sqlite and its WAL, and still uses them', async () => {
    const { dir, server, planted } = await serverWithSecrets();
    const settings = server.app.db.prepare("SELECT value FROM settings WHERE key = 'file_url_secret'").get() as { value: string };

    const urlKey = urlSigningSecret(server.app.db).toString('hex');
    expectNoneIn(storeBytes(dir, server.app), [planted.integrationSecret, planted.visitorKey, planted.shareKey, urlKey]);
    expect(settings.value).toMatch(/^sealed:v1:/);
    const stored = server.app.db.prepare('SELECT secrets FROM integrations WHERE name = ?').get(planted.integration) as { secrets: string };
    expect(stored.secrets).toMatch(/^sealed:v1:/);
    // The change log's copies too (sync_changes.value holds JSON).
    const logged = server.app.db.prepare("SELECT value FROM sync_changes WHERE dataset = 'sites' AND \"column\" = 'visitor_auth_key'").all() as Array<{ value: string }>;
    expect(logged.length).toBeGreaterThan(0);
    for (const change of logged) expect(JSON.parse(change.value)).toMatch(/^sealed:v1:/);

    expect(getIntegration(server.app.db, planted.integration)?.secrets).toBe(JSON.stringify({ API_KEY: planted.integrationSecret }));
    await expectSecretsWork(server, planted);
  });

  it('keeps the key in secrets.key, readable by its owner only', async () => {
    const { dir } = await serverWithSecrets();
    expect(mode(join(dir, SECRET_KEY_FILE))).toBe(0o600);
    expect(readFileSync(join(dir, SECRET_KEY_FILE), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
  });

  it('tightens a key file others can read, and says so', async () => {
    const { dir, server, planted } = await serverWithSecrets();
    await server.close();
    chmodSync(join(dir, SECRET_KEY_FILE), 0o644);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const again = await openServer(dir);
    servers.push(again);
    expect(mode(join(dir, SECRET_KEY_FILE))).toBe(0o600);
    expect(warn.mock.calls.flat().join('\n')).toMatch(/secrets\.key was readable by other users \(mode 644\); it is now 600/);
    await expectSecretsWork(again, planted);
  });

  it('refuses to start on a copy of the database without its key file, and reveals none of its secrets', async () => {
    const { dir, server, planted } = await serverWithSecrets();
    await server.close();
    const copy = copyOfDatabase(dir);
    expectNoneIn(readFileSync(join(copy, DATABASE_FILE)), [planted.integrationSecret, planted.visitorKey, planted.shareKey]);
    expect(() => openApp({ dataDir: copy })).toThrow(SecretKeyError);
    expect(() => openApp({ dataDir: copy })).toThrow(/sealed with a key that is not here \(.*secrets\.key is missing\)/);
    // Refused, not given a new key that would lose the secrets for good.
    expect(() => statSync(join(copy, SECRET_KEY_FILE))).toThrow();
  });

  it('starts on a database whose key is lost only when told to reset the secrets, and replaces every one', async () => {
    const { dir, server, planted } = await serverWithSecrets();
    await server.close();
    const copy = copyOfDatabase(dir);
    const reset = await openServer(copy, undefined, { resetLostSecrets: true });
    servers.push(reset);

    expect(statSync(join(copy, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(getIntegration(reset.app.db, planted.integration)?.secrets).toBeNull();
    const newKey = (await reset.api.get(planted.visitorSite.replace(/\/published$/, '/publishing/auth'))).body.privateKey;
    expect(newKey).toMatch(/^[0-9a-f]{64}$/);
    expect(newKey).not.toBe(planted.visitorKey);
    await expect(expectSecretsWork(reset, planted)).rejects.toThrow();
    const moved = new URL(planted.downloadURL);
    expect((await fetch(`${reset.url}${moved.pathname}${moved.search}`)).status).toBe(403);
    expect((await reset.api.get(`${planted.shareSite}?shareKey=${planted.shareKey}`)).status).toBe(404);
    // The new secrets work, and travel to other replicas as changes; nothing sealed with the lost key is left.
    expect((await reset.api.get(`${planted.visitorSite}?visitorAuthToken=${await visitorToken(newKey)}`)).status).toBe(200);
    const sealed = reset.app.db
      .prepare("SELECT value FROM sync_changes WHERE dataset IN ('sites', 'site_share_links', 'integrations') AND \"column\" IN ('visitor_auth_key', 'key', 'secrets')")
      .all() as Array<{ value: string }>;
    expect(sealed.length).toBeGreaterThan(0);
    for (const { value } of sealed) if (value !== 'null') expect(() => unsealSecret(reset.app.db, JSON.parse(value))).not.toThrow();
  });

  it('refuses to start with another data directory’s key', async () => {
    const { dir, server } = await serverWithSecrets();
    await server.close();
    const copy = copyOfDatabase(dir);
    writeFileSync(join(copy, SECRET_KEY_FILE), `${'ab'.repeat(32)}\n`, { mode: 0o600 });
    expect(() => openApp({ dataDir: copy })).toThrow(/secrets key in .*secrets\.key is not the one this database's secrets were sealed with/);
  });

  it('opens a copy that comes with its key file', async () => {
    const { dir, server, planted } = await serverWithSecrets();
    await server.close();
    const copy = copyOfDatabase(dir);
    copyFileSync(join(dir, SECRET_KEY_FILE), join(copy, SECRET_KEY_FILE));
    const restored = await openServer(copy);
    servers.push(restored);
    await expectSecretsWork(restored, planted);
  });
});
