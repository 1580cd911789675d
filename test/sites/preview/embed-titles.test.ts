import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTitles } from '../../../src-main/embeds/link-titles';
import { type LoopbackOrigin, serveLoopbackOrigin } from '../../support/loopback-origin';
import { newOrganization } from '../../support/org';
import { useTestServer } from '../../support/server';
import { siteFetch, spaceWithPages } from './preview-support';

// The test server allows loopback fetches, as the desktop app does: the embedded pages are served on 127.0.0.1.
const server = useTestServer();
let origin: LoopbackOrigin;

beforeAll(async () => {
  origin = await serveLoopbackOrigin({
    '/video': ['text/html', '<html><head><meta property="og:title" content="Launch video"><title>Ignored</title></head></html>'],
    '/hostile': ['text/html', '<html><head><title>Click <script>alert(1)</script> &lt;img src=x onerror=alert(2)&gt;</title></head></html>'],
  });
});
afterAll(() => origin.close());

async function publishedPage(markdown: string): Promise<string> {
  const org = await newOrganization(server);
  const space = await spaceWithPages(server, org.id, 'Guide', [{ title: 'Welcome', markdown }]);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility: 'public', spaces: [space.id] })).body;
  expect((await server.api.post(`/v1/orgs/${org.id}/sites/${site.id}/publish`)).status).toBe(200);
  return `${server.url}/sites/${site.id}/`;
}

async function embedCard(url: string) {
  const { status, html } = await siteFetch(url);
  expect(status).toBe(200);
  const card = parse(html).querySelector('figure.embed a.card-link');
  return {
    html,
    title: card?.querySelector('.card-link-title')?.text,
    details: card?.querySelectorAll('.card-link-detail').map((detail) => detail.text),
  };
}

describe("an embed's card on the published site", () => {
  it("shows the URL's host until the page's title is fetched in the background, then the title", async () => {
    const embedded = `${origin.url}/video`;
    const page = await publishedPage(`# Welcome\n\n{% embed url="${embedded}" %}\nThe launch.\n{% endembed %}\n`);
    const first = await embedCard(page);
    expect(first.title).toBe('127.0.0.1');
    expect(first.details).toEqual([embedded]);

    await linkTitles(server.app).idle();
    const later = await embedCard(page);
    expect(later.title).toBe('Launch video');
    expect(later.details).toEqual(['127.0.0.1', embedded]);
    expect(origin.requests.filter((path) => path === '/video')).toHaveLength(1);
  });

  it('shows a fetched title as text, whatever markup it holds', async () => {
    const page = await publishedPage(`{% embed url="${origin.url}/hostile" %}\n`);
    await embedCard(page);
    await linkTitles(server.app).idle();
    const card = await embedCard(page);
    expect(card.title).toBe('Click <script>alert(1)</script> <img src=x onerror=alert(2)>');
    expect(card.html).toContain('Click &lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt;');
    expect(card.html).not.toContain('<script>');
  });
});
