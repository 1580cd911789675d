import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixtureSite, page } from '../support/fixture-site';
import { pngImage } from '../support/images';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();
let site: Awaited<ReturnType<typeof serveFixtureSite>>;

beforeAll(async () => {
  site = await serveFixtureSite({
    '/robots.txt': ['text/plain', 'User-agent: *\nDisallow: /docs/private/\n'],
    '/docs/': ['text/html', page('Welcome', '<p>Start with the <a href="guide.html">guide</a> or <a href="guide/install.html#linux">install</a>.</p><p><a href="missing.html">Old page</a> <a href="private/secret.html">Secret</a> <a href="https://example.com/">Elsewhere</a></p>')],
    '/docs/guide.html': ['text/html', page('Guide', '<h2>Concepts</h2><p>Spaces hold <strong>pages</strong>.</p><ul><li>one</li><li>two</li></ul><p>Print the <a href="files/cheatsheet.pdf">cheat sheet</a>.</p>')],
    '/docs/files/cheatsheet.pdf': ['application/pdf', '%PDF-1.4 tiny'],
    '/docs/guide/install.html': ['text/html', page('Install', '<p>Run this:</p><pre><code>npm ci</code></pre><p><img src="../img/shot.png" alt="Screenshot"></p><p>Back <a href="../">home</a>.</p>')],
    '/docs/img/shot.png': ['image/png', pngImage(4, 3)],
    '/docs/private/secret.html': ['text/html', page('Secret', '<p>hidden</p>')],
    '/outside.html': ['text/html', page('Outside', '<p>not under /docs/</p>')],
  });
});
afterAll(() => site.close());

type TreePage = { title: string; path: string; pages: TreePage[] };
const outline = (pages: TreePage[]): unknown => pages.map((p) => (p.pages.length ? [p.title, outline(p.pages)] : p.title));

describe('importing a website', () => {
  it('crawls the site under the start URL into a page tree with files and working links', async () => {
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Imported' })).body.id;
    const res = await server.api.post(`/v1/spaces/${spaceId}/content/import`, { url: `${site.url}/docs/`, source: 'website' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ revision: expect.any(String), importedResources: 5 });
    expect(res.body.totalResources).toBeGreaterThanOrEqual(4);
    expect(res.headers.get('location')).toBe(`${server.url}/v1/spaces/${spaceId}/revisions/${res.body.revision}`);

    const pages = (await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as TreePage[];
    expect(outline(pages)).toEqual(['Welcome', ['Guide', ['Install']]]);
    const install = await server.api.get(`/v1/spaces/${spaceId}/content/path/guide/install?format=markdown`);
    expect(install.body.markdown).toContain('```\nnpm ci\n```');
    // Relative to the page's file (guide/install.md), as Git Sync writes it.
    expect(install.body.markdown).toContain('![Screenshot](../.gitbook/assets/shot.png)');
    const guide = await server.api.get(`/v1/spaces/${spaceId}/content/path/guide?format=markdown`);
    expect(guide.body.markdown).toContain('## Concepts');
    expect(guide.body.markdown).not.toContain('© Site');
    expect(guide.body.markdown).toContain('[cheat sheet](../.gitbook/assets/cheatsheet.pdf)'); // from guide/README.md

    const files = await server.api.get(`/v1/spaces/${spaceId}/content/files`);
    expect(files.body.items).toEqual([
      expect.objectContaining({ name: 'cheatsheet.pdf', contentType: 'application/pdf' }),
      expect.objectContaining({ name: 'shot.png', dimensions: { width: 4, height: 3 } }),
    ]);

    const links = await server.api.get(`/v1/spaces/${spaceId}/links`);
    const broken = links.body.items.filter((l: { status: string }) => l.status === 'broken');
    expect(broken.map((l: { targetReference: { url: string } }) => l.targetReference.url).sort()).toEqual(['/missing', '/private/secret']);
    expect(links.body.stats.broken.total).toBe(2);
  });

  it('respects robots.txt and never leaves the start folder', () => {
    expect(site.requests).not.toContain('/docs/private/secret.html');
    expect(site.requests).not.toContain('/outside.html');
    expect(site.requests).toContain('/robots.txt');
  });
});
