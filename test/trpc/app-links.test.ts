import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient } from './client';

const server = useTestServer();

describe('appLinks.resolve: what a urls.app link names, for the caller', () => {
  it('resolves the urls.app of a space, a page, a change request, a revision and a collection', async () => {
    const org = await newOrganization(server, 'Links');
    const collection = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Guides' })).body;
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs', parent: collection.id })).body;
    const trpc = trpcClient(server.url, server.owner.token);
    await trpc.content.createPage.mutate({ spaceId: space.id, title: 'Install', markdown: 'Steps.\n' });
    const pages = (await server.api.get(`/v1/spaces/${space.id}/content/pages`)).body.pages as Array<{ id: string; urls: { app: string } }>;
    const cr = (await server.api.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Edit' })).body;
    const current = (await server.api.get(`/v1/spaces/${space.id}`)).body.revision as string;
    const revision = (await server.api.get(`/v1/spaces/${space.id}/revisions/${current}`)).body;

    const resolve = (url: string) => trpc.appLinks.resolve.query({ path: new URL(url).pathname });
    expect(await resolve(space.urls.app)).toEqual({ spaceId: space.id });
    expect(await resolve(pages[0]!.urls.app)).toEqual({ spaceId: space.id, pageId: pages[0]!.id });
    expect(await resolve(cr.urls.app)).toEqual({ spaceId: space.id, changeRequestId: cr.id });
    expect(await resolve(revision.urls.app)).toEqual({ spaceId: space.id, revisionId: revision.id });
    expect(await resolve(collection.urls.app)).toEqual({ organizationId: org.id });
    expect(await resolve((await server.api.get(`/v1/orgs/${org.id}`)).body.urls.app)).toEqual({ organizationId: org.id });
  });

  it('names nothing a caller cannot see, nor a path that is not a link', async () => {
    const org = await newOrganization(server, 'Hidden links');
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Secret' })).body;
    const outsider = trpcClient(server.url, server.userToken('links-outsider@example.com').token);
    expect(await outsider.appLinks.resolve.query({ path: `/s/${space.id}/~/changes/1` })).toBeNull();
    expect(await outsider.appLinks.resolve.query({ path: '/nowhere' })).toBeNull();
  });
});
