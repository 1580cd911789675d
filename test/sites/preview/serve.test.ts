import { describe, expect, it } from 'vitest';
import { newOrganization } from '../../support/org';
import { useTestServer } from '../../support/server';
import { siteFetch, spaceWithPages } from './preview-support';

const server = useTestServer();

async function publishedSite(visibility = 'public') {
  const org = await newOrganization(server);
  const space = await spaceWithPages(server, org.id, 'Guide', [
    { title: 'Welcome', markdown: '# Hello visitors\n\nStart **here**.\n\n```js\nconst answer = 42;\n```\n' },
    { title: 'Install', markdown: '## Requirements\n\nNode 20 and a zebra.\n\n{% hint style="warning" %}\nBack up first.\n{% endhint %}\n' },
  ]);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Acme Docs', visibility, spaces: [space.id] })).body;
  await server.api.post(`/v1/orgs/${org.id}/sites/${site.id}/publish`);
  const published = (await server.api.get(`/v1/orgs/${org.id}/sites/${site.id}`)).body;
  return { org, space, site: published, url: `/v1/orgs/${org.id}/sites/${site.id}` };
}

describe('site preview', () => {
  it('serves the default space at urls.published with navigation and the first page rendered', async () => {
    const { site } = await publishedSite();
    expect(site.urls.published).toBe(`${server.url}/sites/${site.id}/`);
    const res = await siteFetch(site.urls.published);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('x-robots-tag')).toBeNull();
    expect(res.html).toContain('<title>Welcome | Acme Docs</title>');
    expect(res.html).toContain('<h1 id="hello-visitors">Hello visitors</h1>');
    expect(res.html).toContain('<strong>here</strong>');
    // Highlighted on the server: highlight.js classes in the code block.
    expect(res.html).toMatch(/<span class="hljs-keyword">const<\/span> answer/);
    expect(res.html).toMatch(/<a href="\/sites\/[^"]+\/install"[^>]*>Install<\/a>/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('renders another page by its path with hints and a link back to the previous page', async () => {
    const { site } = await publishedSite();
    const res = await siteFetch(`${site.urls.published}install`);
    expect(res.status).toBe(200);
    expect(res.html).toContain('<div class="hint hint-warning" role="note"><p>Back up first.</p>');
    expect(res.html).toMatch(/rel="prev"[^>]*>.*Welcome/);
    expect(res.html).toMatch(/<a href="[^"]*install" aria-current="page">Install<\/a>/);
  });

  it('answers 404 for a page that does not exist and for an unpublished site', async () => {
    const { site, url } = await publishedSite();
    expect((await siteFetch(`${site.urls.published}nowhere`)).status).toBe(404);
    await server.api.post(`${url}/unpublish`);
    expect((await siteFetch(`${server.url}/sites/${site.id}/`)).status).toBe(404);
    expect((await siteFetch(`${server.url}/sites/missing-site/`)).status).toBe(404);
  });

  it('marks unlisted sites noindex', async () => {
    const { site } = await publishedSite('unlisted');
    const res = await siteFetch(site.urls.published);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.html).toContain('<meta name="robots" content="noindex">');
  });

  it('finds pages with the search box, linking to the heading', async () => {
    const { site } = await publishedSite();
    const res = await siteFetch(`${site.urls.published}~search?q=zebra`);
    expect(res.status).toBe(200);
    expect(res.html).toContain('1 result');
    expect(res.html).toMatch(/href="\/sites\/[^"]+\/install#requirements"/);
    const none = await siteFetch(`${site.urls.published}~search?q=unicorn`);
    expect(none.html).toContain('No results for “unicorn”');
  });

  it('records a page_view insights event for each page served', async () => {
    const { site, url, space } = await publishedSite();
    await siteFetch(site.urls.published, { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' });
    await siteFetch(`${site.urls.published}install`);
    await siteFetch(`${site.urls.published}nowhere`);
    const res = await server.api.post(`${url}/insights/events/aggregate`, {
      select: [{ column: 'page' }, { column: 'eventsCount' }],
      where: [{ column: 'eventType', values: ['page_view'] }],
      groupBy: [{ column: 'page' }],
      range: 'lastYear',
    });
    expect(res.status).toBe(200);
    const pageIds = res.body.columns.find((c: { column: string }) => c.column === 'page').values;
    const counts = res.body.columns.find((c: { column: string }) => c.column === 'eventsCount').values;
    expect(pageIds).toHaveLength(2);
    expect(counts.reduce((a: number, b: number) => a + b, 0)).toBe(2);
    // The `page` column names a page with its space.
    expect(pageIds.map((v: { page: string; space: string }) => `${v.space}/${v.page}`).sort()).toEqual(space.pages.map((p) => `${space.id}/${p.id}`).sort());
  });

  it('keeps a share key from the address in a cookie and cleans the address', async () => {
    const { site, url } = await publishedSite('share-link');
    const link = (await server.api.post(`${url}/share-links`, { name: 'Reviewers' })).body;
    expect((await siteFetch(site.urls.published)).status).toBe(404);
    const first = await siteFetch(link.urls.published, {}, 'manual');
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(`/sites/${site.id}/`);
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    const next = await siteFetch(`${server.url}/sites/${site.id}/install`, { Cookie: cookie.split(';')[0]! });
    expect(next.status).toBe(200);
    expect(next.headers.get('x-robots-tag')).toBe('noindex');
  });

  it('gives writers a preview address that shows an unpublished site', async () => {
    const { site, url } = await publishedSite();
    await server.api.post(`${url}/unpublish`);
    const res = await server.api.get(`${url}/publishing/preview`);
    expect(res.status).toBe(200);
    const opened = await siteFetch(res.body.url, {}, 'manual');
    expect(opened.status).toBe(302);
    const page = await siteFetch(`${server.url}${opened.headers.get('location')}`, { Cookie: opened.headers.get('set-cookie')!.split(';')[0]! });
    expect(page.status).toBe(200);
    expect(page.html).toContain('Hello visitors');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect((await server.api.get(`${url}/publishing/preview?claims=not-json`)).status).toBe(400);
    expect((await server.api.get(`${url}/publishing/preview?siteSpace=missing`)).body.error.message).toMatch(/^siteSpace:/);
    void site;
  });
});
