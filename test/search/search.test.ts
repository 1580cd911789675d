import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createPage, deletePage, setPageMarkdown } from '../../src-main/content/pages-service';
import { toFtsQuery } from '../../src-main/search/service';
import { getUserById } from '../../src-main/store/users';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();
let owner: ServiceContext;
beforeAll(() => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
});

async function space(orgId: string, title = 'Docs') {
  return (await server.api.post(`/v1/orgs/${orgId}/spaces`, { title })).body.id as string;
}

const pageTitles = (res: { body: { items: Array<{ title: string }> } }) => res.body.items.map((i) => i.title);

describe('GET /v1/spaces/{spaceId}/search', () => {
  it('ranks a title match above a body match and splits results into sections by heading', async () => {
    const org = await newOrganization(server);
    const id = await space(org.id);
    createPage(owner, id, { title: 'Overview', markdown: 'Folio can install itself anywhere.\n' });
    createPage(owner, id, {
      title: 'Install',
      markdown: 'Start here.\n\n## On Linux\n\nRun the installer.\n\n## On macOS\n\nDrag the app.\n',
    });
    const res = await server.api.get(`/v1/spaces/${id}/search?query=install`);
    expect(pageTitles(res)).toEqual(['Install', 'Overview']);
    const install = res.body.items[0];
    expect(install.path).toBe('install');
    expect(install.sections[0]).toMatchObject({ title: 'Install', path: 'install' });
    const linux = await server.api.get(`/v1/spaces/${id}/search?query=installer`);
    expect(linux.body.items[0].sections).toEqual([
      expect.objectContaining({ title: 'On Linux', path: 'install#on-linux', body: 'Run the installer.' }),
    ]);
    expect(linux.body.items[0].sections[0].urls.app).toBe(`${server.url}/s/${id}/install#on-linux`);
  });

  it('requires every word, and matches the last one as a prefix', async () => {
    const org = await newOrganization(server);
    const id = await space(org.id);
    createPage(owner, id, { title: 'Alpha', markdown: 'configure the database connection' });
    createPage(owner, id, { title: 'Beta', markdown: 'configure the cache' });
    expect(pageTitles(await server.api.get(`/v1/spaces/${id}/search?query=configure%20data`))).toEqual(['Alpha']);
    expect(pageTitles(await server.api.get(`/v1/spaces/${id}/search?query=configure%20ca`))).toEqual(['Beta']);
    expect(pageTitles(await server.api.get(`/v1/spaces/${id}/search?query=configure`)).sort()).toEqual(['Alpha', 'Beta']);
    expect(pageTitles(await server.api.get(`/v1/spaces/${id}/search?query=database%20cache`))).toEqual([]);
  });

  it('follows edits and deletions at once', async () => {
    const org = await newOrganization(server);
    const id = await space(org.id);
    const { pageId } = createPage(owner, id, { title: 'Notes', markdown: 'old wording' });
    setPageMarkdown(owner, id, pageId, 'new phrasing');
    expect(pageTitles(await server.api.get(`/v1/spaces/${id}/search?query=wording`))).toEqual([]);
    expect(pageTitles(await server.api.get(`/v1/spaces/${id}/search?query=phrasing`))).toEqual(['Notes']);
    deletePage(owner, id, pageId);
    expect(pageTitles(await server.api.get(`/v1/spaces/${id}/search?query=phrasing`))).toEqual([]);
  });

  it('pages through results', async () => {
    const org = await newOrganization(server);
    const id = await space(org.id);
    for (let i = 0; i < 5; i += 1) createPage(owner, id, { title: `Topic ${i}`, markdown: 'shared keyword' });
    const first = await server.api.get(`/v1/spaces/${id}/search?query=keyword&limit=3`);
    expect(first.body).toMatchObject({ count: 5, next: { page: expect.any(String) } });
    const second = await server.api.get(`/v1/spaces/${id}/search?query=keyword&limit=3&page=${first.body.next.page}`);
    expect(new Set([...pageTitles(first), ...pageTitles(second)]).size).toBe(5);
    expect(second.body.next).toBeUndefined();
    expect((await server.api.get(`/v1/spaces/${id}/search?query=keyword&page=nonsense`)).status).toBe(400);
  });

  it('shows a page once, with every matching section best first, ranked by its best section', async () => {
    const org = await newOrganization(server);
    const id = await space(org.id);
    createPage(owner, id, { title: 'Guide', markdown: 'Intro.\n\n## Setup\n\nA word on caching.\n\n## Caching\n\nCaching, caching and caching.\n' });
    createPage(owner, id, { title: 'Caching', markdown: 'All about caching.\n' });
    const res = await server.api.get(`/v1/spaces/${id}/search?query=caching`);
    expect(res.body.count).toBe(2);
    // The guide's Caching section matches in its title and three times in its body: the best section of all.
    expect(pageTitles(res)).toEqual(['Guide', 'Caching']);
    expect(res.body.items[0].sections.map((s: { title: string }) => s.title)).toEqual(['Caching', 'Setup']);
    expect(res.body.items[0].sections[1]).toMatchObject({ path: 'guide#setup', body: 'A word on caching.' });
  });

  it('counts every result on every page of them, past the last one too', async () => {
    const org = await newOrganization(server);
    const id = await space(org.id);
    for (let i = 0; i < 3; i += 1) createPage(owner, id, { title: `Note ${i}`, markdown: 'sharedword' });
    const first = await server.api.get(`/v1/spaces/${id}/search?query=sharedword&limit=2`);
    const last = await server.api.get(`/v1/spaces/${id}/search?query=sharedword&limit=2&page=${first.body.next.page}`);
    expect([first.body.count, last.body.count, pageTitles(last).length]).toEqual([3, 3, 1]);
    const beyond = Buffer.from(JSON.stringify({ o: 10 })).toString('base64url');
    const past = await server.api.get(`/v1/spaces/${id}/search?query=sharedword&page=${beyond}`);
    expect(past.body).toMatchObject({ items: [], count: 3 });
  });

  it.each([
    ['', /^query:/],
    [`query=${'a'.repeat(513)}`, /^query:/],
  ])('returns 400 for %s', async (qs, message) => {
    const org = await newOrganization(server);
    const id = await space(org.id);
    const res = await server.api.get(`/v1/spaces/${id}/search?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
  });

  it('treats search syntax in the query as words', async () => {
    expect(toFtsQuery('title:"x" OR NEAR(a b)')).toBe('"title" "x" "OR" "NEAR" "a" "b"*');
    const org = await newOrganization(server);
    const id = await space(org.id);
    expect((await server.api.get(`/v1/spaces/${id}/search?query=${encodeURIComponent('"unbalanced AND (')}`)).status).toBe(200);
  });
});

describe('GET /v1/orgs/{organizationId}/search', () => {
  it('searches every space the caller can read, grouped by space', async () => {
    const org = await newOrganization(server);
    const handbook = await space(org.id, 'Handbook');
    const api = await space(org.id, 'API');
    createPage(owner, handbook, { title: 'Holidays', markdown: 'Vacation policy' });
    createPage(owner, api, { title: 'Rate limits', markdown: 'vacation is not a rate limit' });
    const other = await newOrganization(server);
    createPage(owner, await space(other.id, 'Elsewhere'), { title: 'Vacation elsewhere', markdown: 'vacation' });

    const res = await server.api.get(`/v1/orgs/${org.id}/search?query=vacation`);
    expect(res.body.items.map((s: { title: string }) => s.title).sort()).toEqual(['API', 'Handbook']);
    expect(res.body.items.find((s: { id: string }) => s.id === handbook).pages[0].title).toBe('Holidays');
  });

  it('shows guests nothing, hides deleted spaces, and answers 404 to outsiders', async () => {
    const org = await newOrganization(server);
    const id = await space(org.id);
    createPage(owner, id, { title: 'Secret plan', markdown: 'confidential' });
    const guest = await org.member(null);
    expect((await guest.api.get(`/v1/orgs/${org.id}/search?query=confidential`)).body.items).toEqual([]);
    const reader = await org.member('read');
    expect((await reader.api.get(`/v1/orgs/${org.id}/search?query=confidential`)).body.items).toHaveLength(1);
    await server.api.delete(`/v1/spaces/${id}`);
    expect((await reader.api.get(`/v1/orgs/${org.id}/search?query=confidential`)).body.items).toEqual([]);
    const outsider = server.userToken('search-outsider@example.com');
    expect((await server.as(outsider.token).get(`/v1/orgs/${org.id}/search?query=confidential`)).status).toBe(404);
  });
});
