import { afterAll, beforeAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApp, type FolioApp } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import type { AppConfig, Clock } from '../../src-main/app/context';
import { startHost } from '../../src-main/http/server';
import { generateToken, insertToken } from '../../src-main/store/tokens';
import { findOrCreateUser } from '../../src-main/store/users';
import { type ApiClient, apiClient } from './api';
import { resolveNoLinkTitleNames } from './link-titles';

export interface TestServer {
  url: string;
  dataDir: string;
  app: FolioApp;
  owner: { id: string; token: string };
  /** The /v1 client acting as the owner. */
  api: ApiClient;
  /** A client for the same server with another token (or none). */
  as(token: string | undefined): ApiClient;
  /** Issues a token for a user (created if needed), as `folio token create` does. */
  userToken(email: string, name?: string): { id: string; token: string };
  close(): Promise<void>;
}

/** Starts the real server on a fresh temporary data directory, listening on a free loopback port. */
export async function startTestServer(options: { clock?: Clock; config?: Partial<AppConfig> } = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-test-'));
  // The harness acts as the desktop app does (fetching from loopback fixtures) unless a test opts out
  // with `allowPrivateNetwork: false`, as `npm run serve` starts.
  const config: Partial<AppConfig> = { allowPrivateNetwork: true, checkReadRoutes: true, ...options.config };
  const app = openApp({ dataDir, clock: options.clock, config });
  resolveNoLinkTitleNames(app);
  const ownerToken = generateToken();
  const { owner } = bootstrapOwner(app.db, app.clock, { adminToken: ownerToken });
  const host = await startHost(app, { port: 0 });
  const as = (token: string | undefined) => apiClient(host.url, token);
  return {
    url: host.url,
    dataDir,
    app,
    owner: { id: owner.id, token: ownerToken },
    api: as(ownerToken),
    as,
    userToken(email, name) {
      const now = new Date().toISOString();
      const user = findOrCreateUser(app.db, email, now, name);
      const token = generateToken();
      insertToken(app.db, user.id, token, now, 'test');
      return { id: user.id, token };
    },
    async close() {
      await host.close();
      app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts one server for the test file (beforeAll) and closes it afterwards. The returned object is
 * filled in when the server is up, so it can be captured at the top of the file.
 */
export function useTestServer(options: { clock?: Clock; config?: Partial<AppConfig> } = {}): TestServer {
  const holder = {} as TestServer;
  beforeAll(async () => {
    Object.assign(holder, await startTestServer(options));
  });
  afterAll(() => holder.close());
  return holder;
}
