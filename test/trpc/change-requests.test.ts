import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from './client';

const server = useTestServer();

describe('change request procedures', () => {
  it('open, edit, pull main and merge a change request as /v1 does', async () => {
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, {})).body.id;
    const trpc = trpcClient(server.url, server.owner.token);
    const { pageId } = await trpc.content.createPage.mutate({ spaceId, title: 'Page', markdown: 'v1' });

    const cr = await trpc.changeRequests.create.mutate({ spaceId, subject: 'Offline edits' });
    expect(cr).toEqual((await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}`)).body);
    await trpc.content.setMarkdown.mutate({ spaceId, pageId, markdown: 'v2 in the request', changeRequestId: cr.id });
    const { pageId: added } = await trpc.content.createPage.mutate({ spaceId, title: 'Added', changeRequestId: cr.id });
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages).toHaveLength(1);

    await trpc.content.createPage.mutate({ spaceId, title: 'On main meanwhile' });
    expect((await trpc.changeRequests.get.query({ spaceId, changeRequestId: cr.id })).outdated).toBe(true);
    expect(await trpc.changeRequests.updateFromMain.mutate({ spaceId, changeRequestId: cr.id })).toMatchObject({ result: 'update' });
    expect((await trpc.changeRequests.edit.mutate({ spaceId, changeRequestId: cr.id, status: 'open' })).status).toBe('open');
    expect((await trpc.changeRequests.list.query({ spaceId })).items.map((c) => c.id)).toEqual([cr.id]);

    expect(await trpc.changeRequests.merge.mutate({ spaceId, changeRequestId: String(cr.number) })).toMatchObject({ result: 'merge' });
    const titles = (await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages.map((p: { title: string }) => p.title);
    expect(titles.sort()).toEqual(['Added', 'On main meanwhile', 'Page']);
    expect(added).toEqual(expect.any(String));
    const merged = await trpcError(trpc.content.setMarkdown.mutate({ spaceId, pageId, markdown: 'late', changeRequestId: cr.id }));
    expect(merged.code).toBe('CONFLICT');
  });
});
