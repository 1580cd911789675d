import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { siteFetch, spaceWithPages } from './preview/preview-support';

const server = useTestServer();

/** A published public site with two sections, the second in a group. */
async function sectionedSite() {
  const org = await newOrganization(server);
  const guide = await spaceWithPages(server, org.id, 'Guide', [{ title: 'Intro', markdown: '# Intro\n' }]);
  const api = await spaceWithPages(server, org.id, 'API', [{ title: 'Endpoints', markdown: '# Endpoints\n' }]);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility: 'public', spaces: [guide.id] })).body;
  const url = `/v1/orgs/${org.id}/sites/${site.id}`;
  const section = (await server.api.post(`${url}/sections`, { spaceId: api.id })).body;
  const group = (await server.api.post(`${url}/section-groups`, { title: 'Reference', sections: [section.id] })).body;
  await server.api.post(`${url}/publish`);
  return { org, site, url, group, links: `${url}/external-links`, root: `/sites/${site.id}/` };
}

const navOf = (html: string) => /<nav class="site-sections"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';

describe('external links of a site', () => {
  it('adds a link at the top level and in a group (201, Location), and lists them', async () => {
    const { links, group } = await sectionedSite();
    const top = await server.api.post(links, { title: 'Blog', url: 'https://blog.example.com/', description: 'Our news', icon: 'newspaper' });
    expect(top.status).toBe(201);
    expect(top.body).toEqual({
      object: 'site-external-link',
      id: expect.any(String),
      title: 'Blog',
      description: 'Our news',
      icon: 'newspaper',
      url: 'https://blog.example.com/',
      draft: false,
    });
    expect(top.headers.get('location')).toBe(`${server.url}${links}/${top.body.id}`);
    const grouped = await server.api.post(links, { title: 'Status', url: 'https://status.example.com', parent: group.id, draft: true });
    expect(grouped.body).toMatchObject({ sectionGroup: group.id, draft: true });
    const listed = await server.api.get(links);
    expect(listed.body.items.map((link: { id: string }) => link.id)).toEqual([top.body.id, grouped.body.id]);
  });

  it('updates a link, moves it out of its group with null, and answers 204 to return=minimal', async () => {
    const { links, group } = await sectionedSite();
    const link = (await server.api.post(links, { title: 'Status', url: 'https://status.example.com', parent: group.id })).body;
    const moved = await server.api.patch(`${links}/${link.id}`, { parent: null, title: 'Uptime', condition: 'visitor.claims.staff === true' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ title: 'Uptime', condition: 'visitor.claims.staff === true' });
    expect(moved.body.sectionGroup).toBeUndefined();
    const minimal = await server.api.patch(`${links}/${link.id}`, { description: null }, { headers: { prefer: 'return=minimal' } });
    expect(minimal.status).toBe(204);
    expect(minimal.headers.get('preference-applied')).toBe('return=minimal');
  });

  it('moves the links of a deleted group to the top level', async () => {
    const { url, links, group } = await sectionedSite();
    const link = (await server.api.post(links, { title: 'Status', url: 'https://status.example.com', parent: group.id })).body;
    expect((await server.api.delete(`${url}/section-groups/${group.id}`)).status).toBe(205);
    const [listed] = (await server.api.get(links)).body.items;
    expect(listed.id).toBe(link.id);
    expect(listed.sectionGroup).toBeUndefined();
  });

  it('deletes a link (205), then 204', async () => {
    const { links } = await sectionedSite();
    const link = (await server.api.post(links, { title: 'Blog', url: 'https://blog.example.com' })).body;
    expect((await server.api.delete(`${links}/${link.id}`)).status).toBe(205);
    expect((await server.api.delete(`${links}/${link.id}`)).status).toBe(204);
    expect((await server.api.patch(`${links}/${link.id}`, { title: 'Again' })).status).toBe(404);
  });

  it.each([
    [{ title: 'Bad', url: 'ftp://example.com' }, /^url:/],
    [{ title: 'B', url: 'https://example.com' }, /^title:/],
    [{ title: 'Bad', url: 'https://example.com', parent: 'nope' }, /^parent:/],
    [{ title: 'Bad', url: 'https://example.com', condition: 'visitor.claims.(' }, /^condition:/],
    [{ title: 'Bad', url: 'https://example.com', localizedTitle: { fr: 'Mauvais' } }, /localizedTitle/],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    const { links } = await sectionedSite();
    const res = await server.api.post(links, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
  });

  it('refuses a link on a site without sections (400)', async () => {
    const org = await newOrganization(server);
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Plain' })).body;
    const res = await server.api.post(`/v1/orgs/${org.id}/sites/${site.id}/external-links`, { title: 'Blog', url: 'https://blog.example.com' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/sections/);
  });

  it('lets only admins change links (403) and hides the site from others (404)', async () => {
    const { org, links } = await sectionedSite();
    const member = await org.member('edit');
    expect((await member.api.get(links)).status).toBe(200);
    expect((await member.api.post(links, { title: 'Blog', url: 'https://blog.example.com' })).status).toBe(403);
    const outsider = await (await newOrganization(server, 'Other')).member('admin');
    expect((await outsider.api.post(links, { title: 'Blog', url: 'https://blog.example.com' })).status).toBe(404);
  });

  it("shows live links in the published site's section tabs, leaving out drafts and links a condition hides", async () => {
    const { links, group, root } = await sectionedSite();
    await server.api.post(links, { title: 'Blog', url: 'https://blog.example.com/?a=1&b=2' });
    await server.api.post(links, { title: 'Status page', url: 'https://status.example.com', parent: group.id });
    await server.api.post(links, { title: 'Draft link', url: 'https://draft.example.com', draft: true });
    await server.api.post(links, { title: 'Staff only', url: 'https://staff.example.com', condition: 'visitor.claims.staff === true' });
    const page = await siteFetch(`${server.url}${root}`);
    expect(page.status).toBe(200);
    const nav = navOf(page.html);
    expect(nav).toContain('<a href="https://blog.example.com/?a=1&amp;b=2" rel="noopener noreferrer">Blog ↗</a>');
    expect(nav).toMatch(/<li class="section-group"><span>Reference<\/span><ul>.*Status page ↗<\/a><\/li><\/ul><\/li>/);
    expect(nav).not.toContain('Draft link');
    expect(nav).not.toContain('Staff only');
    // A condition on a link makes the page depend on the visitor: no shared cache keeps it.
    expect(page.headers.get('cache-control')).toMatch(/^private/);
  });
});
