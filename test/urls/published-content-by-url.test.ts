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

/** A published site with two site spaces, Guide (the default, with a page) and API. */
async function publishedSite(visibility = 'public') {
  const org = await newOrganization(server);
  const guide = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Guide' })).body.id as string;
  const api = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'API' })).body.id as string;
  createPage(owner, guide, { title: 'Install', markdown: 'Run it.' });
  createPage(owner, api, { title: 'Endpoints', markdown: 'GET /' });
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility, spaces: [guide, api] })).body;
  const url = `/v1/orgs/${org.id}/sites/${site.id}`;
  expect((await server.api.post(`${url}/publish`)).status).toBe(200);
  const siteSpaces = (await server.api.get(`${url}/site-spaces`)).body.items as Array<{ id: string; path: string; space: { id: string } }>;
  return { org, site, url, guide, api, siteSpaces };
}

describe('resolving a published URL', () => {
  it('names the site, site space, space and page path an address of the site shows', async () => {
    const { org, site, guide, siteSpaces } = await publishedSite();
    const address = `${server.url}/sites/${site.id}/install`;
    const res = await server.api.get(`/v1/urls/published?url=${encodeURIComponent(address)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      site: site.id,
      siteSpace: siteSpaces.find((s) => s.space.id === guide)!.id,
      space: guide,
      organization: org.id,
      pathname: 'install',
      basePath: `/sites/${site.id}/`,
      siteBasePath: `/sites/${site.id}/`,
      canonicalUrl: address,
    });
  });

  it('finds a site space by its path, and answers the POST form with the same lookup', async () => {
    const { site, api, siteSpaces } = await publishedSite();
    const apiSpace = siteSpaces.find((s) => s.space.id === api)!;
    const address = `${server.url}/sites/${site.id}/${apiSpace.path}/endpoints`;
    const res = await server.api.post('/v1/urls/published', { url: address, visitor: { unsignedClaims: { plan: 'pro' } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ siteSpace: apiSpace.id, space: api, pathname: 'endpoints', basePath: `/sites/${site.id}/${apiSpace.path}/` });
  });

  it('is a 404 for a site the visitor cannot open, an unknown site and an address of no site', async () => {
    const { site } = await publishedSite('share-link');
    const closed = await server.api.get(`/v1/urls/published?url=${encodeURIComponent(`${server.url}/sites/${site.id}/install`)}`);
    expect(closed.status).toBe(404);
    expect((await server.api.get(`/v1/urls/published?url=${encodeURIComponent(`${server.url}/sites/nope/`)}`)).status).toBe(404);
    expect((await server.api.get(`/v1/urls/published?url=${encodeURIComponent('https://elsewhere.example/docs')}`)).status).toBe(404);
    expect((await server.api.get('/v1/urls/published')).status).toBe(400);
    expect((await server.api.post('/v1/urls/published', { url: 'not a url' })).status).toBe(400);
  });
});
