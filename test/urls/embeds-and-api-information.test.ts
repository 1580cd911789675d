import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixtureSite } from '../support/fixture-site';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();
let site: Awaited<ReturnType<typeof serveFixtureSite>>;

beforeAll(async () => {
  site = await serveFixtureSite({
    '/video': ['text/html', '<html><head><title>Raw title</title><meta property="og:title" content="A talk"><meta property="og:site_name" content="Talks"></head></html>'],
    '/plain': ['text/html', '<html><head><title>Only a title</title></head></html>'],
  });
});
afterAll(() => site.close());

const embed = (url: string) => server.api.get(`/v1/urls/embed?url=${encodeURIComponent(url)}`);

describe('embedding a URL', () => {
  it('answers a link card titled and named as the page says, from the cache once fetched', async () => {
    const res = await embed(`${site.url}/video`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 'link', title: 'A talk', site: 'Talks' });
    const fetches = site.requests.filter((p) => p === '/video').length;
    expect((await embed(`${site.url}/video#t=10`)).body).toEqual(res.body);
    expect(site.requests.filter((p) => p === '/video').length).toBe(fetches);
  });

  it("falls back to the page's title and host, and to the address when the page cannot be read", async () => {
    expect((await embed(`${site.url}/plain`)).body).toEqual({ type: 'link', title: 'Only a title', site: '127.0.0.1' });
    expect((await embed(`${site.url}/missing`)).body).toEqual({ type: 'link', title: `${site.url}/missing`, site: '127.0.0.1' });
  });

  it('in a space: the same card, for readers of the space only', async () => {
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body.id as string;
    const res = await server.api.get(`/v1/spaces/${spaceId}/embed?url=${encodeURIComponent(`${site.url}/video`)}`);
    expect(res.body).toEqual({ type: 'link', title: 'A talk', site: 'Talks' });
    const stranger = await (await newOrganization(server)).member('admin');
    expect((await stranger.api.get(`/v1/spaces/${spaceId}/embed?url=${encodeURIComponent(`${site.url}/video`)}`)).status).toBe(404);
  });

  it('refuses a missing or non-web URL', async () => {
    expect((await server.api.get('/v1/urls/embed')).status).toBe(400);
    const ftp = await embed('ftp://example.com/file');
    expect(ftp.status).toBe(400);
    expect(ftp.body.error.message).toContain('url');
  });
});

describe('API information', () => {
  it("gives Folio's version and the build's date", async () => {
    const res = await server.api.get('/v1/');
    expect(res.status).toBe(200);
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(res.body).toEqual({ version, build: expect.any(String) });
    expect(Number.isNaN(Date.parse(res.body.build))).toBe(false);
    expect((await server.as(undefined).get('/v1/')).status).toBe(401);
  });
});
