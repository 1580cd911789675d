import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createPage } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();
let owner: ServiceContext;
beforeAll(() => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
});

const lookup = (url: string, api = server.api) => api.get(`/v1/urls/content?url=${encodeURIComponent(url)}`);

describe('resolving an address of this Folio to its content', () => {
  it("resolves the app's own URLs of a space, a page, a change request and a collection", async () => {
    const org = await newOrganization(server);
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body;
    const parent = createPage(owner, space.id, { title: 'Guide' }).pageId;
    const { pageId } = createPage(owner, space.id, { title: 'Install', parent, markdown: 'Run it.' });
    const page = (await server.api.get(`/v1/spaces/${space.id}/content/page/${pageId}`)).body;

    const ofSpace = await lookup(space.urls.app);
    expect(ofSpace.status).toBe(200);
    expect(ofSpace.body).toEqual({ space: expect.objectContaining({ id: space.id }) });
    const ofPage = await lookup(page.urls.app);
    expect(ofPage.body).toMatchObject({ space: { id: space.id }, page: { id: pageId, path: 'guide/install', markdown: 'Run it.' } });

    const cr = (await server.api.post(`/v1/spaces/${space.id}/change-requests`, {})).body;
    const ofChangeRequest = await lookup(`${cr.urls.app}/guide/install`);
    expect(ofChangeRequest.body).toMatchObject({ space: { id: space.id }, changeRequest: { id: cr.id }, page: { id: pageId } });

    const collection = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Handbooks' })).body;
    expect((await lookup(collection.urls.app)).body).toEqual({ collection: expect.objectContaining({ id: collection.id }) });
  });

  it("resolves a published site's page to its space and page", async () => {
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Guide' })).body.id as string;
    const { pageId } = createPage(owner, spaceId, { title: 'Install', markdown: 'Run it.' });
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility: 'public', spaces: [spaceId] })).body;
    await server.api.post(`/v1/orgs/${org.id}/sites/${site.id}/publish`);
    const res = await lookup(`${server.url}/sites/${site.id}/install`);
    expect(res.body).toMatchObject({ space: { id: spaceId }, page: { id: pageId } });
  });

  it("is a 404 for what the caller cannot read, another host's URL and unknown content; a 400 for no URL", async () => {
    const org = await newOrganization(server);
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Private' })).body;
    const stranger = await (await newOrganization(server)).member('admin');
    expect((await lookup(space.urls.app, stranger.api)).status).toBe(404);
    expect((await lookup(`${space.urls.app}/no/such/page`)).status).toBe(404);
    expect((await lookup('https://elsewhere.example/s/abc')).status).toBe(404);
    expect((await lookup(`${server.url}/nowhere`)).status).toBe(404);
    expect((await server.api.get('/v1/urls/content')).status).toBe(400);
    expect((await lookup('mailto:someone@example.com')).status).toBe(400);
  });
});
