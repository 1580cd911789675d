import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api';
import { type LoopbackOrigin, serveLoopbackOrigin } from '../support/loopback-origin';
import { type RunningServer, spawnServer } from '../support/process';

const TOKEN = 'network-flags-admin-token-0123456789';
const dirs: string[] = [];
const servers: RunningServer[] = [];
let wiki: LoopbackOrigin;
let internal: LoopbackOrigin;

beforeAll(async () => {
  wiki = await serveLoopbackOrigin({ '/notes.md': ['text/markdown', '# Wiki notes\n'] });
  internal = await serveLoopbackOrigin({ '/notes.md': ['text/markdown', '# Internal notes\n'] });
});
afterAll(async () => {
  await wiki.close();
  await internal.close();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function serve(args: string[], env: Record<string, string | undefined> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'folio-cli-net-'));
  dirs.push(dir);
  const server = await spawnServer(['--data', dir, '--port', '0', ...args], { FOLIO_ADMIN_TOKEN: TOKEN, FOLIO_ALLOW_PRIVATE_NETWORK: undefined, FOLIO_ALLOW_HOSTS: undefined, ...env });
  servers.push(server);
  const api = apiClient(server.url, TOKEN);
  const orgId = (await api.get('/v1/orgs')).body.items[0].id as string;
  return async (url: string) => {
    const spaceId = (await api.post(`/v1/orgs/${orgId}/spaces`, { title: 'Notes' })).body.id as string;
    return api.post(`/v1/spaces/${spaceId}/content/import`, { url, source: 'markdown' });
  };
}

// Each test starts `folio serve` as a real process (seconds on a loaded machine).
describe('folio serve and the private network', { timeout: 90_000 }, () => {
  it('refuses loopback imports by default, except from hosts given with --allow-host', async () => {
    const importFrom = await serve(['--allow-host', wiki.hostPort]);
    expect((await importFrom(`${wiki.url}/notes.md`)).status).toBe(201);
    const refused = await importFrom(`${internal.url}/notes.md`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^url: 127\.0\.0\.1 is a loopback address; .*--allow-private-network/);
    expect(internal.requests).toEqual([]);
  });

  it('fetches from the private network with FOLIO_ALLOW_PRIVATE_NETWORK=1', async () => {
    const importFrom = await serve([], { FOLIO_ALLOW_PRIVATE_NETWORK: '1' });
    expect((await importFrom(`${internal.url}/notes.md`)).status).toBe(201);
    expect(internal.requests).toEqual(['/notes.md']);
  });
});
