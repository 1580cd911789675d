import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FolioApp, openApp } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import { type Host, startHost } from '../../src-main/http/server';
import { DATABASE_FILE } from '../../src-main/store/database';
import { MIGRATIONS } from '../../src-main/store/migrations';
import { type ApiClient, apiClient } from '../support/api';
import { V22_FIXTURE as F, type V22FixtureIds } from './fixtures/v22-fixture';

// A data directory written by Folio at schema 22 (fixtures/make-v22-fixture.ts), opened by this build as
// `folio serve` opens one: every later migration and upgrade step runs on real data, then everything the old
// Folio held is read back over /v1.

const fixtures = new URL('fixtures/v22/', import.meta.url);
const ids = JSON.parse(readFileSync(new URL('ids.json', fixtures), 'utf8')) as V22FixtureIds;
const dataDir = mkdtempSync(join(tmpdir(), 'folio-upgrade-'));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

let app: FolioApp;
let host: Host;
let api: ApiClient;
let before: { visitorAuthKey: string; syncChanges: number };

beforeAll(async () => {
  writeFileSync(join(dataDir, DATABASE_FILE), gunzipSync(readFileSync(new URL('folio.sqlite.gz', fixtures))));
  const old = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  before = {
    visitorAuthKey: (old.prepare('SELECT visitor_auth_key FROM sites WHERE id = ?').get(ids.site) as { visitor_auth_key: string }).visitor_auth_key,
    syncChanges: (old.prepare('SELECT COUNT(*) AS n FROM sync_changes').get() as { n: number }).n,
  };
  expect(old.pragma('user_version', { simple: true })).toBe(22);
  old.close();

  app = openApp({ dataDir });
  bootstrapOwner(app.db, app.clock);
  host = await startHost(app, { port: 0 });
  api = apiClient(host.url, F.ownerToken);
});

afterAll(async () => {
  await host?.close();
  app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const org = () => `/v1/orgs/${ids.organization}`;
const guide = () => `/v1/spaces/${ids.guide}`;
const site = () => `${org()}/sites/${ids.site}`;

describe('opening a data directory written by Folio at schema 22', () => {
  it('migrates it to the newest schema, intact, keeping its sync change log', () => {
    expect(app.db.pragma('user_version', { simple: true })).toBe(Math.max(...MIGRATIONS.map((migration) => migration.version)));
    expect(app.db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(app.db.pragma('foreign_key_check')).toEqual([]);
    expect((app.db.prepare('SELECT COUNT(*) AS n FROM sync_changes').get() as { n: number }).n).toBeGreaterThanOrEqual(before.syncChanges);
  });

  it('reads the organization, its members and its team', async () => {
    expect((await api.get(org())).body).toMatchObject({ id: ids.organization, title: F.organization });
    const members = (await api.get(`${org()}/members?limit=100`)).body.items as Array<{ user: { id: string; email: string }; role: string }>;
    expect(members.find((member) => member.user.id === ids.writer)).toMatchObject({ user: { email: F.writer.email }, role: F.writer.role });
    expect(members.find((member) => member.user.id === ids.reader)).toMatchObject({ user: { email: F.reader.email }, role: F.reader.role });
    expect((await api.get(`${org()}/teams/${ids.team}`)).body).toMatchObject({ title: F.team, members: 1 });
    expect((await apiClient(host.url, F.writerToken).get('/v1/user')).body).toMatchObject({ id: ids.writer, email: F.writer.email });
  });

  it('reads the collection and its spaces', async () => {
    expect((await api.get(`/v1/collections/${ids.collection}`)).body).toMatchObject({ title: F.collection });
    expect((await api.get(guide())).body).toMatchObject({ title: F.guide, parent: ids.collection });
    expect((await api.get(`/v1/spaces/${ids.reference}`)).body).toMatchObject({ title: F.reference });
  });

  it("reads pages from main and from the merge's revision, and the open change request's content", async () => {
    const install = (await api.get(`${guide()}/content/page/${ids.pages.install}?format=markdown`)).body;
    expect(install).toMatchObject({ title: F.pages.install.title });
    expect(install.markdown).toContain('Run `acme install`, then sign in.');
    expect(install.markdown).toContain(F.file.name);
    const revision = (await api.get(guide())).body.revision as string;
    const atRevision = (await api.get(`${guide()}/revisions/${revision}/page/${ids.pages.configure}?format=markdown`)).body;
    expect(atRevision.markdown).toContain(F.pages.configure.markdown);
    const endpoints = (await api.get(`/v1/spaces/${ids.reference}/content/page/${ids.pages.endpoints}?format=markdown`)).body;
    expect(endpoints.markdown).toContain(F.pages.endpoints.markdown);

    expect((await api.get(`${guide()}/change-requests/${ids.mergedChangeRequest}`)).body).toMatchObject({ subject: F.mergedChangeRequest, status: 'merged' });
    const open = `${guide()}/change-requests/${ids.openChangeRequest}`;
    expect((await api.get(open)).body).toMatchObject({ subject: F.openChangeRequest, status: 'draft' });
    const pages = (await api.get(`${open}/content/pages`)).body.pages as Array<{ title: string }>;
    expect(pages.map((page) => page.title)).toContain(F.openChangeRequestPage.title);
  });

  it('reads the comment and its reply', async () => {
    expect((await api.get(`${guide()}/comments/${ids.comment}?format=markdown`)).body).toMatchObject({ body: { markdown: F.comment } });
    const replies = (await api.get(`${guide()}/comments/${ids.comment}/replies?format=markdown`)).body.items as Array<{ body: { markdown: string } }>;
    expect(replies.map((reply) => reply.body.markdown)).toEqual([F.reply]);
  });

  it('reads the file and serves its bytes at a signed URL', async () => {
    const file = (await api.get(`${guide()}/content/files/${ids.file}`)).body;
    expect(file).toMatchObject({ name: F.file.name, contentType: F.file.contentType });
    const download = await fetch(file.downloadURL);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 4)).toEqual(PNG_SIGNATURE);
  });

  it('reads the site, its section, its share link and the same visitor key', async () => {
    expect((await api.get(site())).body).toMatchObject({ title: F.site.title, hostname: F.site.hostname, published: true });
    const sections = (await api.get(`${site()}/sections`)).body.items as Array<{ id: string; title: string }>;
    expect(sections.find((section) => section.id === ids.section)?.title).toBe(F.section);
    const links = (await api.get(`${site()}/share-links`)).body.items as Array<{ id: string; name: string }>;
    expect(links).toEqual([expect.objectContaining({ id: ids.shareLink, name: F.shareLink })]);
    expect((await api.get(`${site()}/publishing/auth`)).body).toMatchObject({ backend: 'custom', privateKey: before.visitorAuthKey });
  });

  it('reads the OpenAPI specification and its processed version', async () => {
    const spec = (await api.get(`${org()}/openapi/${F.openAPI.slug}`)).body;
    expect(spec).toMatchObject({ slug: F.openAPI.slug, processingState: 'complete' });
    const content = (await api.get(`${org()}/openapi/${F.openAPI.slug}/versions/${spec.lastVersion}/content`)).body;
    expect(JSON.stringify(content)).toContain('listWidgets');
  });

  it('reads the integration, its installation and the space it is installed on', async () => {
    const integration = `/v1/integrations/${F.integration.name}`;
    expect((await api.get(integration)).body).toMatchObject({ name: F.integration.name, title: F.integration.title });
    expect((await api.get(`${integration}/installations/${ids.installation}`)).body).toMatchObject({ id: ids.installation, status: 'active' });
    const spaces = (await api.get(`${integration}/installations/${ids.installation}/spaces`)).body.items as Array<{ space: string }>;
    expect(spaces.map((installed) => installed.space)).toEqual([ids.guide]);
  });

  it('reads the translation and the SAML provider', async () => {
    expect((await api.get(`${org()}/translations/${ids.translation}`)).body).toMatchObject({ title: F.translation.title, language: F.translation.language });
    expect((await api.get(`${org()}/saml/${ids.saml}`)).body).toMatchObject({ label: F.saml.label, entityID: F.saml.entityID, ssoURL: F.saml.ssoURL });
  });

  it('takes new content afterwards, recorded for sync', async () => {
    const request = (await api.post(`${guide()}/change-requests`, { subject: 'After the upgrade' })).body as { id: string };
    const changed = await api.post(`${guide()}/change-requests/${request.id}/content`, {
      changes: [{ operation: 'insert_page', title: 'Upgraded', document: { markdown: 'Written after the upgrade.' } }],
    });
    expect(changed.status).toBe(200);
    expect((await api.post(`${guide()}/change-requests/${request.id}/merge`)).status).toBe(200);
    const pages = (await api.get(`${guide()}/content/pages`)).body.pages as Array<{ title: string }>;
    expect(pages.map((page) => page.title)).toEqual([F.pages.install.title, F.pages.configure.title, 'Upgraded']);
    const recorded = app.db.prepare("SELECT COUNT(*) AS n FROM sync_changes WHERE dataset = 'change_requests' AND row_key = ?").get(JSON.stringify([request.id]));
    expect((recorded as { n: number }).n).toBeGreaterThan(0);
  });
});
