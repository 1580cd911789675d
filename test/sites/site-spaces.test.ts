import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

async function siteWithSpaces(...titles: string[]) {
  const org = await newOrganization(server);
  const spaces: string[] = [];
  for (const title of titles) spaces.push((await server.api.post(`/v1/orgs/${org.id}/spaces`, { title })).body.id);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body;
  return { org, spaces, site, url: `/v1/orgs/${org.id}/sites/${site.id}` };
}

describe('site spaces', () => {
  it('adds a space to a site with a path from its title, the first being the default', async () => {
    const { spaces, url } = await siteWithSpaces('Getting Started', 'API');
    const res = await server.api.post(`${url}/site-spaces`, { spaceId: spaces[0] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: 'site-space',
      path: 'getting-started',
      title: 'Getting Started',
      default: true,
      space: { object: 'space', id: spaces[0] },
      urls: {},
    });
    expect(res.headers.get('location')).toBe(`${server.url}${url}/site-spaces/${res.body.id}`);
    const second = await server.api.post(`${url}/site-spaces`, { spaceId: spaces[1] });
    expect(second.body).toMatchObject({ path: 'api', default: false });
    expect((await server.api.get(url)).body.siteSpaces).toBe(2);
  });

  it('keeps paths unique in the site when the same title comes twice', async () => {
    const { spaces, url } = await siteWithSpaces('Guide', 'Guide');
    await server.api.post(`${url}/site-spaces`, { spaceId: spaces[0] });
    const again = await server.api.post(`${url}/site-spaces`, { spaceId: spaces[1] });
    expect(again.body.path).toBe('guide-2');
  });

  it.each([
    ['no spaceId', () => ({}), /^spaceId:/],
    ['an unknown space', () => ({ spaceId: 'missing' }), /^spaceId: no space/],
    ['an unknown section', (spaceId: string) => ({ spaceId, sectionId: 'any' }), /^sectionId: no section "any"/],
  ])('returns 400 for adding with %s and adds nothing', async (_what, body, message) => {
    const { url, spaces } = await siteWithSpaces('Guide');
    const res = await server.api.post(`${url}/site-spaces`, body(spaces[0]!));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await server.api.get(`${url}/site-spaces`)).body.count).toBe(0);
  });

  it('lists site spaces, only the default one or the others, page by page', async () => {
    const { spaces, url } = await siteWithSpaces('A1', 'B2', 'C3');
    const added = [];
    for (const spaceId of spaces) added.push((await server.api.post(`${url}/site-spaces`, { spaceId })).body.id);
    const all = await server.api.get(`${url}/site-spaces?shareKey=anything`);
    expect(all.body.items.map((s: { id: string }) => s.id)).toEqual(added);
    expect((await server.api.get(`${url}/site-spaces?default=true`)).body.items.map((s: { id: string }) => s.id)).toEqual([added[0]]);
    expect((await server.api.get(`${url}/site-spaces?default=false`)).body.items.map((s: { id: string }) => s.id)).toEqual(added.slice(1));
    const first = await server.api.get(`${url}/site-spaces?limit=2`);
    expect(first.body.count).toBe(3);
    const rest = await server.api.get(`${url}/site-spaces?limit=2&page=${first.body.next.page}`);
    expect(rest.body.items.map((s: { id: string }) => s.id)).toEqual([added[2]]);
  });

  it('updates the path, condition and space of a site space, null removing the condition', async () => {
    const { spaces, url } = await siteWithSpaces('Guide', 'API');
    const siteSpace = (await server.api.post(`${url}/site-spaces`, { spaceId: spaces[0] })).body;
    const target = `${url}/site-spaces/${siteSpace.id}`;
    const res = await server.api.patch(target, { path: 'start', condition: 'visitor.claims.beta', spaceId: spaces[1] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ path: 'start', condition: 'visitor.claims.beta', title: 'API', space: { id: spaces[1] } });
    const cleared = await server.api.patch(target, { condition: null });
    expect(cleared.body.condition).toBeUndefined();
    expect(cleared.body.path).toBe('start');
  });

  it.each([
    [{ path: '' }, /^path:/],
    [{ path: 'p'.repeat(101) }, /^path:/],
    [{ condition: 'c'.repeat(1025) }, /^condition:/],
    [{ spaceId: 'missing' }, /^spaceId: no space/],
    [{ path: 'taken' }, /^path: "taken" is already/],
  ])('returns 400 for the update %j', async (body, message) => {
    const { spaces, url } = await siteWithSpaces('Guide', 'Taken');
    const siteSpace = (await server.api.post(`${url}/site-spaces`, { spaceId: spaces[0] })).body;
    await server.api.post(`${url}/site-spaces`, { spaceId: spaces[1] });
    const res = await server.api.patch(`${url}/site-spaces/${siteSpace.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
  });

  it('gives a published URL under the site once the site is published', async () => {
    const { spaces, url } = await siteWithSpaces('Guide');
    await server.api.post(`${url}/site-spaces`, { spaceId: spaces[0] });
    const site = (await server.api.post(`${url}/publish`)).body;
    const [siteSpace] = (await server.api.get(`${url}/site-spaces`)).body.items;
    expect(siteSpace.urls.published).toBe(`${site.urls.published}guide/`);
  });

  it('removes a site space (205), then 204, and the next one becomes the default', async () => {
    const { spaces, url } = await siteWithSpaces('Guide', 'API');
    const first = (await server.api.post(`${url}/site-spaces`, { spaceId: spaces[0] })).body;
    const second = (await server.api.post(`${url}/site-spaces`, { spaceId: spaces[1] })).body;
    expect((await server.api.delete(`${url}/site-spaces/${first.id}`)).status).toBe(205);
    expect((await server.api.delete(`${url}/site-spaces/${first.id}`)).status).toBe(204);
    const listed = (await server.api.get(`${url}/site-spaces`)).body.items;
    expect(listed).toMatchObject([{ id: second.id, default: true }]);
    expect((await server.api.get(url)).body.siteSpaces).toBe(1);
  });

  it('answers 404 for a site space or site that does not exist', async () => {
    const { url, org } = await siteWithSpaces();
    expect((await server.api.patch(`${url}/site-spaces/missing`, { path: 'x' })).status).toBe(404);
    expect((await server.api.get(`/v1/orgs/${org.id}/sites/missing/site-spaces`)).status).toBe(404);
    expect((await server.api.post(`/v1/orgs/${org.id}/sites/missing/site-spaces`, { spaceId: 'x' })).status).toBe(404);
  });

  it('lets members list site spaces and only admins add, change and remove them; non-members get 404', async () => {
    const { org, spaces, url } = await siteWithSpaces('Guide', 'API');
    const siteSpace = (await server.api.post(`${url}/site-spaces`, { spaceId: spaces[0] })).body;
    const reader = await org.member('create');
    expect((await reader.api.get(`${url}/site-spaces`)).body.count).toBe(1);
    expect((await reader.api.post(`${url}/site-spaces`, { spaceId: spaces[1] })).status).toBe(403);
    expect((await reader.api.patch(`${url}/site-spaces/${siteSpace.id}`, { path: 'x' })).status).toBe(403);
    expect((await reader.api.delete(`${url}/site-spaces/${siteSpace.id}`)).status).toBe(403);

    const stranger = server.as(server.userToken('site-spaces-stranger@example.com').token);
    expect((await stranger.get(`${url}/site-spaces`)).status).toBe(404);
    expect((await stranger.post(`${url}/site-spaces`, { spaceId: spaces[1] })).status).toBe(404);
    expect((await stranger.delete(`${url}/site-spaces/${siteSpace.id}`)).status).toBe(404);
    expect((await server.as(undefined).get(`${url}/site-spaces`)).status).toBe(401);

    const admin = await org.member('admin');
    expect((await admin.api.post(`${url}/site-spaces`, { spaceId: spaces[1] })).status).toBe(201);
    expect((await server.api.get(url)).body.siteSpaces).toBe(2);
  });
});
