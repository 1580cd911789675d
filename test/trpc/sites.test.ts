import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { PAGE_VIEWS_QUERY } from '../../src-main/trpc/sites';
import { trpcClient, trpcError } from './client';

const server = useTestServer();
const owner = () => trpcClient(server.url, server.owner.token);

/** An organization with two spaces and a site publishing the first, made through /v1. */
async function seeded() {
  const org = await newOrganization(server, 'tRPC sites');
  const guide = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Guide' })).body;
  const api = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'API' })).body;
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', spaces: [guide.id] })).body;
  const sitePath = `/v1/orgs/${org.id}/sites/${site.id}`;
  return { org, guide, api, site, sitePath };
}

describe('site procedures over HTTP', () => {
  it('list and get return the /v1 objects, with the published filter as a boolean', async () => {
    const { org, site, sitePath } = await seeded();
    await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Handbook' });
    await server.api.post(`${sitePath}/publish`);
    expect(await owner().sites.list.query({ organizationId: org.id })).toEqual((await server.api.get(`/v1/orgs/${org.id}/sites`)).body);
    const published = await owner().sites.list.query({ organizationId: org.id, published: true });
    expect(published).toEqual((await server.api.get(`/v1/orgs/${org.id}/sites?published=true`)).body);
    expect(published.items.map((s) => s.id)).toEqual([site.id]);
    const paged = await owner().sites.list.query({ organizationId: org.id, limit: 1 });
    expect(paged).toEqual((await server.api.get(`/v1/orgs/${org.id}/sites?limit=1`)).body);
    expect(paged.next?.page).toEqual(expect.any(String));
    expect(await owner().sites.get.query({ organizationId: org.id, siteId: site.id })).toEqual((await server.api.get(sitePath)).body);
  });

  it('create from chosen spaces, or with a new empty space, returns what /v1 then answers', async () => {
    const { org, guide, api } = await seeded();
    const created = await owner().sites.create.mutate({ organizationId: org.id, title: 'Both', visibility: 'unlisted', spaces: [guide.id, api.id] });
    expect(created).toEqual((await server.api.get(`/v1/orgs/${org.id}/sites/${created.id}`)).body);
    expect(created).toMatchObject({ title: 'Both', visibility: 'unlisted', siteSpaces: 2, published: false });

    const fresh = await owner().sites.create.mutate({ organizationId: org.id, title: 'Fresh', spaces: 'empty' });
    expect(fresh.siteSpaces).toBe(1);
    const spaces = (await server.api.get(`/v1/orgs/${org.id}/spaces`)).body.items.map((s: { title: string }) => s.title);
    expect(spaces).toContain('Fresh');
  });

  it('update, publish, unpublish and delete agree with /v1', async () => {
    const { org, site, sitePath } = await seeded();
    const ref = { organizationId: org.id, siteId: site.id };
    const updated = await owner().sites.update.mutate({ ...ref, title: 'Renamed', visibility: 'share-link' });
    expect(updated).toEqual((await server.api.get(sitePath)).body);
    expect(updated).toMatchObject({ title: 'Renamed', visibility: 'share-link' });

    const published = await owner().sites.publish.mutate(ref);
    expect(published).toEqual((await server.api.get(sitePath)).body);
    expect(published.published).toBe(true);
    expect(published.urls.published).toBe(`${server.url}/sites/${site.id}/`);
    const unpublished = await owner().sites.unpublish.mutate(ref);
    expect(unpublished).toEqual((await server.api.get(sitePath)).body);
    expect(unpublished.urls.published).toBeUndefined();

    expect(await owner().sites.delete.mutate(ref)).toEqual({ deleted: true });
    expect((await server.api.get(sitePath)).status).toBe(404);
    expect(await owner().sites.delete.mutate(ref)).toEqual({ deleted: false });
  });

  it('site spaces: list, add, update and remove agree with /v1', async () => {
    const { org, api, site, sitePath } = await seeded();
    const ref = { organizationId: org.id, siteId: site.id };
    const added = await owner().sites.siteSpaces.add.mutate({ ...ref, spaceId: api.id });
    const listed = await owner().sites.siteSpaces.list.query(ref);
    expect(listed).toEqual((await server.api.get(`${sitePath}/site-spaces`)).body);
    expect(listed.items.map((s) => s.space.id)).toContain(api.id);
    expect(listed.items.find((s) => s.id === added.id)).toEqual(added);
    const defaults = await owner().sites.siteSpaces.list.query({ ...ref, default: false });
    expect(defaults).toEqual((await server.api.get(`${sitePath}/site-spaces?default=false`)).body);
    expect(defaults.items.map((s) => s.id)).toEqual([added.id]);

    const updated = await owner().sites.siteSpaces.update.mutate({ ...ref, siteSpaceId: added.id, path: 'reference' });
    expect(updated).toMatchObject({ id: added.id, path: 'reference' });
    expect((await server.api.get(`${sitePath}/site-spaces`)).body.items.find((s: { id: string }) => s.id === added.id)).toEqual(updated);

    expect(await owner().sites.siteSpaces.remove.mutate({ ...ref, siteSpaceId: added.id })).toEqual({ removed: true });
    expect((await server.api.get(`${sitePath}/site-spaces`)).body.count).toBe(1);
    expect(await owner().sites.siteSpaces.remove.mutate({ ...ref, siteSpaceId: added.id })).toEqual({ removed: false });
  });

  it('structure get and sort, and sections add, update and delete, agree with /v1', async () => {
    const { org, api, site, sitePath } = await seeded();
    const ref = { organizationId: org.id, siteId: site.id };
    const root = await owner().sites.structure.get.query(ref);
    expect(root).toEqual((await server.api.get(`${sitePath}/structure`)).body);
    expect(root.type).toBe('siteSpaces');

    const added = await owner().sites.sections.add.mutate({ ...ref, spaceId: api.id });
    const structure = await owner().sites.structure.get.query(ref);
    expect(structure).toEqual((await server.api.get(`${sitePath}/structure`)).body);
    expect(structure.type).toBe('sections');
    expect(structure.structure.map((s) => s.title)).toEqual(['Guide', 'API']);
    expect(structure.structure[1]).toEqual(added);

    const renamed = await owner().sites.sections.update.mutate({ ...ref, siteSectionId: added.id, title: 'Reference' });
    expect(renamed).toEqual((await server.api.get(`${sitePath}/sections`)).body.items.find((s: { id: string }) => s.id === added.id));
    expect(renamed.title).toBe('Reference');

    const first = structure.structure[0]!;
    const moved = await owner().sites.structure.sort.mutate({
      ...ref,
      item: { type: 'site-section', id: added.id },
      position: { before: { type: 'site-section', id: first.id } },
    });
    const after = (await server.api.get(`${sitePath}/structure`)).body;
    expect(after.structure.map((s: { id: string }) => s.id)).toEqual([added.id, first.id]);
    expect(moved).toEqual(after.structure[0]);

    expect(await owner().sites.sections.delete.mutate({ ...ref, siteSectionId: added.id })).toEqual({ deleted: true });
    expect((await server.api.get(`${sitePath}/structure`)).body.structure.map((s: { id: string }) => s.id)).toEqual([first.id]);
    expect(await owner().sites.sections.delete.mutate({ ...ref, siteSectionId: added.id })).toEqual({ deleted: false });

    const bothWays = await trpcError(owner().sites.structure.sort.mutate({ ...ref, item: { type: 'site-section', id: first.id }, position: {} }));
    const viaRest = await server.api.patch(`${sitePath}/structure/sort`, { item: { type: 'site-section', id: first.id }, position: {} });
    expect(bothWays).toEqual({ code: 'BAD_REQUEST', httpStatus: 400, message: viaRest.body.error.message });
  });

  it('share links: list, create, rename, deactivate and delete agree with /v1', async () => {
    const { org, site, sitePath } = await seeded();
    const ref = { organizationId: org.id, siteId: site.id };
    const created = await owner().sites.shareLinks.create.mutate({ ...ref, name: 'Partners' });
    const listed = await owner().sites.shareLinks.list.query(ref);
    expect(listed).toEqual((await server.api.get(`${sitePath}/share-links`)).body);
    expect(listed.items).toEqual([created]);
    expect(created).toMatchObject({ name: 'Partners', active: true, urls: {} });

    const renamed = await owner().sites.shareLinks.update.mutate({ ...ref, shareLinkId: created.id, name: 'Partners EU' });
    const off = await owner().sites.shareLinks.update.mutate({ ...ref, shareLinkId: created.id, active: false });
    expect(renamed.name).toBe('Partners EU');
    expect(off).toEqual((await server.api.get(`${sitePath}/share-links`)).body.items[0]);
    expect(off).toMatchObject({ name: 'Partners EU', active: false });

    // Published, a link has the site's address with its key.
    await server.api.post(`${sitePath}/publish`);
    const published = await owner().sites.shareLinks.list.query(ref);
    expect(published).toEqual((await server.api.get(`${sitePath}/share-links`)).body);
    expect(published.items[0]!.urls).toEqual({ published: expect.stringMatching(new RegExp(`/sites/${site.id}/\\?shareKey=`)) });

    const empty = await trpcError(owner().sites.shareLinks.update.mutate({ ...ref, shareLinkId: created.id }));
    const emptyRest = await server.api.patch(`${sitePath}/share-links/${created.id}`, {});
    expect(empty).toEqual({ code: 'BAD_REQUEST', httpStatus: 400, message: emptyRest.body.error.message });

    expect(await owner().sites.shareLinks.delete.mutate({ ...ref, shareLinkId: created.id })).toEqual({ deleted: true });
    expect((await server.api.get(`${sitePath}/share-links`)).body.count).toBe(0);
    expect(await owner().sites.shareLinks.delete.mutate({ ...ref, shareLinkId: created.id })).toEqual({ deleted: false });

    // Share links are the admins' only: a reader is refused as /v1 refuses them.
    const reader = await org.member('read', 'share-link-reader');
    const readerRest = await reader.api.get(`${sitePath}/share-links`);
    expect(readerRest.status).toBe(403);
    expect(await trpcError(trpcClient(server.url, reader.token).sites.shareLinks.list.query(ref))).toEqual({
      code: 'FORBIDDEN',
      httpStatus: 403,
      message: readerRest.body.error.message,
    });
  });

  it('page views are the /v1 aggregate of page_view events per day over the last 30 days', async () => {
    const { org, site, sitePath } = await seeded();
    const ref = { organizationId: org.id, siteId: site.id };
    expect(await owner().sites.insights.pageViews.query(ref)).toEqual((await server.api.post(`${sitePath}/insights/events/aggregate`, PAGE_VIEWS_QUERY)).body);

    const event = (type: string, n: number) => ({
      type,
      session: { visitorId: `v${n}`, sessionId: `s${n}`, cookies: {}, userAgent: 'Mozilla/5.0', language: null, referrer: null },
      location: { url: 'https://docs.example.com/guide', siteSection: null, siteSpace: null, siteShareKey: null, space: null, revision: null, page: null },
    });
    // The events are stamped with the server's now: the day they land in is the day before or after posting (midnight UTC may pass).
    const dayOf = () => `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    const dayBefore = dayOf();
    const posted = await server.api.post(`${sitePath}/insights/events`, { events: [event('page_view', 1), event('page_view', 2), event('search_open', 3)] });
    const dayAfter = dayOf();
    expect(posted.status).toBe(204);
    const views = await owner().sites.insights.pageViews.query(ref);
    expect(views).toEqual((await server.api.post(`${sitePath}/insights/events/aggregate`, PAGE_VIEWS_QUERY)).body);
    expect(views.columns).toEqual([
      { column: 'datetime', values: [expect.toBeOneOf([dayBefore, dayAfter])] },
      { column: 'eventsCount', values: [2] },
    ]);
  });

  it("refuses a reader's changes with FORBIDDEN and the service's message, as /v1 does with 403", async () => {
    const { org, site, sitePath } = await seeded();
    const reader = await org.member('read', 'site-reader');
    const viaRest = await reader.api.patch(sitePath, { title: 'Mine now' });
    expect(viaRest.status).toBe(403);
    const asReader = trpcClient(server.url, reader.token);
    const error = await trpcError(asReader.sites.update.mutate({ organizationId: org.id, siteId: site.id, title: 'Mine now' }));
    expect(error).toEqual({ code: 'FORBIDDEN', httpStatus: 403, message: viaRest.body.error.message });
    // The reader still sees the site.
    expect(await asReader.sites.get.query({ organizationId: org.id, siteId: site.id })).toEqual((await reader.api.get(sitePath)).body);
  });

  it('maps NOT_FOUND, BAD_REQUEST naming the field, and UNAUTHORIZED as /v1 words them', async () => {
    const { org, site } = await seeded();
    const stranger = server.userToken('trpc-site-stranger@example.com');
    expect(await trpcError(trpcClient(server.url, stranger.token).sites.get.query({ organizationId: org.id, siteId: site.id }))).toMatchObject({
      code: 'NOT_FOUND',
      httpStatus: 404,
    });

    const viaRest = await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'x' });
    const invalid = await trpcError(owner().sites.create.mutate({ organizationId: org.id, title: 'x' }));
    expect(invalid).toEqual({ code: 'BAD_REQUEST', httpStatus: 400, message: viaRest.body.error.message });
    expect(invalid.message).toMatch(/^title: /);
    const missingSpace = await trpcError(owner().sites.create.mutate({ organizationId: org.id, spaces: ['missing'] }));
    expect(missingSpace.message).toMatch(/^spaces\.0: /);

    expect((await trpcError(trpcClient(server.url).sites.list.query({ organizationId: org.id }))).code).toBe('UNAUTHORIZED');
    expect((await server.api.get(`/v1/orgs/${org.id}/sites`)).body.count).toBe(1);
  });
});
