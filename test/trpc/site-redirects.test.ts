import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from './client';

const server = useTestServer();
const owner = () => trpcClient(server.url, server.owner.token);

/** A site with two sections, made through /v1. */
async function seeded() {
  const org = await newOrganization(server, 'tRPC redirects');
  const guide = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Guide' })).body;
  const api = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'API' })).body;
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', spaces: [guide.id] })).body;
  const sitePath = `/v1/orgs/${org.id}/sites/${site.id}`;
  const section = (await server.api.post(`${sitePath}/sections`, { spaceId: api.id })).body as { id: string };
  return { org, sitePath, section, ref: { organizationId: org.id, siteId: site.id } };
}

describe('site redirect and external link procedures over HTTP', () => {
  it('create, list, update, getBySource, bulkUpsert and delete redirects as /v1 shows them', async () => {
    const { sitePath, section, ref } = await seeded();
    const created = await owner().siteRedirects.create.mutate({ ...ref, source: '/old', destination: { kind: 'site-section', siteSectionId: section.id } });
    expect((await owner().siteRedirects.list.query(ref)).items).toEqual((await server.api.get(`${sitePath}/redirects`)).body.items);
    const updated = await owner().siteRedirects.update.mutate({ ...ref, siteRedirectId: created.id, permanent: true });
    expect(updated.permanent).toBe(true);
    const found = await owner().siteRedirects.getBySource.query({ ...ref, source: '/old' });
    expect(found).toEqual((await server.api.get(`${sitePath}/redirect?source=/old`)).body);
    const bulk = await owner().siteRedirects.bulkUpsert.mutate({ ...ref, redirects: [{ source: '/old', destination: null }] });
    expect(bulk.results).toEqual([{ status: 'deleted', source: '/old', draft: false }]);
    expect(await owner().siteRedirects.delete.mutate({ ...ref, siteRedirectId: created.id })).toEqual({ deleted: false });
    const refused = await trpcError(owner().siteRedirects.create.mutate({ ...ref, source: 'nope', destination: { kind: 'site-section', siteSectionId: section.id } }));
    expect(refused.message).toMatch(/^source:/);
  });

  it('create, list, update and delete external links as /v1 shows them', async () => {
    const { sitePath, ref } = await seeded();
    const link = await owner().siteExternalLinks.add.mutate({ ...ref, title: 'Blog', url: 'https://blog.example.com/' });
    expect(await owner().siteExternalLinks.list.query(ref)).toEqual((await server.api.get(`${sitePath}/external-links`)).body.items);
    const renamed = await owner().siteExternalLinks.update.mutate({ ...ref, siteExternalLinkId: link.id, title: 'News' });
    expect(renamed.title).toBe('News');
    expect(await owner().siteExternalLinks.delete.mutate({ ...ref, siteExternalLinkId: link.id })).toEqual({ deleted: true });
  });
});
