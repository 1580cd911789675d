import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api';
import { type RunningServer, runFolio, spawnServer } from '../support/process';

const dirs: string[] = [];
const servers: RunningServer[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'folio-cli-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Each test starts `folio serve` or the CLI as real processes (seconds each on a loaded machine).
const PROCESSES = { timeout: 90_000 };

describe('folio serve', PROCESSES, () => {
  it('bootstraps an owner on an empty data directory and prints its token once', async () => {
    const data = tempDir();
    const first = await spawnServer(['--data', data, '--port', '0']);
    servers.push(first);
    const token = /Owner API token \(shown once, store it now\): (\S+)/.exec(first.output())?.[1];
    expect(token).toBeDefined();
    const orgs = await apiClient(first.url, token).get('/v1/orgs');
    expect(orgs.status).toBe(200);
    expect(orgs.body.items[0].title).toBe('My Organization');
    expect(await first.stop()).toBe(0);

    const second = await spawnServer(['--data', data, '--port', '0']);
    servers.push(second);
    expect(second.output()).not.toMatch(/Owner API token/);
    expect((await apiClient(second.url, token).get('/v1/user')).status).toBe(200);
  });

  it('uses FOLIO_ADMIN_TOKEN as the owner token without printing it', async () => {
    const server = await spawnServer(['--data', tempDir(), '--port', '0'], { FOLIO_ADMIN_TOKEN: 'admin-secret-123-long-enough' });
    servers.push(server);
    expect(server.output()).not.toMatch(/admin-secret-123-long-enough/);
    expect((await apiClient(server.url, 'admin-secret-123-long-enough').get('/v1/user')).status).toBe(200);
    expect((await apiClient(server.url, 'wrong').get('/v1/user')).status).toBe(401);
  });

  it('defaults to a data directory under the home folder and says so', async () => {
    const home = tempDir();
    const server = await spawnServer(['--port', '0'], { HOME: home, FOLIO_DATA: undefined });
    servers.push(server);
    expect(server.output()).toContain(`Folio data directory: ${join(home, '.folio')}`);
  });

  it('refuses a bad port with a usage message', async () => {
    const result = await runFolio(['serve', '--data', tempDir(), '--port', 'abc']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--port must be/);
  });
});

describe('folio token', PROCESSES, () => {
  it('creates and revokes tokens while the server runs', async () => {
    const data = tempDir();
    const server = await spawnServer(['--data', data, '--port', '0'], { FOLIO_ADMIN_TOKEN: 'owner-token-long-enough' });
    servers.push(server);

    const created = await runFolio(['token', 'create', '--data', data, '--email', 'writer@example.com', '--name', 'Writer']);
    expect(created.code).toBe(0);
    const token = created.stdout.trim();
    const me = await apiClient(server.url, token).get('/v1/user');
    expect(me.body).toMatchObject({ email: 'writer@example.com', displayName: 'Writer' });

    const listed = await runFolio(['token', 'list', '--data', data]);
    expect(listed.stdout).toContain('writer@example.com');

    const revoked = await runFolio(['token', 'revoke', '--data', data, token]);
    expect(revoked.stdout).toMatch(/Revoked 1 token/);
    expect((await apiClient(server.url, token).get('/v1/user')).status).toBe(401);
  });

  it('requires an email to create a token', async () => {
    const result = await runFolio(['token', 'create', '--data', tempDir()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--email/);
  });
});
