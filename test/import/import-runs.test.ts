import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { createPage } from '../../src-main/content/pages-service';
import { importRunsSettled } from '../../src-main/import/runs-service';
import { getUserById } from '../../src-main/store/users';
import { page, serveFixtureSite } from '../support/fixture-site';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();
let site: Awaited<ReturnType<typeof serveFixtureSite>>;

beforeAll(async () => {
  site = await serveFixtureSite({
    '/docs/': ['text/html', page('Welcome', '<p>Read the <a href="guide.html">guide</a>.</p>')],
    '/docs/guide.html': ['text/html', page('Guide', '<h2>Concepts</h2><p>Spaces hold pages.</p>')],
  });
});
afterAll(() => site.close());

/** A site whose second page answers only when the test releases it: an import that is still running. */
async function serveStalledSite() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reachedStall!: () => void;
  const stalled = new Promise<void>((resolve) => (reachedStall = resolve));
  const requests: string[] = [];
  const http = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html' }).end(body);
    requests.push(path);
    if (path === '/docs/') return html(page('Start', '<p><a href="slow.html">slow</a></p>'));
    if (path === '/docs/slow.html') {
      reachedStall();
      return void released.then(() => html(page('Slow', '<p><a href="after.html">after</a></p>')));
    }
    if (path === '/docs/after.html') return html(page('After', '<p>the end</p>'));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/docs/`,
    stalled,
    release,
    requests,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

async function newSpace() {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Imported' })).body.id as string;
  return { org, spaceId };
}

const runOf = (orgId: string, runId: string) => server.api.get(`/v1/org/${orgId}/imports/${runId}`);
const settled = async (orgId: string, runId: string) => {
  await expect.poll(async () => (await runOf(orgId, runId)).body.status, { timeout: 20_000, interval: 50 }).not.toMatch(/pending|in-progress/);
  return (await runOf(orgId, runId)).body;
};

describe('import runs', () => {
  it('runs a website import in the background to completion, its progress recorded and its content written', async () => {
    const { org, spaceId } = await newSpace();
    const started = await server.api.post(`/v1/org/${org.id}/imports`, { source: { type: 'website', url: `${site.url}/docs/` }, target: { space: spaceId } });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ object: 'import-run', status: 'pending', target: { space: spaceId }, createdBy: server.owner.id });
    expect(started.headers.get('location')).toBe(started.body.urls.location);

    const run = await settled(org.id, started.body.id);
    expect(run).toMatchObject({ status: 'completed', completedAt: expect.any(String), startedAt: expect.any(String), progress: { done: 2, found: 2 } });
    const pages = (await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as Array<{ title: string; pages: Array<{ title: string }> }>;
    expect(pages.map((p) => p.title)).toEqual(['Welcome', 'Guide']);
    const guide = await server.api.get(`/v1/spaces/${spaceId}/content/path/guide?format=markdown`);
    expect(guide.body.markdown).toContain('## Concepts');
  });

  it("imports into a change request's content under a page when the target names them", async () => {
    const { org, spaceId } = await newSpace();
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body.id as string;
    const owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
    const target = createPage(owner, spaceId, { title: 'Imported here' }, cr).pageId;
    const started = await server.api.post(`/v1/org/${org.id}/imports`, { source: { type: 'website', url: `${site.url}/docs/` }, target: { space: spaceId, changeRequest: cr, page: target } });
    expect(started.body.target).toEqual({ space: spaceId, changeRequest: cr, page: target });
    expect((await settled(org.id, started.body.id)).status).toBe('completed');
    const pages = (await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr}/content/pages`)).body.pages as Array<{ title: string; pages: Array<{ title: string }> }>;
    expect(pages.map((p) => [p.title, p.pages.map((c) => c.title)])).toEqual([['Imported here', ['Welcome', 'Guide']]]);
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages).toEqual([]);
  });

  it('lists the runs of the organization, most recent first, filtered by space and status', async () => {
    const { org, spaceId } = await newSpace();
    const other = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Other' })).body.id as string;
    const first = await server.api.post(`/v1/org/${org.id}/imports`, { source: { type: 'website', url: `${site.url}/docs/` }, target: { space: spaceId } });
    await settled(org.id, first.body.id);
    const second = await server.api.post(`/v1/org/${org.id}/imports`, { source: { type: 'website', url: `${site.url}/docs/guide.html` }, target: { space: other } });
    await settled(org.id, second.body.id);

    const all = await server.api.get(`/v1/org/${org.id}/imports`);
    expect(all.status).toBe(200);
    expect(all.body.items.map((r: { id: string }) => r.id)).toEqual([second.body.id, first.body.id]);
    const bySpace = await server.api.get(`/v1/org/${org.id}/imports?space=${spaceId}`);
    expect(bySpace.body.items.map((r: { id: string }) => r.id)).toEqual([first.body.id]);
    expect((await server.api.get(`/v1/org/${org.id}/imports?status=active`)).body.items).toEqual([]);
    const paged = await server.api.get(`/v1/org/${org.id}/imports?limit=1`);
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.next.page).toEqual(expect.any(String));
  });

  it('cancels a run that is still reading its source: it ends cancelled and writes nothing', async () => {
    const stalledSite = await serveStalledSite();
    try {
      const { org, spaceId } = await newSpace();
      const started = await server.api.post(`/v1/org/${org.id}/imports`, { source: { type: 'website', url: stalledSite.url }, target: { space: spaceId } });
      await stalledSite.stalled;
      expect((await runOf(org.id, started.body.id)).body.status).toBe('in-progress');

      const cancelled = await server.api.post(`/v1/org/${org.id}/imports/${started.body.id}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.status).toBe('cancelled');
      stalledSite.release();
      // The engine notices at its next page and stops: no further page is read, the run keeps its outcome.
      const before = (await server.api.get(`/v1/spaces/${spaceId}`)).body.revision;
      await importRunsSettled(server.app.db);
      expect(stalledSite.requests).not.toContain('/docs/after.html');
      expect((await runOf(org.id, started.body.id)).body.status).toBe('cancelled');
      expect((await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages).toEqual([]);
      expect((await server.api.get(`/v1/spaces/${spaceId}`)).body.revision).toBe(before);
      const again = await server.api.post(`/v1/org/${org.id}/imports/${started.body.id}/cancel`);
      expect(again.status).toBe(400);
      expect(again.body.error.message).toContain('already cancelled');
    } finally {
      stalledSite.release();
      await stalledSite.close();
    }
  });

  it('records a source that cannot be read as a failed run with its reason', async () => {
    const { org, spaceId } = await newSpace();
    const started = await server.api.post(`/v1/org/${org.id}/imports`, { source: { type: 'website', url: `${site.url}/nothing-here/` }, target: { space: spaceId } });
    expect(started.status).toBe(201);
    const run = await settled(org.id, started.body.id);
    expect(run.status).toBe('failed');
    expect(run.reason).toContain('no website content');
  });

  it('refuses bad requests, unknown targets and runs, and callers without access', async () => {
    const { org, spaceId } = await newSpace();
    const website = { type: 'website', url: `${site.url}/docs/` };
    const noSource = await server.api.post(`/v1/org/${org.id}/imports`, { target: { space: spaceId } });
    expect(noSource.status).toBe(400);
    expect(noSource.body.error.message).toContain('source');
    const files = await server.api.post(`/v1/org/${org.id}/imports`, { source: { type: 'file', files: ['key'] }, target: { space: spaceId } });
    expect(files.status).toBe(400);
    expect(files.body.error.message).toContain('source.files');
    expect((await server.api.post(`/v1/org/${org.id}/imports`, { source: { type: 'website', url: 'ftp://example.com/' }, target: { space: spaceId } })).status).toBe(400);
    expect((await server.api.post(`/v1/org/${org.id}/imports`, { source: website, target: { space: 'nope' } })).status).toBe(404);
    const elsewhere = await newSpace();
    expect((await server.api.post(`/v1/org/${org.id}/imports`, { source: website, target: { space: elsewhere.spaceId } })).status).toBe(404);
    const noSite = await server.api.post(`/v1/org/${org.id}/imports`, { source: website, target: { space: spaceId }, site: 'nope' });
    expect(noSite.status).toBe(400);
    expect(noSite.body.error.message).toMatch(/^site:/);
    expect((await server.api.get(`/v1/org/${org.id}/imports/nope`)).status).toBe(404);
    expect((await server.api.post(`/v1/org/${org.id}/imports/nope/cancel`)).status).toBe(404);
    expect((await server.api.get(`/v1/org/${org.id}/imports?status=done`)).status).toBe(400);

    const reader = await org.member('read');
    expect((await reader.api.post(`/v1/org/${org.id}/imports`, { source: website, target: { space: spaceId } })).status).toBe(403);
    const stranger = await (await newOrganization(server)).member('admin');
    expect((await stranger.api.get(`/v1/org/${org.id}/imports`)).status).toBe(404);
    expect((await server.api.get(`/v1/org/${org.id}/imports?status=active`)).body.items).toEqual([]);
  });
});
