import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

type Node = { id: string; object: string; sections?: Node[]; siteSpaces?: Node[] };

async function siteWithSections(...titles: string[]) {
  const org = await newOrganization(server);
  const created = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body;
  const url = `/v1/orgs/${org.id}/sites/${created.id}`;
  const sections: Node[] = [];
  for (const title of titles) {
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title })).body.id;
    sections.push((await server.api.post(`${url}/sections`, { spaceId: space })).body);
  }
  return { org, url, sections, ids: sections.map((s) => s.id) };
}

/** The structure as ids: a section is id or {id: [site space ids]}; a group is [group id, ...sections]. */
async function outline(url: string) {
  const { structure } = (await server.api.get(`${url}/structure`)).body;
  return structure.map((i: Node) => (i.object === 'site-section-group' ? [i.id, ...i.sections!.map((s) => s.id)] : i.id));
}
const spacesOf = async (url: string) =>
  Object.fromEntries(
    (await server.api.get(`${url}/sections`)).body.items.map((s: Node) => [s.id, s.siteSpaces!.map((v) => v.id)]),
  );
const sort = (url: string, item: object, position: object) => server.api.patch(`${url}/structure/sort`, { item, position });

describe('site structure', () => {
  it('is root site spaces in order for a site without sections, and sorts them', async () => {
    const org = await newOrganization(server);
    const created = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body;
    const url = `/v1/orgs/${org.id}/sites/${created.id}`;
    const rows: string[] = [];
    for (const title of ['A1', 'B2', 'C3']) {
      const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title })).body.id;
      rows.push((await server.api.post(`${url}/site-spaces`, { spaceId: space })).body.id);
    }
    const res = await sort(url, { type: 'site-space', id: rows[2] }, { before: { type: 'site-space', id: rows[0] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'site-space', id: rows[2] });
    const structure = (await server.api.get(`${url}/structure`)).body;
    expect(structure.type).toBe('siteSpaces');
    expect(structure.structure.map((s: Node) => s.id)).toEqual([rows[2], rows[0], rows[1]]);
    expect((await server.api.get(`${url}/site-spaces`)).body.items.map((s: Node) => s.id)).toEqual([rows[2], rows[0], rows[1]]);
    const moved = await server.api.post(`${url}/site-spaces/${rows[2]}/move`, { position: { after: { type: 'site-space', siteSpace: rows[1] } } });
    expect(moved.body).toMatchObject({ object: 'site-space', id: rows[2] });
    expect((await server.api.get(`${url}/structure`)).body.structure.map((s: Node) => s.id)).toEqual([rows[0], rows[1], rows[2]]);
  });

  it('sorts sections with sortSiteStructure and with the deprecated move', async () => {
    const { url, ids: [a, b, c] } = await siteWithSections('A1', 'B2', 'C3');
    const res = await sort(url, { type: 'site-section', id: c }, { before: { type: 'site-section', id: a } });
    expect(res.body).toMatchObject({ object: 'site-section', id: c });
    expect(await outline(url)).toEqual([c, a, b]);
    const moved = await server.api.post(`${url}/sections/${c}/move`, { position: { after: { type: 'site-section', siteSection: b } } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ object: 'site-section', id: c });
    expect(await outline(url)).toEqual([a, b, c]);
  });

  it('moves a section into a group by placing it next to a grouped section, and out again', async () => {
    const { url, ids: [a, b, c] } = await siteWithSections('A1', 'B2', 'C3');
    const group = (await server.api.post(`${url}/section-groups`, { title: 'G', sections: [a, b] })).body;
    await sort(url, { type: 'site-section', id: c }, { after: { type: 'site-section', id: a } });
    expect(await outline(url)).toEqual([[group.id, a, c, b]]);
    const [section] = (await server.api.get(`${url}/sections`)).body.items.filter((s: Node) => s.id === c);
    expect(section.sectionGroup).toBe(group.id);
    await sort(url, { type: 'site-section', id: b }, { before: { type: 'site-section-group', id: group.id } });
    expect(await outline(url)).toEqual([b, [group.id, a, c]]);
  });

  it('moves groups before and after sections and groups, also with the deprecated move', async () => {
    const { url, ids: [a, b, c] } = await siteWithSections('A1', 'B2', 'C3');
    const g = (await server.api.post(`${url}/section-groups`, { title: 'G', sections: [c] })).body;
    const res = await sort(url, { type: 'site-section-group', id: g.id }, { before: { type: 'site-section', id: a } });
    expect(res.body).toMatchObject({ object: 'site-section-group', id: g.id, sections: [{ id: c }] });
    expect(await outline(url)).toEqual([[g.id, c], a, b]);
    const h = (await server.api.post(`${url}/section-groups`, { title: 'H' })).body;
    const moved = await server.api.post(`${url}/section-groups/${h.id}/move`, { position: { after: { type: 'site-section-group', id: g.id } } });
    expect(moved.status).toBe(200);
    expect(await outline(url)).toEqual([[g.id, c], [h.id], a, b]);
  });

  it('moves a site space into another section by placing it next to one of its site spaces', async () => {
    const { url, sections: [one, two] } = await siteWithSections('Guide', 'Guide');
    const [first] = one!.siteSpaces!;
    const [second] = two!.siteSpaces!;
    const res = await sort(url, { type: 'site-space', id: second!.id }, { after: { type: 'site-space', id: first!.id } });
    expect(res.body).toMatchObject({ id: second!.id, section: one!.id, path: 'guide-2', default: false });
    expect(await spacesOf(url)).toEqual({ [one!.id]: [first!.id, second!.id], [two!.id]: [] });
  });

  it.each([
    ['both before and after', (x: Ids) => [{ type: 'site-section', id: x.a }, { before: { type: 'site-section', id: x.b }, after: { type: 'site-section', id: x.b } }], /^position:/],
    ['no position', (x: Ids) => [{ type: 'site-section', id: x.a }, {}], /^position:/],
    ['a section next to a site space', (x: Ids) => [{ type: 'site-section', id: x.a }, { before: { type: 'site-space', id: x.space } }], /^position\.before:/],
    ['a site space next to a section', (x: Ids) => [{ type: 'site-space', id: x.space }, { after: { type: 'site-section', id: x.a } }], /^position\.after:/],
    ['a group inside a group', (x: Ids) => [{ type: 'site-section-group', id: x.h }, { before: { type: 'site-section', id: x.c } }], /^position\.before: .*inside a group/],
    ['an unknown target', (x: Ids) => [{ type: 'site-section', id: x.a }, { before: { type: 'site-section', id: 'missing' } }], /^position\.before: no site-section/],
    ['an unknown type', (x: Ids) => [{ type: 'page', id: x.a }, { before: { type: 'site-section', id: x.b } }], /^item\.type:/],
  ])('returns 400 for sorting %s and changes nothing', async (_what, body, message) => {
    const { url, ids: [a, b, c], sections } = await siteWithSections('A1', 'B2', 'C3');
    const g = (await server.api.post(`${url}/section-groups`, { title: 'G', sections: [c] })).body;
    const h = (await server.api.post(`${url}/section-groups`, { title: 'H' })).body;
    const before = await outline(url);
    const [item, position] = body({ a: a!, b: b!, c: c!, g: g.id, h: h.id, space: sections[0]!.siteSpaces![0]!.id });
    const res = await sort(url, item!, position!);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect(await outline(url)).toEqual(before);
  });

  it('answers 404 for an unknown item, 403 to a non-admin member and 404 to a non-member', async () => {
    const { org, url, ids: [a, b] } = await siteWithSections('A1', 'B2');
    const position = { before: { type: 'site-section', id: a } };
    expect((await sort(url, { type: 'site-section', id: 'missing' }, position)).status).toBe(404);
    expect((await server.api.post(`${url}/site-spaces/missing/move`, { position: { before: { type: 'site-space', siteSpace: 'x' } } })).status).toBe(404);
    const member = await org.member('edit');
    expect((await member.api.get(`${url}/structure`)).status).toBe(200);
    expect((await member.api.patch(`${url}/structure/sort`, { item: { type: 'site-section', id: b }, position })).status).toBe(403);
    const stranger = server.as(server.userToken('structure-stranger@example.com').token);
    expect((await stranger.get(`${url}/structure`)).status).toBe(404);
    expect((await stranger.patch(`${url}/structure/sort`, { item: { type: 'site-section', id: b }, position })).status).toBe(404);
    expect(await outline(url)).toEqual([a, b]);
  });
});

type Ids = { a: string; b: string; c: string; g: string; h: string; space: string };
