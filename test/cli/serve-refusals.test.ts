import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src-main/store/database';
import { apiClient } from '../support/api';
import { type RunningServer, runFolio, spawnServer } from '../support/process';
import { openServer } from '../secrets/support';

const dirs: string[] = [];
const servers: RunningServer[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'folio-cli-refusals-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `folio serve` that must exit before it listens: resolves to its output. */
async function refusedStart(args: string[], env: Record<string, string> = {}): Promise<string> {
  try {
    servers.push(await spawnServer(args, env));
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the server started');
}

// Real processes: seconds each on a loaded machine.
describe('folio serve refuses to start', { timeout: 90_000 }, () => {
  it('with a FOLIO_ADMIN_TOKEN shorter than 20 characters, before touching the data directory', async () => {
    const data = join(tempDir(), 'data');
    const result = await runFolio(['serve', '--data', data, '--port', '0'], { FOLIO_ADMIN_TOKEN: 'nineteen-characters' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/FOLIO_ADMIN_TOKEN is too short \(19 characters\): it must be at least 20/);
    expect(existsSync(data)).toBe(false);
  });

  it('adopts a FOLIO_ADMIN_TOKEN of 20 characters', async () => {
    const token = 'twenty-characters-ok';
    expect(token).toHaveLength(20);
    const server = await spawnServer(['--data', tempDir(), '--port', '0'], { FOLIO_ADMIN_TOKEN: token });
    servers.push(server);
    expect((await apiClient(server.url, token).get('/v1/user')).status).toBe(200);
  });

  it('on a copy of a database whose secrets key was left behind, saying where the key belongs', async () => {
    const original = tempDir();
    const server = await openServer(original);
    const org = (await server.api.post('/v1/orgs', { title: 'Secrets' })).body.id;
    await server.api.post(`/v1/orgs/${org}/sites`, { title: 'Docs' });
    await server.close();
    const copy = tempDir();
    copyFileSync(join(original, DATABASE_FILE), join(copy, DATABASE_FILE));

    const output = await refusedStart(['--data', copy, '--port', '0']);
    expect(output).toMatch(/exited with 1/);
    expect(output).toContain(`folio: The secrets in this data directory are sealed with a key that is not here (${join(copy, 'secrets.key')} is missing)`);
    expect(output).not.toMatch(/\n\s+at /);
  });
});
