import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

type Item = { id: string };
/** A condition that parses, `length` characters long. */
const longCondition = (length: number) => `visitor.claims.plan == "${'x'.repeat(length - 25)}"`;
const ids = (items: Item[]) => items.map((i) => i.id);

/** An organization, spaces with these titles, and an empty site. */
async function site(...titles: string[]) {
  const org = await newOrganization(server);
  const spaces: string[] = [];
  for (const title of titles) spaces.push((await server.api.post(`/v1/orgs/${org.id}/spaces`, { title })).body.id);
  const created = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body;
  return { org, spaces, site: created, url: `/v1/orgs/${org.id}/sites/${created.id}` };
}

describe('site sections', () => {
  it('adds a section holding the space as its first variant, titled after the space, the first being the default', async () => {
    const { spaces, url } = await site('Getting Started', 'API');
    const res = await server.api.post(`${url}/sections`, { spaceId: spaces[0] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ object: 'site-section', title: 'Getting Started', path: 'getting-started', default: true, urls: {} });
    expect(res.body.siteSpaces).toMatchObject([{ object: 'site-space', section: res.body.id, default: true, space: { id: spaces[0] } }]);
    expect(res.headers.get('location')).toBe(`${server.url}${url}/sections/${res.body.id}`);
    const second = await server.api.post(`${url}/sections`, { spaceId: spaces[1], title: 'Reference', icon: 'book' });
    expect(second.body).toMatchObject({ title: 'Reference', path: 'reference', icon: 'book', default: false });
    const listed = await server.api.get(`${url}/sections?shareKey=x`);
    expect(ids(listed.body.items)).toEqual([res.body.id, second.body.id]);
    expect(listed.body.count).toBe(2);
  });

  it('pads a one-letter space title to a valid section title and keeps section paths unique', async () => {
    const { spaces, url } = await site('A', 'Guide', 'Guide');
    expect((await server.api.post(`${url}/sections`, { spaceId: spaces[0], title: null })).body.title).toBe('A section');
    await server.api.post(`${url}/sections`, { spaceId: spaces[1] });
    expect((await server.api.post(`${url}/sections`, { spaceId: spaces[2] })).body.path).toBe('guide-2');
  });

  it('turns existing root site spaces into the default section when the first section is added', async () => {
    const { spaces, url } = await site('Guide', 'Changelog', 'API');
    const a = (await server.api.post(`${url}/site-spaces`, { spaceId: spaces[0] })).body;
    const b = (await server.api.post(`${url}/site-spaces`, { spaceId: spaces[1] })).body;
    expect((await server.api.get(`${url}/structure`)).body).toMatchObject({ type: 'siteSpaces', structure: [{ id: a.id }, { id: b.id }] });
    const added = (await server.api.post(`${url}/sections`, { spaceId: spaces[2] })).body;
    const structure = (await server.api.get(`${url}/structure`)).body;
    expect(structure.type).toBe('sections');
    expect(structure.structure).toMatchObject([
      { title: 'Guide', default: true, siteSpaces: [{ id: a.id, default: true, path: 'guide' }, { id: b.id, default: false }] },
      { id: added.id, default: false },
    ]);
    expect((await server.api.get(`${url}/site-spaces?default=true`)).body.items.map((s: Item) => s.id)).toEqual([a.id]);
  });

  it('adds a space to a section with POST site-spaces sectionId, its path unique only within the section', async () => {
    const { spaces, url } = await site('Guide', 'Guide');
    const one = (await server.api.post(`${url}/sections`, { spaceId: spaces[0], title: 'One' })).body;
    const two = (await server.api.post(`${url}/sections`, { spaceId: spaces[1], title: 'Two' })).body;
    expect(two.siteSpaces[0].path).toBe('guide');
    const variant = await server.api.post(`${url}/site-spaces`, { spaceId: spaces[1], sectionId: one.id });
    expect(variant.status).toBe(201);
    expect(variant.body).toMatchObject({ section: one.id, path: 'guide-2', default: false });
    const res = await server.api.patch(`${url}/site-spaces/${variant.body.id}`, { path: 'guide' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^path: "guide" is already/);
    expect((await server.api.post(`${url}/site-spaces`, { spaceId: spaces[0], sectionId: 'missing' })).body.error.message).toMatch(/^sectionId: no section/);
  });

  it('adds a space without sectionId to the default section once the site has sections', async () => {
    const { spaces, url } = await site('Guide', 'API');
    const section = (await server.api.post(`${url}/sections`, { spaceId: spaces[0] })).body;
    expect((await server.api.post(`${url}/site-spaces`, { spaceId: spaces[1] })).body.section).toBe(section.id);
  });

  it('updates a section, null removing the condition, icon and description and an omitted condition kept', async () => {
    const { spaces, url } = await site('Guide', 'Other');
    const section = (await server.api.post(`${url}/sections`, { spaceId: spaces[0] })).body;
    const variant = (await server.api.post(`${url}/site-spaces`, { spaceId: spaces[1], sectionId: section.id })).body;
    const target = `${url}/sections/${section.id}`;
    const res = await server.api.patch(target, {
      title: 'Handbook',
      path: 'handbook',
      defaultSiteSpace: variant.id,
      condition: 'visitor.claims.beta',
      icon: 'star',
      description: 'All about it',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Handbook', path: 'handbook', condition: 'visitor.claims.beta', icon: 'star', description: 'All about it' });
    expect(res.body.siteSpaces.map((s: { default: boolean }) => s.default)).toEqual([false, true]);
    const kept = await server.api.patch(target, { title: 'Handbook 2' });
    expect(kept.body.condition).toBe('visitor.claims.beta');
    const cleared = await server.api.patch(target, { condition: null, icon: null, description: null });
    expect(cleared.body.condition).toBeUndefined();
    expect(cleared.body.icon).toBeUndefined();
    expect(cleared.body.description).toBeUndefined();
  });

  it.each([
    [{ title: 'x' }, /^title:/],
    [{ title: 't'.repeat(129) }, /^title:/],
    [{ path: '' }, /^path:/],
    [{ path: 'p'.repeat(101) }, /^path:/],
    [{ condition: longCondition(1025) }, /^condition:/],
    [{ condition: '' }, /^condition:/],
    [{ icon: 'i'.repeat(51) }, /^icon:/],
    [{ description: 'd'.repeat(257) }, /^description:/],
    [{ path: 'taken' }, /^path: "taken" is already/],
    [{ defaultSiteSpace: 'missing' }, /^defaultSiteSpace:/],
    [{ defaultSiteSpace: 'other-section' }, /^defaultSiteSpace:/],
  ])('returns 400 for the section update %j and changes nothing', async (body: Record<string, string>, message) => {
    const { spaces, url } = await site('Guide', 'Taken');
    const section = (await server.api.post(`${url}/sections`, { spaceId: spaces[0] })).body;
    const other = (await server.api.post(`${url}/sections`, { spaceId: spaces[1], title: 'Taken' })).body;
    const payload = body.defaultSiteSpace === 'other-section' ? { defaultSiteSpace: other.siteSpaces[0].id } : body;
    const res = await server.api.patch(`${url}/sections/${section.id}`, payload);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await server.api.get(`${url}/sections`)).body.items[0]).toEqual(section);
  });

  it.each([
    [{}, /^spaceId:/],
    [{ spaceId: 'missing' }, /^spaceId: no space/],
    [{ spaceId: 'SPACE', title: 'x' }, /^title:/],
    [{ spaceId: 'SPACE', title: 't'.repeat(129) }, /^title:/],
    [{ spaceId: 'SPACE', icon: 'i'.repeat(51) }, /^icon:/],
  ])('returns 400 for adding the section %j and adds nothing', async (body, message) => {
    const { spaces, url } = await site('Guide', 'Root');
    await server.api.post(`${url}/site-spaces`, { spaceId: spaces[1] });
    const payload = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === 'SPACE' ? spaces[0] : v]));
    const res = await server.api.post(`${url}/sections`, payload);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await server.api.get(`${url}/sections`)).body.count).toBe(0);
    expect((await server.api.get(`${url}/structure`)).body.type).toBe('siteSpaces');
  });

  it('accepts the longest title, icon and description', async () => {
    const { spaces, url } = await site('Guide');
    const section = (await server.api.post(`${url}/sections`, { spaceId: spaces[0], title: 't'.repeat(128), icon: 'i'.repeat(50) })).body;
    const res = await server.api.patch(`${url}/sections/${section.id}`, { path: 'p'.repeat(100), description: 'd'.repeat(256), condition: longCondition(1024) });
    expect(res.body.error?.message).toBeUndefined();
    expect(res.status).toBe(200);
  });

  it('deletes a section and its site spaces (205, then 204), the default moving to the next section', async () => {
    const { spaces, url } = await site('Guide', 'API');
    const first = (await server.api.post(`${url}/sections`, { spaceId: spaces[0] })).body;
    const second = (await server.api.post(`${url}/sections`, { spaceId: spaces[1] })).body;
    expect((await server.api.delete(`${url}/sections/${first.id}`)).status).toBe(205);
    expect((await server.api.delete(`${url}/sections/${first.id}`)).status).toBe(204);
    expect((await server.api.get(`${url}/sections`)).body.items).toMatchObject([{ id: second.id, default: true }]);
    expect((await server.api.get(`${url}/site-spaces`)).body.items.map((s: Item) => s.id)).toEqual([second.siteSpaces[0].id]);
    expect((await server.api.get(url)).body.siteSpaces).toBe(1);
    expect((await server.api.delete(`${url}/sections/${second.id}`)).status).toBe(205);
    expect((await server.api.get(`${url}/structure`)).body).toEqual({ type: 'siteSpaces', structure: [] });
  });

  it('sets the default section and its default site space from the site settings', async () => {
    const { spaces, url } = await site('Guide', 'API', 'API v2');
    const first = (await server.api.post(`${url}/sections`, { spaceId: spaces[0] })).body;
    const second = (await server.api.post(`${url}/sections`, { spaceId: spaces[1] })).body;
    const v2 = (await server.api.post(`${url}/site-spaces`, { spaceId: spaces[2], sectionId: second.id })).body;
    const wrong = await server.api.patch(url, { defaultSiteSpace: v2.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/^defaultSiteSpace: .*not in the default section/);
    expect((await server.api.patch(url, { defaultSiteSection: second.id, defaultSiteSpace: v2.id })).status).toBe(200);
    const listed = (await server.api.get(`${url}/sections`)).body.items;
    expect(listed).toMatchObject([{ id: first.id, default: false }, { id: second.id, default: true }]);
    expect(listed[1].siteSpaces.map((s: { default: boolean }) => s.default)).toEqual([false, true]);
    expect((await server.api.get(`${url}/site-spaces?default=true`)).body.items.map((s: Item) => s.id)).toEqual([v2.id]);
    expect((await server.api.patch(url, { defaultSiteSection: 'missing' })).body.error.message).toMatch(/^defaultSiteSection: no section/);
  });

  it('gives published URLs under the section path', async () => {
    const { spaces, url } = await site('Guide');
    await server.api.post(`${url}/sections`, { spaceId: spaces[0] });
    const published = (await server.api.post(`${url}/publish`)).body;
    const [section] = (await server.api.get(`${url}/sections`)).body.items;
    expect(section.urls.published).toBe(`${published.urls.published}guide/`);
    expect(section.siteSpaces[0].urls.published).toBe(`${published.urls.published}guide/guide/`);
  });

  it('answers 404 for unknown sections and sites', async () => {
    const { org, url, spaces } = await site('Guide');
    expect((await server.api.patch(`${url}/sections/missing`, { title: 'New title' })).status).toBe(404);
    expect((await server.api.get(`/v1/orgs/${org.id}/sites/missing/sections`)).status).toBe(404);
    expect((await server.api.post(`/v1/orgs/${org.id}/sites/missing/sections`, { spaceId: spaces[0] })).status).toBe(404);
    expect((await server.api.post(`${url}/sections/missing/move`, { position: { before: { type: 'site-section', siteSection: 'x' } } })).status).toBe(404);
  });

  it('lets members list sections, only admins change them; non-members get 404', async () => {
    const { org, spaces, url } = await site('Guide', 'API');
    const section = (await server.api.post(`${url}/sections`, { spaceId: spaces[0] })).body;
    const member = await org.member('create');
    expect((await member.api.get(`${url}/sections`)).body.count).toBe(1);
    expect((await member.api.post(`${url}/sections`, { spaceId: spaces[1] })).status).toBe(403);
    expect((await member.api.patch(`${url}/sections/${section.id}`, { title: 'Nope' })).status).toBe(403);
    expect((await member.api.delete(`${url}/sections/${section.id}`)).status).toBe(403);
    const stranger = server.as(server.userToken('sections-stranger@example.com').token);
    expect((await stranger.get(`${url}/sections`)).status).toBe(404);
    expect((await stranger.patch(`${url}/sections/${section.id}`, { title: 'Nope' })).status).toBe(404);
    expect((await stranger.delete(`${url}/sections/${section.id}`)).status).toBe(404);
    expect((await server.api.get(`${url}/sections`)).body.items).toEqual([section]);
  });
});
