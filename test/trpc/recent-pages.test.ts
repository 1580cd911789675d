import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from './client';

const server = useTestServer();

describe('recentPages.list', () => {
  it("lists the pages the caller edited last across the organization's spaces, newest first, without others' edits", async () => {
    const org = await newOrganization(server);
    const editor = await org.member('edit', 'editor');
    const mine = trpcClient(server.url, server.owner.token);
    const theirs = trpcClient(server.url, editor.token);
    const guide = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Guide' })).body.id as string;
    const api = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'API' })).body.id as string;

    const install = (await mine.content.createPage.mutate({ spaceId: guide, title: 'Install' })).pageId;
    const tokens = (await mine.content.createPage.mutate({ spaceId: api, title: 'Tokens' })).pageId;
    const faq = (await theirs.content.createPage.mutate({ spaceId: guide, title: 'FAQ' })).pageId;
    // Editing an older page again brings it first; a rename is an edit too.
    await mine.content.updatePage.mutate({ spaceId: guide, pageId: install, title: 'Installation' });

    const recent = await mine.recentPages.list.query({ organizationId: org.id });
    expect(recent.map((p) => [p.spaceTitle, p.title])).toEqual([
      ['Guide', 'Installation'],
      ['API', 'Tokens'],
    ]);
    expect(recent[0]).toMatchObject({ spaceId: guide, pageId: install, path: expect.any(String), editedAt: expect.any(String) });
    expect((await theirs.recentPages.list.query({ organizationId: org.id })).map((p) => p.pageId)).toEqual([faq]);
    expect(await mine.recentPages.list.query({ organizationId: org.id, limit: 1 })).toHaveLength(1);
    expect(recent.some((p) => p.pageId === tokens)).toBe(true);
  });

  it('leaves out deleted pages, deleted spaces and edits still in a change request', async () => {
    const org = await newOrganization(server);
    const mine = trpcClient(server.url, server.owner.token);
    const kept = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Kept' })).body.id as string;
    const gone = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Gone' })).body.id as string;
    const stays = (await mine.content.createPage.mutate({ spaceId: kept, title: 'Stays' })).pageId;
    const removed = (await mine.content.createPage.mutate({ spaceId: kept, title: 'Removed' })).pageId;
    await mine.content.createPage.mutate({ spaceId: gone, title: 'In a deleted space' });
    await mine.content.deletePage.mutate({ spaceId: kept, pageId: removed });
    await server.api.delete(`/v1/spaces/${gone}`);
    const cr = (await server.api.post(`/v1/spaces/${kept}/change-requests`, { subject: 'Draft' })).body.id as string;
    await mine.content.createPage.mutate({ spaceId: kept, changeRequestId: cr, title: 'Only in the draft' });

    expect((await mine.recentPages.list.query({ organizationId: org.id })).map((p) => p.pageId)).toEqual([stays]);
  });

  it('is refused (404) outside the organizations the caller belongs to', async () => {
    const org = await newOrganization(server);
    const stranger = server.userToken('stranger-recent@example.com');
    const refused = await trpcError(trpcClient(server.url, stranger.token).recentPages.list.query({ organizationId: org.id }));
    expect(refused.httpStatus).toBe(404);
  });
});
