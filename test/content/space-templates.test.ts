import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

type TreePage = { title: string; pages?: TreePage[] };
const outline = (pages: TreePage[]): unknown => pages.map((p) => (p.pages?.length ? [p.title, outline(p.pages)] : p.title));

async function newSpace() {
  const org = await newOrganization(server);
  return { org, spaceId: (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body.id as string };
}

describe('applying a template to a space', () => {
  it("writes the template's pages, with links between them that resolve, in one revision", async () => {
    const { spaceId } = await newSpace();
    const before = (await server.api.get(`/v1/spaces/${spaceId}`)).body.revision as string;
    const res = await server.api.post(`/v1/spaces/${spaceId}/content/template`, { id: 'product-docs' });
    expect(res.status).toBe(201);
    const after = (await server.api.get(`/v1/spaces/${spaceId}`)).body.revision as string;
    expect(res.headers.get('location')).toBe(`${server.url}/v1/spaces/${spaceId}/revisions/${after}`);
    expect((await server.api.get(`/v1/spaces/${spaceId}/revisions/${after}`)).body.parents).toEqual([before]);

    const pages = (await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as TreePage[];
    expect(outline(pages)).toEqual([
      'Overview',
      ['Getting started', ['Quickstart', 'Installation']],
      ['Guides', ['Creating a project', 'Inviting your team']],
      ['Help', ['FAQ']],
    ]);
    const quickstart = await server.api.get(`/v1/spaces/${spaceId}/content/path/getting-started/quickstart?format=markdown`);
    expect(quickstart.body.markdown).toContain('{% hint style="success" %}');
    const links = await server.api.get(`/v1/spaces/${spaceId}/links`);
    expect(links.body.stats.broken.total).toBe(0);
    expect(links.body.items.length).toBeGreaterThan(3);
  });

  it("writes into a change request's content when named, leaving main content as it was", async () => {
    const { spaceId } = await newSpace();
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body.id as string;
    expect((await server.api.post(`/v1/spaces/${spaceId}/content/template`, { id: 'api-docs', changeRequestId: cr })).status).toBe(201);
    const draft = (await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr}/content/pages`)).body.pages as TreePage[];
    expect(draft.map((p) => p.title)).toEqual(['Introduction', 'Authentication', 'Errors', 'Reference', 'Changelog']);
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages).toEqual([]);
  });

  it('refuses an unknown template, a reader, and an unknown space', async () => {
    const { org, spaceId } = await newSpace();
    const unknown = await server.api.post(`/v1/spaces/${spaceId}/content/template`, { id: 'novel' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('product-docs');
    expect((await server.api.post(`/v1/spaces/${spaceId}/content/template`, {})).status).toBe(400);
    const reader = await org.member('read');
    expect((await reader.api.post(`/v1/spaces/${spaceId}/content/template`, { id: 'product-docs' })).status).toBe(403);
    expect((await server.api.post('/v1/spaces/nope/content/template', { id: 'product-docs' })).status).toBe(404);
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages).toEqual([]);
  });
});
