import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { siteFetch, spaceWithPages } from './preview/preview-support';

const server = useTestServer();

/** A published public site over a space with two pages. */
async function publishedSite(visibility = 'public') {
  const org = await newOrganization(server);
  const space = await spaceWithPages(server, org.id, 'Guide', [
    { title: 'Welcome', markdown: '# Welcome\n' },
    { title: 'Install', markdown: '# Install\n\nRun the installer.\n' },
  ]);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility, spaces: [space.id] })).body;
  const url = `/v1/orgs/${org.id}/sites/${site.id}`;
  await server.api.post(`${url}/publish`);
  const siteSpace = (await server.api.get(`${url}/site-spaces`)).body.items[0];
  return { org, space, site, url, siteSpace, root: `/sites/${site.id}/` };
}

const get = (path: string) => siteFetch(`${server.url}${path}`, {}, 'manual');
/**
 * External destinations, wildcards and `+` in sources are 0.202.0's: 0.137.0 (which also publishes these
 * operations) cannot describe such a redirect, so its responses are checked against the newest spec only.
 */
const latest = { spec: 'latest' as const };

describe('site redirects over /v1', () => {
  it('creates, lists, updates and deletes a redirect', async () => {
    const { url, siteSpace, space } = await publishedSite();
    const created = await server.api.post(`${url}/redirects`, {
      source: '/old-install',
      destination: { kind: 'site-page', siteSpaceId: siteSpace.id, pageId: space.pages[1]!.id },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'site-redirect', source: '/old-install', draft: false, permanent: false, captureWildcard: false });
    expect(created.body.updatedAt).toBeUndefined();

    const listed = await server.api.get(`${url}/redirects`);
    expect(listed.body.items.map((r: { id: string }) => r.id)).toEqual([created.body.id]);
    expect(listed.body.count).toBe(1);

    const updated = await server.api.patch(`${url}/redirects/${created.body.id}`, { permanent: true, destination: { kind: 'external', url: 'https://example.com/install' } }, latest);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ permanent: true, destination: { kind: 'external', url: 'https://example.com/install' }, updatedAt: expect.any(String) });

    expect((await server.api.delete(`${url}/redirects/${created.body.id}`)).status).toBe(205);
    expect((await server.api.delete(`${url}/redirects/${created.body.id}`)).status).toBe(204);
    expect((await server.api.patch(`${url}/redirects/${created.body.id}`, { permanent: false })).status).toBe(404);
  });

  it('stores a path destination as the page of the site space publishing that space', async () => {
    const { url, space, siteSpace } = await publishedSite();
    const created = await server.api.post(`${url}/redirects`, { source: '/setup', destination: { kind: 'path', spaceId: space.id, path: 'install' } });
    expect(created.status).toBe(201);
    expect(created.body.destination).toEqual({ kind: 'site-page', siteSpaceId: siteSpace.id, pageId: space.pages[1]!.id });
  });

  it('filters drafts, searches sources and orders by source', async () => {
    const { url } = await publishedSite();
    const external = (path: string) => ({ kind: 'external', url: `https://example.com/${path}` });
    for (const source of ['/b-page', '/a-page', '/other']) await server.api.post(`${url}/redirects`, { source, destination: external(source) }, latest);
    await server.api.post(`${url}/redirects`, { source: '/a-page', draft: true, destination: external('draft') }, latest);
    const bySource = await server.api.get(`${url}/redirects?orderBy=source`, latest);
    expect(bySource.body.items.map((r: { source: string }) => r.source)).toEqual(['/a-page', '/b-page', '/other']);
    const newest = await server.api.get(`${url}/redirects?limit=2`, latest);
    expect(newest.body.items.map((r: { source: string }) => r.source)).toEqual(['/other', '/a-page']);
    expect(newest.body.next.page).toEqual(expect.any(String));
    const searched = await server.api.get(`${url}/redirects?search=page`, latest);
    expect(searched.body.count).toBe(2);
    const drafts = await server.api.get(`${url}/redirects?draft=true`, latest);
    expect(drafts.body.items.map((r: { source: string; draft: boolean }) => [r.source, r.draft])).toEqual([['/a-page', true]]);
  });

  it('upserts, deletes and publishes in bulk, answering each item', async () => {
    const { url } = await publishedSite();
    const dest = { kind: 'external', url: 'https://example.com/' };
    const first = await server.api.put(`${url}/redirects`, {
      redirects: [
        { source: '/one', destination: dest },
        { source: '/two', intent: 'draft', destination: dest, permanent: true },
        { source: '/three', destination: null },
        { source: '/four', destination: { kind: 'site-section', siteSectionId: 'nope' } },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body.results.map((r: { status: string }) => r.status)).toEqual(['created', 'created', 'error', 'error']);
    expect(first.body.results[3].error).toMatch(/^destination\.siteSectionId:/);

    const second = await server.api.put(`${url}/redirects`, {
      redirects: [
        { source: '/one', destination: { kind: 'external', url: 'https://example.org/' } },
        { source: '/two', intent: 'publish' },
        { source: '/one', destination: null },
      ],
    });
    expect(second.body.results).toEqual([
      { status: 'updated', source: '/one', draft: false, id: first.body.results[0].id },
      { status: 'published', source: '/two', draft: false, id: first.body.results[1].id },
      { status: 'deleted', source: '/one', draft: false },
    ]);
    const live = (await server.api.get(`${url}/redirects`, latest)).body.items;
    expect(live).toEqual([expect.objectContaining({ source: '/two', draft: false, permanent: true })]);
  });

  it('resolves a source to its redirect and target URL, wildcards included', async () => {
    const { url, siteSpace, site } = await publishedSite();
    await server.api.post(`${url}/redirects`, { source: '/legacy/*', captureWildcard: true, destination: { kind: 'site-space', siteSpaceId: siteSpace.id } }, latest);
    const found = await server.api.get(`${url}/redirect?source=${encodeURIComponent('/legacy/install')}`, latest);
    expect(found.status).toBe(200);
    expect(found.body.redirect.source).toBe('/legacy/*');
    expect(found.body.target).toBe(`${server.url}/sites/${site.id}/${siteSpace.path}/install`);
    expect((await server.api.get(`${url}/redirect?source=/nothing-here`)).status).toBe(404);
    expect((await server.api.get(`${url}/redirect?source=no-slash`)).body.error.message).toMatch(/^source:/);
  });

  it.each([
    [{ source: 'no-leading-slash', destination: { kind: 'external', url: 'https://example.com' } }, /^source:/],
    [{ source: '/a*b', destination: { kind: 'external', url: 'https://example.com' } }, /^source:/],
    [{ source: '/a', destination: { kind: 'external', url: 'javascript:alert(1)' } }, /^destination/],
    [{ source: '/a', destination: { kind: 'site-space', siteSpaceId: 'missing' } }, /^destination\.siteSpaceId:/],
    [{ source: '/a' }, /^destination:/],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    const { url } = await publishedSite();
    const res = await server.api.post(`${url}/redirects`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
  });

  it('refuses a second live redirect from one source (409)', async () => {
    const { url } = await publishedSite();
    const body = { source: '/dup', destination: { kind: 'site-space', siteSpaceId: (await server.api.get(`${url}/site-spaces`)).body.items[0].id } };
    expect((await server.api.post(`${url}/redirects`, body)).status).toBe(201);
    expect((await server.api.post(`${url}/redirects`, body)).status).toBe(409);
  });

  it('lets members read redirects and only admins change them; others see no site', async () => {
    const { org, url } = await publishedSite();
    const member = await org.member('edit');
    expect((await member.api.get(`${url}/redirects`)).status).toBe(200);
    const refused = await member.api.post(`${url}/redirects`, { source: '/x', destination: { kind: 'external', url: 'https://example.com' } });
    expect(refused.status).toBe(403);
    const stranger = server.as(server.userToken('stranger@example.com', 'Stranger').token);
    expect((await stranger.get(`${url}/redirects`)).status).toBe(404);
    expect((await server.as(undefined).get(`${url}/redirects`)).status).toBe(401);
  });
});

describe('a published site answering its redirects', () => {
  it('sends a visitor from an old address to the page, 308 when permanent on a public site', async () => {
    const { url, siteSpace, space, root } = await publishedSite();
    await server.api.post(`${url}/redirects`, {
      source: '/old-install',
      permanent: true,
      destination: { kind: 'site-page', siteSpaceId: siteSpace.id, pageId: space.pages[1]!.id },
    });
    const moved = await get(`${root}old-install?ref=mail`);
    expect(moved.status).toBe(308);
    expect(moved.headers.get('location')).toBe(`${root}${siteSpace.path}/install?ref=mail`);
    expect((await siteFetch(`${server.url}${root}old-install`)).html).toContain('Run the installer.');
  });

  it('answers temporary and wildcard redirects with 307, the captured suffix appended', async () => {
    const { url, root } = await publishedSite();
    await server.api.post(`${url}/redirects`, { source: '/blog/*', captureWildcard: true, destination: { kind: 'external', url: 'https://blog.example.com/posts' } }, latest);
    const moved = await get(`${root}blog/2024/hello`);
    expect(moved.status).toBe(307);
    expect(moved.headers.get('location')).toBe('https://blog.example.com/posts/2024/hello');
  });

  it('never applies a draft, and a page at the address wins over a redirect', async () => {
    const { url, root, siteSpace } = await publishedSite();
    await server.api.post(`${url}/redirects`, { source: '/drafted', draft: true, destination: { kind: 'external', url: 'https://example.com' } }, latest);
    expect((await get(`${root}drafted`)).status).toBe(404);
    await server.api.post(`${url}/redirects`, { source: `/${siteSpace.path}/install`, destination: { kind: 'external', url: 'https://example.com' } }, latest);
    expect((await get(`${root}${siteSpace.path}/install`)).status).toBe(200);
  });

  it('serves no redirect of an unpublished site', async () => {
    const { url, root } = await publishedSite();
    await server.api.post(`${url}/redirects`, { source: '/gone', destination: { kind: 'external', url: 'https://example.com' } }, latest);
    await server.api.post(`${url}/unpublish`);
    expect((await get(`${root}gone`)).status).toBe(404);
  });
});
