import { cpSync, existsSync, mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFolio, spawnServer } from '../support/process';

// Each case runs the launcher into its own FOLIO_OUT (never the shared out/), starting from a copy of
// the build `npm test` made (out/main, or FOLIO_OUT's), so only the cases that must build do.
let out: string;
let data: string;
const env = (extra: Record<string, string> = {}) => ({ FOLIO_OUT: out, FOLIO_RENDERER_DIR: undefined, ...extra });
const cli = () => join(out, 'main', 'cli.js');
const BUILDING = /^folio: building /m;

/** The module URLs Node's ESM loader reports loading (NODE_DEBUG=esm, no loader hooks of our own). */
const loadedModules = (stderr: string) => [...stderr.matchAll(/(?:Translating \w+|Storing) (file:\/\/\S+)/g)].map((m) => m[1]!);

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'folio-launcher-out-'));
  data = mkdtempSync(join(tmpdir(), 'folio-launcher-data-'));
  const shared = resolve(fileURLToPath(new URL('../../', import.meta.url)), process.env.FOLIO_OUT ?? 'out', 'main');
  if (existsSync(shared)) cpSync(shared, join(out, 'main'), { recursive: true });
});
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});

/** Dates the compiled CLI: far future (up to date whatever anyone saves) or long ago (every source is newer). */
function dateCompiledCli(when: 'future' | 'past') {
  const time = when === 'future' ? new Date(Date.now() + 86_400_000) : new Date('2000-01-01T00:00:00Z');
  utimesSync(cli(), time, time);
}

describe('the folio launcher', { timeout: 120_000 }, () => {
  it('rebuilds the compiled CLI once when a source is newer than it, then runs it', async () => {
    if (existsSync(cli())) dateCompiledCli('past');
    const result = await runFolio(['help'], env());
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Usage:/);
    expect(result.stderr.match(new RegExp(BUILDING, 'gm'))).toHaveLength(1);
    // Dated from the build's start, which is after the date set above.
    expect(statSync(cli()).mtimeMs).toBeGreaterThan(new Date('2001-01-01').getTime());
  });

  it('runs an up-to-date build as compiled JavaScript, without building or loading TypeScript', async () => {
    dateCompiledCli('future');
    const before = statSync(cli()).mtimeMs;
    const result = await runFolio(['token', 'create', '--data', data, '--email', 'launcher@example.com'], env({ NODE_DEBUG: 'esm' }));
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^folio_\S+\s*$/);
    expect(result.stderr).not.toMatch(BUILDING);
    expect(statSync(cli()).mtimeMs).toBe(before);
    const modules = loadedModules(result.stderr);
    expect(modules).toContain(pathToFileURL(cli()).href);
    expect(modules.filter((url) => url.endsWith('.ts') || url.includes('/node_modules/tsx/'))).toEqual([]);
  });

  it('builds the renderer before serving it when there is none', async () => {
    dateCompiledCli('future');
    rmSync(join(out, 'renderer'), { recursive: true, force: true });
    const server = await spawnServer(['--data', data, '--port', '0'], env());
    try {
      expect(server.output()).toMatch(/^folio: building renderer into /m);
      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<div id="root">/);
    } finally {
      await server.stop();
    }
  });
});
