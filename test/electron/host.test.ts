import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FolioApp, openApp } from '../../src-main/app/app';
import { startDesktopHost } from '../../src-main/electron/host';
import type { Host } from '../../src-main/http/server';

let dataDir: string;
let app: FolioApp;
const cleanups: Array<() => Promise<void> | void> = [];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'folio-desktop-host-'));
  app = openApp({ dataDir });
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

async function started(host: Host): Promise<Host> {
  cleanups.push(() => host.close());
  return host;
}

describe('startDesktopHost', () => {
  it('listens on the preferred port when it is free', async () => {
    // Find a free port, release it, then prefer it.
    const probe = createServer();
    const port = await listen(probe);
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const host = await started(await startDesktopHost(app, port));
    expect(host.port).toBe(port);
    expect(host.url).toBe(`http://127.0.0.1:${port}`);
  });

  it('falls back to any free port when the preferred one is taken', async () => {
    const occupier = createServer();
    const taken = await listen(occupier);
    cleanups.push(() => new Promise<void>((resolve) => occupier.close(() => resolve())));
    const host = await started(await startDesktopHost(app, taken));
    expect(host.port).not.toBe(taken);
    const response = await fetch(`${host.url}/v1/user`);
    expect(response.status).toBe(401);
  });
});
