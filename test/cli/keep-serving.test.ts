import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, spawnServer } from '../support/process';

const PLANT = new URL('./fixtures/escaping-errors.mjs', import.meta.url);
const TOKEN = 'keep-serving-admin-token-0123456789';

let dir: string;
let server: RunningServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'folio-keep-serving-'));
  server = await spawnServer(['--data', dir, '--port', '0'], { FOLIO_ADMIN_TOKEN: TOKEN, NODE_OPTIONS: `--import=${PLANT.href}` });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Waits (bounded) until the server's output says what is expected. */
async function outputMatching(pattern: RegExp): Promise<string> {
  for (let i = 0; i < 200 && !pattern.test(server.output()); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  return server.output();
}

const user = () => fetch(`${server.url}/v1/user`, { headers: { authorization: `Bearer ${TOKEN}` } });

describe('folio serve, when an exception escapes a request', { timeout: 90_000 }, () => {
  it.each([
    ['an uncaught exception', '/v1/planted/exception', /uncaught exception after GET \/v1\/planted\/exception \(the most recent request\); still serving:[\s\S]*planted uncaught exception/],
    ['an unhandled rejection', '/v1/planted/rejection', /unhandled promise rejection after GET \/v1\/planted\/rejection \(the most recent request\); still serving:[\s\S]*planted unhandled rejection/],
  ])('logs %s with the most recent request and keeps serving', async (_what, path, logged) => {
    expect((await fetch(`${server.url}${path}?token=never-logged`)).status).toBe(401);
    const output = await outputMatching(logged);
    expect(output).toMatch(logged);
    expect(output).not.toContain('never-logged');
    expect(server.child.exitCode).toBeNull();
    expect((await user()).status).toBe(200);
  });
});

