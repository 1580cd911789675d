import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import { openApp, serviceContext, type FolioApp } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import { uploadFile } from '../../src-main/files/service';
import { startHost } from '../../src-main/http/server';
import type { SecretKeyStore } from '../../src-main/secrets/key-store';
import { DATABASE_FILE } from '../../src-main/store/database';
import { getUserById } from '../../src-main/store/users';
import { type ApiClient, apiClient } from '../support/api';

export const OWNER_TOKEN = 'folio_secrets_test_owner_token';

export interface OpenServer {
  app: FolioApp;
  url: string;
  api: ApiClient;
  close(): Promise<void>;
}

/** The real server on `dir` (kept when it closes, so a test can open it again or copy it). */
export async function openServer(dir: string, secretKeys?: SecretKeyStore, options: { resetLostSecrets?: boolean } = {}): Promise<OpenServer> {
  const app = openApp({ dataDir: dir, secretKeys, ...options });
  bootstrapOwner(app.db, app.clock, { adminToken: OWNER_TOKEN });
  const host = await startHost(app, { port: 0 });
  return {
    app,
    url: host.url,
    api: apiClient(host.url, OWNER_TOKEN),
    async close() {
      await host.close();
      app.close();
    },
  };
}

/** Every byte SQLite keeps of the store on disk: the database file and its WAL (checkpointed first when open). */
export function storeBytes(dir: string, app?: FolioApp): Buffer {
  if (app?.db.open) app.db.pragma('wal_checkpoint(TRUNCATE)');
  const files = [DATABASE_FILE, `${DATABASE_FILE}-wal`].map((name) => join(dir, name)).filter((file) => existsSync(file));
  return Buffer.concat(files.map((file) => readFileSync(file)));
}

export function expectNoneIn(bytes: Buffer, secrets: readonly string[]): void {
  for (const secret of secrets) expect(bytes.includes(Buffer.from(secret)), `"${secret}" is in the store's bytes`).toBe(false);
}

/** A published site of this visibility with one space. */
async function publishedSite(api: ApiClient, orgId: string, visibility: string) {
  const space = (await api.post(`/v1/orgs/${orgId}/spaces`, { title: 'Guide' })).body.id as string;
  const site = (await api.post(`/v1/orgs/${orgId}/sites`, { title: 'Docs', visibility, spaces: [space] })).body as { id: string };
  const url = `/v1/orgs/${orgId}/sites/${site.id}`;
  expect((await api.post(`${url}/publish`)).status).toBe(200);
  return { id: site.id, url, published: `${url}/published` };
}

export interface PlantedSecrets {
  integration: string;
  integrationSecret: string;
  visitorKey: string;
  visitorSite: string;
  shareKey: string;
  shareSite: string;
  /** A file download URL signed now (its origin is the server's of the moment). */
  downloadURL: string;
}

/** Secrets of every kind, made through the API as a user would: an integration's, a visitor key, a share link, a signed URL. */
export async function plantSecrets(server: OpenServer): Promise<PlantedSecrets> {
  const { api } = server;
  const org = (await api.post('/v1/orgs', { title: 'Secrets' })).body.id as string;
  const integration = `secret-keeper-${Date.now().toString(36)}`;
  const integrationSecret = `integration-secret-${Date.now().toString(36)}-value`;
  const published = await api.post(`/v1/integrations/${integration}`, {
    title: 'Keeper',
    description: 'Keeps a secret',
    script: 'export default {};',
    organization: org,
    scopes: [],
    secrets: { API_KEY: integrationSecret },
  });
  expect(published.status).toBeLessThan(300);

  const visitorSite = await publishedSite(api, org, 'visitor-auth');
  const visitorKey = (await api.get(`${visitorSite.url}/publishing/auth`)).body.privateKey as string;
  const shareSite = await publishedSite(api, org, 'share-link');
  const link = (await api.post(`${shareSite.url}/share-links`, { name: 'Partners' })).body;
  const shareKey = new URL(link.urls.published).searchParams.get('shareKey')!;

  const space = (await api.post(`/v1/orgs/${org}/spaces`, { title: 'Files' })).body.id as string;
  const owner = serviceContext(server.app, getUserById(server.app.db, (await api.get('/v1/user')).body.id)!);
  const { fileId } = uploadFile(owner, space, { name: 'notes.txt', contentType: 'text/plain', bytes: new TextEncoder().encode('the notes') });
  const downloadURL = (await api.get(`/v1/spaces/${space}/content/files/${fileId}`)).body.downloadURL as string;

  return { integration, integrationSecret, visitorKey, visitorSite: visitorSite.published, shareKey, shareSite: shareSite.published, downloadURL };
}

export function visitorToken(key: string): Promise<string> {
  return new SignJWT({ plan: 'pro' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(key));
}

/** Each planted secret still does its work on this server: the signed URL, the visitor token, the share link. */
export async function expectSecretsWork(server: OpenServer, planted: PlantedSecrets): Promise<void> {
  const download = new URL(planted.downloadURL);
  const moved = `${server.url}${download.pathname}${download.search}`;
  const file = await fetch(moved);
  expect(file.status).toBe(200);
  expect(await file.text()).toBe('the notes');
  const token = await visitorToken(planted.visitorKey);
  expect((await server.api.get(`${planted.visitorSite}?visitorAuthToken=${token}`)).status).toBe(200);
  expect((await server.api.get(planted.visitorSite)).status).not.toBe(200);
  expect((await server.api.get(`${planted.shareSite}?shareKey=${planted.shareKey}`)).status).toBe(200);
  const wrongKey = planted.shareKey.slice(0, -1) + (planted.shareKey.endsWith('x') ? 'y' : 'x');
  expect((await server.api.get(`${planted.shareSite}?shareKey=${wrongKey}`)).status).toBe(404);
}
