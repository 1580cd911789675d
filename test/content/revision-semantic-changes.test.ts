import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createPage, deletePage, setPageMarkdown, updatePage } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();
let owner: ServiceContext;
beforeAll(() => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
});

async function newSpace() {
  const org = await newOrganization(server);
  return { org, spaceId: (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body.id as string };
}

const currentRevision = async (spaceId: string) => (await server.api.get(`/v1/spaces/${spaceId}`)).body.revision as string;

describe("a revision's semantic changes", () => {
  it('lists what each revision changed against its parent, not everything since', async () => {
    const { spaceId } = await newSpace();
    const { pageId: intro } = createPage(owner, spaceId, { title: 'Intro', markdown: 'Hello' });
    const created = await currentRevision(spaceId);
    createPage(owner, spaceId, { title: 'Guide', markdown: 'Steps' });
    setPageMarkdown(owner, spaceId, intro, 'Hello again');
    const edited = await currentRevision(spaceId);

    const first = await server.api.get(`/v1/spaces/${spaceId}/revisions/${created}/changes`);
    expect(first.status).toBe(200);
    expect(first.body.changes).toEqual([{ type: 'page_created', page: { id: intro, type: 'document', title: 'Intro', path: 'intro' } }]);

    const last = await server.api.get(`/v1/spaces/${spaceId}/revisions/${edited}/changes`);
    expect(last.body.changes).toEqual([
      expect.objectContaining({ type: 'page_edited', page: expect.objectContaining({ id: intro }), attributes: { document: { before: expect.any(String), after: expect.any(String) } } }),
    ]);
  });

  it('finds no change in the empty first revision of a space', async () => {
    const { spaceId } = await newSpace();
    const first = await server.api.get(`/v1/spaces/${spaceId}/revisions/${await currentRevision(spaceId)}/changes`);
    expect(first.body).toEqual({ changes: [] });
  });

  it('names renames and deletions', async () => {
    const { spaceId } = await newSpace();
    const pages = ['A', 'B', 'C'].map((title) => createPage(owner, spaceId, { title }).pageId);
    updatePage(owner, spaceId, pages[0]!, { title: 'A renamed' });
    const renamed = await currentRevision(spaceId);
    const renames = await server.api.get(`/v1/spaces/${spaceId}/revisions/${renamed}/changes`);
    expect(renames.body.changes).toEqual([expect.objectContaining({ type: 'page_edited', attributes: expect.objectContaining({ title: { before: 'A', after: 'A renamed' } }) })]);

    deletePage(owner, spaceId, pages[1]!);
    const deleted = await currentRevision(spaceId);
    const deletions = await server.api.get(`/v1/spaces/${spaceId}/revisions/${deleted}/changes`);
    expect(deletions.body.changes).toEqual([{ type: 'page_deleted', page: expect.objectContaining({ id: pages[1], title: 'B' }) }]);
  });

  it('shows the first `limit` changes and says how many more there are', async () => {
    const { spaceId } = await newSpace();
    expect((await server.api.post(`/v1/spaces/${spaceId}/content/template`, { id: 'knowledge-base' })).status).toBe(201);
    const revision = await currentRevision(spaceId);
    const limited = await server.api.get(`/v1/spaces/${spaceId}/revisions/${revision}/changes?limit=2`);
    expect(limited.body.changes).toHaveLength(2);
    expect(limited.body.more).toBe(4); // the template's 6 pages
  });

  it('refuses a bad limit and an unknown revision', async () => {
    const { spaceId } = await newSpace();
    const revision = await currentRevision(spaceId);
    const bad = await server.api.get(`/v1/spaces/${spaceId}/revisions/${revision}/changes?limit=zero`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('limit');
    expect((await server.api.get(`/v1/spaces/${spaceId}/revisions/nope/changes`)).status).toBe(404);
    const other = await newSpace();
    expect((await server.api.get(`/v1/spaces/${other.spaceId}/revisions/${revision}/changes`)).status).toBe(404);
  });
});
