import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { spaceWithPages } from './preview/preview-support';

const server = useTestServer();

/** A published site over two spaces: a guide, and a reference only visitors with `plan: pro` see. */
async function searchableSite() {
  const org = await newOrganization(server);
  const guide = await spaceWithPages(server, org.id, 'Guide', [
    { title: 'Installing', markdown: '# Installing\n\nThe zephyr installer runs everywhere.\n', ref: 'top' },
    { title: 'Upgrading', markdown: '# Upgrading\n\nUpgrade zephyr in place.\n', into: 'top' },
    { title: 'Secret notes', markdown: '# Secret notes\n\nzephyr internals.\n', hidden: true },
  ]);
  const reference = await spaceWithPages(server, org.id, 'Reference', [{ title: 'Zephyr API', markdown: '# Zephyr API\n\nEvery zephyr call.\n' }]);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility: 'public', spaces: [guide.id] })).body;
  const url = `/v1/orgs/${org.id}/sites/${site.id}`;
  const referenceSiteSpace = (await server.api.post(`${url}/site-spaces`, { spaceId: reference.id })).body;
  await server.api.post(`${url}/publish`);
  const siteSpaces = (await server.api.get(`${url}/site-spaces`)).body.items as Array<{ id: string; space: { id: string } }>;
  const guideSiteSpace = siteSpaces.find((row) => row.space.id === guide.id)!;
  return { org, guide, reference, url, guideSiteSpace, referenceSiteSpace };
}

const titles = (body: { items: Array<{ title: string; pages: Array<{ title: string }> }> }) =>
  body.items.map((space) => [space.title, space.pages.map((page) => page.title)]);

describe('searching a site', () => {
  it("finds the published spaces' pages, grouped by space, with ranks, ancestors and sections", async () => {
    const { url } = await searchableSite();
    const res = await server.api.post(`${url}/search`, { query: 'zephyr', scope: { mode: 'all' } });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(titles(res.body).sort()).toEqual([['Guide', expect.arrayContaining(['Installing', 'Upgrading'])], ['Reference', ['Zephyr API']]].sort());
    const guide = res.body.items.find((space: { title: string }) => space.title === 'Guide');
    const upgrading = guide.pages.find((page: { title: string }) => page.title === 'Upgrading');
    expect(upgrading.ancestors).toEqual([{ title: 'Installing' }]);
    expect(upgrading.sections[0].body).toContain('zephyr');
    const ranks = res.body.items.flatMap((space: { pages: Array<{ rank: number }> }) => space.pages.map((page) => page.rank)).sort();
    expect(ranks).toEqual([1, 2, 3]);
  });

  it('leaves out hidden pages and content not merged into the main content', async () => {
    const { url, guide } = await searchableSite();
    const cr = (await server.api.post(`/v1/spaces/${guide.id}/change-requests`, {})).body;
    await server.api.post(`/v1/spaces/${guide.id}/change-requests/${cr.id}/content?compat=false`, {
      changes: [{ operation: 'insert_page', title: 'Draft zephyr', document: { markdown: '# Draft\n\nzephyr draft.\n' } }],
    });
    const res = await server.api.post(`${url}/search`, { query: 'zephyr', scope: { mode: 'all' } });
    const pages = titles(res.body).flatMap(([, names]) => names);
    expect(pages).not.toContain('Secret notes');
    expect(pages).not.toContain('Draft zephyr');
  });

  it('searches only the site spaces a scope names, and the default content', async () => {
    const { url, referenceSiteSpace, guideSiteSpace } = await searchableSite();
    const specific = await server.api.post(`${url}/search`, { query: 'zephyr', scope: { mode: 'specific', siteSpaceIds: [referenceSiteSpace.id] } });
    expect(titles(specific.body)).toEqual([['Reference', ['Zephyr API']]]);
    const deprecated = await server.api.post(`${url}/search`, { query: 'zephyr', siteSpaceIds: [referenceSiteSpace.id] });
    expect(titles(deprecated.body)).toEqual([['Reference', ['Zephyr API']]]);
    const byDefault = await server.api.post(`${url}/search`, { query: 'zephyr', scope: { mode: 'default' } });
    expect(titles(byDefault.body).map(([title]) => title)).toEqual(['Guide']);
    const others = await server.api.post(
      `${url}/search`,
      { query: 'zephyr', scope: { mode: 'default', currentSiteSpace: referenceSiteSpace.id, restrictTo: 'otherSiteSpaces' } },
    );
    expect(titles(others.body).map(([title]) => title)).toEqual(['Guide']);
    expect(guideSiteSpace.id).not.toBe(referenceSiteSpace.id);
  });

  it('hides what a condition hides from visitors', async () => {
    const { url, referenceSiteSpace } = await searchableSite();
    await server.api.patch(`${url}/site-spaces/${referenceSiteSpace.id}`, { condition: 'visitor.claims.plan === "pro"' });
    const res = await server.api.post(`${url}/search`, { query: 'zephyr', scope: { mode: 'all' } });
    expect(titles(res.body).map(([title]) => title)).toEqual(['Guide']);
    const named = await server.api.post(`${url}/search`, { query: 'zephyr', scope: { mode: 'specific', siteSpaceIds: [referenceSiteSpace.id] } });
    expect(named.status).toBe(400);
    expect(named.body.error.message).toMatch(/^scope\.siteSpaceIds:/);
  });

  it('finds nothing on an unpublished site', async () => {
    const { url } = await searchableSite();
    await server.api.post(`${url}/unpublish`);
    const res = await server.api.post(`${url}/search`, { query: 'zephyr', scope: { mode: 'all' } });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
  });

  it("refuses another organization's site (404), a missing query (400) and no token (401)", async () => {
    const { url } = await searchableSite();
    const outsider = await newOrganization(server, 'Other');
    const stranger = await outsider.member('admin');
    expect((await stranger.api.post(`${url}/search`, { query: 'zephyr', scope: { mode: 'all' } })).status).toBe(404);
    const missing = await server.api.post(`${url}/search`, { scope: { mode: 'all' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^query:/);
    expect((await server.as(undefined).post(`${url}/search`, { query: 'x', scope: { mode: 'all' } })).status).toBe(401);
  });
});
