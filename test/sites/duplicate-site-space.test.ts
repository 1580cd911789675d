import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { spaceWithPages } from './preview/preview-support';

const server = useTestServer();

async function siteOver(spaceCount: number) {
  const org = await newOrganization(server);
  const spaces = [];
  for (let i = 0; i < spaceCount; i += 1) spaces.push(await spaceWithPages(server, org.id, `Space ${i + 1}`, [{ title: 'Intro', markdown: `# Intro\n\nSpace ${i + 1} text.\n` }]));
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', spaces: spaces.map((s) => s.id) })).body;
  const url = `/v1/orgs/${org.id}/sites/${site.id}`;
  const siteSpaces = (await server.api.get(`${url}/site-spaces`)).body.items as Array<{ id: string; space: { id: string } }>;
  return { org, spaces, url, siteSpaces };
}

describe('duplicating a site space', () => {
  it('copies the space with its content and adds it beside the original at the root (201, Location)', async () => {
    const { url, siteSpaces, spaces } = await siteOver(2);
    const res = await server.api.post(`${url}/site-spaces/${siteSpaces[0]!.id}/duplicate`, {});
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`${server.url}${url}/site-spaces/${res.body.id}`);
    expect(res.body).toMatchObject({ object: 'site-space', title: 'Space 1', path: 'space-1-2' });
    const copyId = res.body.space.id as string;
    expect(copyId).not.toBe(spaces[0]!.id);
    const pages = (await server.api.get(`/v1/spaces/${copyId}/content`)).body.pages as Array<{ title: string }>;
    expect(pages.map((page) => page.title)).toEqual(['Intro']);
    const order = (await server.api.get(`${url}/site-spaces`)).body.items.map((row: { id: string }) => row.id);
    expect(order).toEqual([siteSpaces[0]!.id, res.body.id, siteSpaces[1]!.id]);
  });

  it("puts the copy of a section's only variant in a new section right after it", async () => {
    const { org, url, siteSpaces } = await siteOver(1);
    const other = await spaceWithPages(server, org.id, 'Other', [{ title: 'Other page', markdown: '# Other\n' }]);
    await server.api.post(`${url}/sections`, { spaceId: other.id });
    const res = await server.api.post(`${url}/site-spaces/${siteSpaces[0]!.id}/duplicate`);
    expect(res.status).toBe(201);
    const structure = (await server.api.get(`${url}/structure`)).body;
    expect(structure.type).toBe('sections');
    const variants = structure.structure.map((section: { siteSpaces: Array<{ id: string }> }) => section.siteSpaces.map((row) => row.id));
    expect(variants).toEqual([[siteSpaces[0]!.id], [res.body.id], [expect.any(String)]]);
    expect(res.body.section).toBe(structure.structure[1].id);
  });

  it('adds the copy as a variant when the section has several', async () => {
    const { org, url, siteSpaces } = await siteOver(1);
    const other = await spaceWithPages(server, org.id, 'Other', [{ title: 'Other page', markdown: '# Other\n' }]);
    await server.api.post(`${url}/sections`, { spaceId: other.id });
    const sectionId = (await server.api.get(`${url}/structure`)).body.structure[0].id;
    const v2 = await spaceWithPages(server, org.id, 'V2', [{ title: 'V2 page', markdown: '# V2\n' }]);
    await server.api.post(`${url}/site-spaces`, { spaceId: v2.id, sectionId });
    const res = await server.api.post(`${url}/site-spaces/${siteSpaces[0]!.id}/duplicate`, {});
    expect(res.body.section).toBe(sectionId);
    const structure = (await server.api.get(`${url}/structure`)).body;
    expect(structure.structure).toHaveLength(2);
    expect(structure.structure[0].siteSpaces.map((row: { id: string }) => row.id)).toEqual([siteSpaces[0]!.id, res.body.id, expect.any(String)]);
  });

  it('refuses drafts (400), an unknown site space (404) and members without the admin role (403)', async () => {
    const { org, url, siteSpaces } = await siteOver(1);
    const draft = await server.api.post(`${url}/site-spaces/${siteSpaces[0]!.id}/duplicate`, { draft: true });
    expect(draft.status).toBe(400);
    expect(draft.body.error.message).toMatch(/^draft:/);
    expect((await server.api.post(`${url}/site-spaces/nope/duplicate`, {})).status).toBe(404);
    const editor = await org.member('edit');
    expect((await editor.api.post(`${url}/site-spaces/${siteSpaces[0]!.id}/duplicate`, {})).status).toBe(403);
    expect((await server.api.get(`${url}/site-spaces`)).body.count).toBe(1);
  });
});
