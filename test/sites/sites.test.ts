import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

const ids = (res: { body: { items: Array<{ id: string }> } }) => res.body.items.map((s) => s.id);

async function orgWithSpaces(...titles: string[]) {
  const org = await newOrganization(server);
  const spaces: string[] = [];
  for (const title of titles) spaces.push((await server.api.post(`/v1/orgs/${org.id}/spaces`, { title })).body.id);
  return { org, spaces };
}

describe('sites', () => {
  it('creates a basic, unpublished site with its spaces counted from rows', async () => {
    const { org, spaces } = await orgWithSpaces('Guide', 'API');
    const res = await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility: 'unlisted', spaces });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: 'site',
      type: 'basic',
      title: 'Docs',
      visibility: 'unlisted',
      published: false,
      siteSpaces: 2,
      adaptiveContent: { enabled: false },
      agentsContext: 'included',
      features: [],
    });
    expect(res.body.urls.location).toBe(`${server.url}/v1/orgs/${org.id}/sites/${res.body.id}`);
    expect(res.body.urls.published).toBeUndefined();
    expect(res.headers.get('location')).toBe(res.body.urls.location);
  });

  it('creates a site with a new empty space when spaces is "empty"', async () => {
    const org = await newOrganization(server);
    const res = await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Fresh', spaces: 'empty' });
    expect(res.body.siteSpaces).toBe(1);
    expect((await server.api.get(`/v1/orgs/${org.id}/spaces`)).body.items.map((s: { title: string }) => s.title)).toEqual(['Fresh']);
  });

  it.each([
    [{ title: 'x' }, /^title:/],
    [{ title: 't'.repeat(129) }, /^title:/],
    [{ visibility: 'secret' }, /^visibility:/],
    [{ type: 'gold' }, /^type:/],
    [{ spaces: ['missing'] }, /^spaces\.0:/],
    [{ spaces: 'sample' }, /^spaces:/],
    [{ colour: 'red' }, /colour/],
  ])('returns 400 for %j and creates nothing', async (body, message) => {
    const org = await newOrganization(server);
    const res = await server.api.post(`/v1/orgs/${org.id}/sites`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await server.api.get(`/v1/orgs/${org.id}/sites`)).body.count).toBe(0);
  });

  it('refuses a space of another organization', async () => {
    const org = await newOrganization(server);
    const { spaces } = await orgWithSpaces('Elsewhere');
    const res = await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', spaces });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^spaces\.0: no space/);
  });

  it('lists sites filtered by space, title and published status, page by page', async () => {
    const { org, spaces } = await orgWithSpaces('Guide');
    const base = `/v1/orgs/${org.id}/sites`;
    const a = (await server.api.post(base, { title: 'Product docs', spaces })).body;
    const b = (await server.api.post(base, { title: 'Help center' })).body;
    const c = (await server.api.post(base, { title: 'Developer DOCS' })).body;
    await server.api.post(`${base}/${b.id}/publish`);

    expect(ids(await server.api.get(base))).toEqual([a.id, b.id, c.id]);
    expect(ids(await server.api.get(`${base}?space=${spaces[0]}`))).toEqual([a.id]);
    expect(ids(await server.api.get(`${base}?title=docs`))).toEqual([a.id, c.id]);
    expect(ids(await server.api.get(`${base}?published=true`))).toEqual([b.id]);
    expect(ids(await server.api.get(`${base}?published=false&title=docs`))).toEqual([a.id, c.id]);

    const first = await server.api.get(`${base}?limit=2`);
    expect(ids(first)).toEqual([a.id, b.id]);
    expect(first.body.count).toBe(3);
    const second = await server.api.get(`${base}?limit=2&page=${first.body.next.page}`);
    expect(ids(second)).toEqual([c.id]);
    expect(second.body.next).toBeUndefined();
  });

  it('returns 400 naming the query parameter for a bad filter', async () => {
    const org = await newOrganization(server);
    const res = await server.api.get(`/v1/orgs/${org.id}/sites?published=yes`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^published:/);
  });

  it('gets a site, and 404 for an unknown id or a site of another organization', async () => {
    const org = await newOrganization(server);
    const other = await newOrganization(server);
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body;
    const res = await server.api.get(`/v1/orgs/${org.id}/sites/${site.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(site);
    expect((await server.api.get(`/v1/orgs/${org.id}/sites/missing`)).status).toBe(404);
    expect((await server.api.get(`/v1/orgs/${other.id}/sites/${site.id}`)).status).toBe(404);
  });

  it('updates title, visibility, basename, adaptive content, agents context and the proxy', async () => {
    const org = await newOrganization(server);
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body;
    const url = `/v1/orgs/${org.id}/sites/${site.id}`;
    const res = await server.api.patch(url, {
      title: 'Handbook',
      visibility: 'share-link',
      basename: 'handbook',
      adaptiveContent: { enabled: true },
      agentsContext: 'excluded',
      proxy: 'company.com/docs',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Handbook',
      visibility: 'share-link',
      basename: 'handbook',
      adaptiveContent: { enabled: true },
      agentsContext: 'excluded',
      proxy: { origin: 'company.com/docs', target: expect.any(String) },
    });
    expect((await server.api.get(url)).body).toEqual(res.body);

    const removed = await server.api.patch(url, { proxy: null });
    expect(removed.body.proxy).toBeUndefined();
    expect(removed.body.title).toBe('Handbook');
  });

  it.each([
    [{ title: 'x' }, /^title:/],
    [{ basename: 'b'.repeat(101) }, /^basename:/],
    [{ proxy: 'https://company.com/docs' }, /^proxy:/],
    [{ proxy: 'company.com' }, /^proxy:/],
    [{ agentsContext: 'maybe' }, /^agentsContext:/],
    [{ adaptiveContent: {} }, /^adaptiveContent\.enabled:/],
    [{ defaultSiteSpace: 'missing' }, /^defaultSiteSpace:/],
    [{ defaultSiteSection: 'any' }, /^defaultSiteSection: no section "any"/],
  ])('returns 400 for the update %j and changes nothing', async (body, message) => {
    const org = await newOrganization(server);
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body;
    const url = `/v1/orgs/${org.id}/sites/${site.id}`;
    const res = await server.api.patch(url, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await server.api.get(url)).body).toEqual(site);
  });

  it('sets the default site space', async () => {
    const { org, spaces } = await orgWithSpaces('Guide', 'API');
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', spaces })).body;
    const url = `/v1/orgs/${org.id}/sites/${site.id}`;
    const listed = (await server.api.get(`${url}/site-spaces`)).body.items;
    expect(listed.map((s: { default: boolean }) => s.default)).toEqual([true, false]);
    expect((await server.api.patch(url, { defaultSiteSpace: listed[1].id })).status).toBe(200);
    const after = (await server.api.get(`${url}/site-spaces`)).body.items;
    expect(after.map((s: { default: boolean }) => s.default)).toEqual([false, true]);
  });

  it('publishes and unpublishes a site, giving it a published URL while live', async () => {
    const org = await newOrganization(server);
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body;
    const url = `/v1/orgs/${org.id}/sites/${site.id}`;
    const published = await server.api.post(`${url}/publish`);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ published: true, urls: { published: expect.stringContaining(server.url) } });
    const unpublished = await server.api.post(`${url}/unpublish`);
    expect(unpublished.status).toBe(200);
    expect(unpublished.body.published).toBe(false);
    expect(unpublished.body.urls.published).toBeUndefined();
  });

  it('deletes a site (205), then it is gone (404) and a second delete is 204', async () => {
    const { org, spaces } = await orgWithSpaces('Guide');
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', spaces })).body;
    const url = `/v1/orgs/${org.id}/sites/${site.id}`;
    expect((await server.api.delete(url)).status).toBe(205);
    expect((await server.api.get(url)).status).toBe(404);
    expect((await server.api.delete(url)).status).toBe(204);
    expect((await server.api.get(`/v1/orgs/${org.id}/sites`)).body.count).toBe(0);
    // The space itself stays.
    expect((await server.api.get(`/v1/spaces/${spaces[0]}`)).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const org = await newOrganization(server);
    const res = await server.as(undefined).get(`/v1/orgs/${org.id}/sites`);
    expect(res.status).toBe(401);
  });

  it('lets members read sites and only admins create, change, publish and delete them', async () => {
    const org = await newOrganization(server);
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body;
    const url = `/v1/orgs/${org.id}/sites/${site.id}`;
    for (const role of ['read', 'edit', 'create']) {
      const member = await org.member(role);
      expect((await member.api.get(`/v1/orgs/${org.id}/sites`)).body.count).toBe(1);
      expect((await member.api.get(url)).status).toBe(200);
      expect((await member.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Mine' })).status).toBe(403);
      expect((await member.api.patch(url, { title: 'Renamed' })).status).toBe(403);
      expect((await member.api.post(`${url}/publish`)).status).toBe(403);
      expect((await member.api.post(`${url}/unpublish`)).status).toBe(403);
      const refused = await member.api.delete(url);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toMatch(/admin/);
    }
    const admin = await org.member('admin');
    expect((await admin.api.patch(url, { title: 'Renamed' })).body.title).toBe('Renamed');
    expect((await admin.api.post(`${url}/publish`)).body.published).toBe(true);
    expect((await admin.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Theirs' })).status).toBe(201);
  });

  it('shows guests no sites and non-members nothing (404)', async () => {
    const org = await newOrganization(server);
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body;
    const url = `/v1/orgs/${org.id}/sites/${site.id}`;
    const guest = await org.member(null, 'guest');
    expect((await guest.api.get(`/v1/orgs/${org.id}/sites`)).body.count).toBe(0);
    expect((await guest.api.get(url)).status).toBe(404);

    const stranger = server.as(server.userToken('site-stranger@example.com').token);
    expect((await stranger.get(`/v1/orgs/${org.id}/sites`)).status).toBe(404);
    expect((await stranger.get(url)).status).toBe(404);
    expect((await stranger.post(`/v1/orgs/${org.id}/sites`, { title: 'Nope' })).status).toBe(404);
    expect((await stranger.patch(url, { title: 'Nope' })).status).toBe(404);
    expect((await stranger.post(`${url}/publish`)).status).toBe(404);
    expect((await stranger.delete(url)).status).toBe(404);
    expect((await server.api.get(url)).body.title).toBe('Docs');
  });
});
