import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

type Item = { id: string };

/** A site with one section per title; returns the section ids in order. */
async function siteWithSections(...titles: string[]) {
  const org = await newOrganization(server);
  const created = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body;
  const url = `/v1/orgs/${org.id}/sites/${created.id}`;
  const sections: string[] = [];
  for (const title of titles) {
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title })).body.id;
    sections.push((await server.api.post(`${url}/sections`, { spaceId: space })).body.id);
  }
  return { org, url, sections };
}

/** The structure as ids: a section id, or [group id, ...section ids]. */
async function outline(url: string) {
  const { structure } = (await server.api.get(`${url}/structure`)).body;
  return structure.map((i: Item & { object: string; sections?: Item[] }) => (i.object === 'site-section-group' ? [i.id, ...i.sections!.map((s) => s.id)] : i.id));
}

describe('site section groups', () => {
  it('creates a group where its first section was, holding its sections in the given order', async () => {
    const { url, sections: [a, b, c, d] } = await siteWithSections('A1', 'B2', 'C3', 'D4');
    const res = await server.api.post(`${url}/section-groups`, { title: 'Products', icon: 'box', sections: [c, b] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ object: 'site-section-group', title: 'Products', icon: 'box', sections: [{ id: c, sectionGroup: res.body.id }, { id: b }] });
    expect(res.headers.get('location')).toBe(`${server.url}${url}/section-groups/${res.body.id}`);
    expect(await outline(url)).toEqual([a, [res.body.id, c, b], d]);
    const empty = (await server.api.post(`${url}/section-groups`, { title: 'E' })).body;
    expect(await outline(url)).toEqual([a, [res.body.id, c, b], d, [empty.id]]);
    const listed = await server.api.get(`${url}/section-groups?limit=1`);
    expect(listed.body.count).toBe(2);
    expect(listed.body.items.map((g: Item) => g.id)).toEqual([res.body.id]);
  });

  it('adds a section at the end of a group and takes it out to just after the group', async () => {
    const { url, sections: [a, b, c] } = await siteWithSections('A1', 'B2', 'C3');
    const group = (await server.api.post(`${url}/section-groups`, { title: 'G', sections: [a] })).body;
    const added = await server.api.post(`${url}/section-groups/${group.id}/sections`, { sectionId: c });
    expect(added.status).toBe(201);
    expect(added.body.sections.map((s: Item) => s.id)).toEqual([a, c]);
    expect(await outline(url)).toEqual([[group.id, a, c], b]);
    expect((await server.api.delete(`${url}/section-groups/${group.id}/sections/${a}`)).status).toBe(205);
    expect((await server.api.delete(`${url}/section-groups/${group.id}/sections/${a}`)).status).toBe(204);
    expect(await outline(url)).toEqual([[group.id, c], a, b]);
  });

  it('renames a group and removes its icon with null', async () => {
    const { url } = await siteWithSections('A1');
    const group = (await server.api.post(`${url}/section-groups`, { title: 'G', icon: 'box' })).body;
    const res = await server.api.patch(`${url}/section-groups/${group.id}`, { title: 'Renamed', icon: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ object: 'site-section-group', id: group.id, title: 'Renamed', draft: false, sections: [], children: [] });
  });

  it('deletes a group (205, then 204), its sections back at the top level in place and in order', async () => {
    const { url, sections: [a, b, c] } = await siteWithSections('A1', 'B2', 'C3');
    const group = (await server.api.post(`${url}/section-groups`, { title: 'G', sections: [b, a] })).body;
    expect(await outline(url)).toEqual([[group.id, b, a], c]);
    expect((await server.api.delete(`${url}/section-groups/${group.id}`)).status).toBe(205);
    expect((await server.api.delete(`${url}/section-groups/${group.id}`)).status).toBe(204);
    expect(await outline(url)).toEqual([b, a, c]);
    expect((await server.api.get(`${url}/sections`)).body.items.every((s: { sectionGroup?: string }) => s.sectionGroup === undefined)).toBe(true);
  });

  it.each([
    [{}, /^title:/],
    [{ title: '' }, /^title:/],
    [{ title: 't'.repeat(101) }, /^title:/],
    [{ title: 'G', icon: 'i'.repeat(51) }, /^icon:/],
    [{ title: 'G', sections: ['missing'] }, /^sections\.0: no section/],
    [{ title: 'G', sections: ['FIRST', 'FIRST'] }, /^sections\.1: .*twice/],
  ])('returns 400 for creating the group %j and changes nothing', async (body: { title?: string; icon?: string; sections?: string[] }, message) => {
    const { url, sections } = await siteWithSections('A1');
    const before = await outline(url);
    const payload = { ...body, ...(body.sections ? { sections: body.sections.map((s: string) => (s === 'FIRST' ? sections[0] : s)) } : {}) };
    const res = await server.api.post(`${url}/section-groups`, payload);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect(await outline(url)).toEqual(before);
    expect((await server.api.get(`${url}/section-groups`)).body.count).toBe(0);
  });

  it('accepts the longest group title and refuses one past it on update', async () => {
    const { url } = await siteWithSections('A1');
    const group = (await server.api.post(`${url}/section-groups`, { title: 't'.repeat(100), icon: 'i'.repeat(50) })).body;
    expect(group.title).toHaveLength(100);
    const res = await server.api.patch(`${url}/section-groups/${group.id}`, { title: 't'.repeat(101) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^title:/);
    expect((await server.api.get(`${url}/section-groups`)).body.items[0].title).toHaveLength(100);
  });

  it('refuses a group in a site without sections', async () => {
    const org = await newOrganization(server);
    const created = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body;
    const res = await server.api.post(`/v1/orgs/${org.id}/sites/${created.id}/section-groups`, { title: 'G' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^sections: /);
  });

  it('answers 404 for unknown groups and 400 for an unknown section to add', async () => {
    const { url } = await siteWithSections('A1');
    expect((await server.api.patch(`${url}/section-groups/missing`, { title: 'G' })).status).toBe(404);
    expect((await server.api.post(`${url}/section-groups/missing/sections`, { sectionId: 'x' })).status).toBe(404);
    expect((await server.api.post(`${url}/section-groups/missing/move`, { position: { before: { type: 'site-section', id: 'x' } } })).status).toBe(404);
    const group = (await server.api.post(`${url}/section-groups`, { title: 'G' })).body;
    const res = await server.api.post(`${url}/section-groups/${group.id}/sections`, { sectionId: 'missing' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^sectionId: no section/);
  });

  it('lets members list groups, only admins change them; non-members get 404', async () => {
    const { org, url, sections } = await siteWithSections('A1');
    const group = (await server.api.post(`${url}/section-groups`, { title: 'G' })).body;
    const member = await org.member('review');
    expect((await member.api.get(`${url}/section-groups`)).body.count).toBe(1);
    expect((await member.api.post(`${url}/section-groups`, { title: 'H' })).status).toBe(403);
    expect((await member.api.patch(`${url}/section-groups/${group.id}`, { title: 'H' })).status).toBe(403);
    expect((await member.api.post(`${url}/section-groups/${group.id}/sections`, { sectionId: sections[0] })).status).toBe(403);
    expect((await member.api.delete(`${url}/section-groups/${group.id}`)).status).toBe(403);
    const stranger = server.as(server.userToken('groups-stranger@example.com').token);
    expect((await stranger.get(`${url}/section-groups`)).status).toBe(404);
    expect((await stranger.delete(`${url}/section-groups/${group.id}`)).status).toBe(404);
    expect((await server.api.get(`${url}/section-groups`)).body.items).toEqual([group]);
  });
});
