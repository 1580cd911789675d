import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

async function siteFixture() {
  const org = await newOrganization(server);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility: 'share-link', spaces: 'empty' })).body as { id: string };
  const url = `/v1/orgs/${org.id}/sites/${site.id}`;
  return { org, site, url, links: `${url}/share-links` };
}

const keyOf = (link: { urls: { published?: string } }) => new URL(link.urls.published!).searchParams.get('shareKey');

describe('site share links', () => {
  it('creates an active link (201, Location) whose URL appears once the site is published', async () => {
    const { url, links, site } = await siteFixture();
    const created = await server.api.post(links, { name: 'Partners' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'share-link', name: 'Partners', active: true, urls: {} });
    expect(created.headers.get('location')).toBe(`${server.url}${links}/${created.body.id}`);

    await server.api.post(`${url}/publish`);
    const [listed] = (await server.api.get(links)).body.items;
    expect(listed.urls.published).toMatch(new RegExp(`^${server.url}/sites/${site.id}/\\?shareKey=[\\w-]{32}$`));
  });

  it('gives every link its own random key', async () => {
    const { url, links } = await siteFixture();
    await server.api.post(`${url}/publish`);
    const a = (await server.api.post(links, { name: 'A' })).body;
    const b = (await server.api.post(links, { name: 'B' })).body;
    expect(keyOf(a)).toMatch(/^[\w-]{32}$/);
    expect(keyOf(a)).not.toBe(keyOf(b));
  });

  it('lists links oldest first, page by page, with the count over every page', async () => {
    const { links } = await siteFixture();
    const made = [];
    for (const name of ['one', 'two', 'three']) made.push((await server.api.post(links, { name })).body.id);
    const first = await server.api.get(`${links}?limit=2`);
    expect(first.body.items.map((l: { id: string }) => l.id)).toEqual(made.slice(0, 2));
    expect(first.body.count).toBe(3);
    const second = await server.api.get(`${links}?limit=2&page=${encodeURIComponent(first.body.next.page)}`);
    expect(second.body.items.map((l: { id: string }) => l.id)).toEqual(made.slice(2));
    expect(second.body.next).toBeUndefined();
    expect((await server.api.get(`${links}?limit=0`)).status).toBe(400);
    expect((await server.api.get(`${links}?page=forged`)).body.error.message).toMatch(/^page:/);
  });

  it('deactivates, reactivates and renames a link, keeping its key', async () => {
    const { url, links } = await siteFixture();
    await server.api.post(`${url}/publish`);
    const link = (await server.api.post(links, { name: 'Beta' })).body;
    const off = await server.api.patch(`${links}/${link.id}`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: link.id, name: 'Beta', active: false });
    const renamed = await server.api.patch(`${links}/${link.id}`, { name: 'Beta testers', active: true });
    expect(renamed.body).toMatchObject({ name: 'Beta testers', active: true });
    expect(keyOf(renamed.body)).toBe(keyOf(link));
  });

  it('deletes a link (205), and a second delete is 204', async () => {
    const { links } = await siteFixture();
    const link = (await server.api.post(links, { name: 'Gone soon' })).body;
    expect((await server.api.delete(`${links}/${link.id}`)).status).toBe(205);
    expect((await server.api.get(links)).body.count).toBe(0);
    expect((await server.api.delete(`${links}/${link.id}`)).status).toBe(204);
    expect((await server.api.patch(`${links}/${link.id}`, { active: false })).status).toBe(404);
  });

  it('accepts names of 0 to 50 characters', async () => {
    const { links } = await siteFixture();
    expect((await server.api.post(links, { name: '' })).body.name).toBe('');
    expect((await server.api.post(links, { name: 'n'.repeat(50) })).status).toBe(201);
  });

  it.each([
    [{ name: 'n'.repeat(51) }, /^name:/],
    [{}, /^name:/],
    [{ name: 42 }, /^name:/],
    [{ name: 'ok', key: 'mine' }, /key/],
  ])('returns 400 for %j and creates nothing', async (body, message) => {
    const { links } = await siteFixture();
    const res = await server.api.post(links, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await server.api.get(links)).body.count).toBe(0);
  });

  it.each([
    [{ name: 'n'.repeat(51) }, /^name:/],
    [{ active: 'yes' }, /^active:/],
    [{}, /at least one of active, name/],
  ])('returns 400 for the update %j', async (body, message) => {
    const { links } = await siteFixture();
    const link = (await server.api.post(links, { name: 'Keep' })).body;
    const res = await server.api.patch(`${links}/${link.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
  });

  it('keeps share links (secrets) to admins: 403 for other members, reading included', async () => {
    const { org, links } = await siteFixture();
    const link = (await server.api.post(links, { name: 'Secret' })).body;
    for (const role of ['read', 'edit', 'create']) {
      const member = await org.member(role);
      expect((await member.api.get(links)).status).toBe(403);
      expect((await member.api.post(links, { name: 'Mine' })).status).toBe(403);
      expect((await member.api.patch(`${links}/${link.id}`, { active: false })).status).toBe(403);
      expect((await member.api.delete(`${links}/${link.id}`)).status).toBe(403);
    }
    const admin = await org.member('admin');
    expect((await admin.api.post(links, { name: 'Theirs' })).status).toBe(201);
    expect((await server.api.get(links)).body.count).toBe(2);
    expect((await server.api.get(links)).body.items[0].active).toBe(true);
  });

  it('answers 404 to non-members and for links of another site', async () => {
    const { links } = await siteFixture();
    const link = (await server.api.post(links, { name: 'Mine' })).body;
    const stranger = server.as(server.userToken('share-stranger@example.com').token);
    expect((await stranger.get(links)).status).toBe(404);
    expect((await stranger.post(links, { name: 'Nope' })).status).toBe(404);
    expect((await stranger.patch(`${links}/${link.id}`, { active: false })).status).toBe(404);
    expect((await stranger.delete(`${links}/${link.id}`)).status).toBe(404);

    const other = await siteFixture();
    expect((await server.api.patch(`${other.links}/${link.id}`, { active: false })).status).toBe(404);
    expect((await server.api.delete(`${other.links}/${link.id}`)).status).toBe(204);
    expect((await server.api.get(links)).body.items[0].active).toBe(true);
  });
});
