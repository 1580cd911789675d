import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { PETSTORE_3, startSpecServer, waitForProcessed } from './support';

const server = useTestServer();
let specs: Awaited<ReturnType<typeof startSpecServer>>;
const text = JSON.stringify(PETSTORE_3);

beforeAll(async () => {
  specs = await startSpecServer();
  specs.json('/petstore.json', PETSTORE_3);
});
afterAll(() => specs.close());

describe('OpenAPI specifications: create, read, update, delete', () => {
  it('creates a spec from a URL (201, Location) and reads it by slug', async () => {
    const org = await newOrganization(server);
    const created = await server.api.post(`/v1/orgs/${org.id}/openapi`, { slug: 'petstore', source: { url: specs.url('/petstore.json') } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: 'openapi-spec',
      slug: 'petstore',
      sourceURL: specs.url('/petstore.json'),
      visibility: 'private',
      permissions: { view: true, edit: true },
      urls: { location: `${server.url}/v1/orgs/${org.id}/openapi/petstore` },
    });
    expect(created.headers.get('location')).toBe(created.body.urls.location);
    const read = await server.api.get(`/v1/orgs/${org.id}/openapi/petstore`);
    expect(read.body.id).toBe(created.body.id);
    await waitForProcessed(server.api, `/v1/orgs/${org.id}/openapi/petstore`);
  });

  it('refuses a second spec with the same slug (409 naming slug)', async () => {
    const org = await newOrganization(server);
    await server.api.post(`/v1/orgs/${org.id}/openapi`, { slug: 'twice', source: { text } });
    const again = await server.api.post(`/v1/orgs/${org.id}/openapi`, { slug: 'twice', source: { text } });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/^slug:/);
  });

  it('lists specs by slug, page by page, with the count over every page', async () => {
    const org = await newOrganization(server);
    for (const slug of ['charlie', 'alpha', 'bravo']) await server.api.post(`/v1/orgs/${org.id}/openapi`, { slug, source: { text } });
    const first = await server.api.get(`/v1/orgs/${org.id}/openapi?limit=2`);
    expect(first.body.items.map((s: { slug: string }) => s.slug)).toEqual(['alpha', 'bravo']);
    expect(first.body.count).toBe(3);
    const second = await server.api.get(`/v1/orgs/${org.id}/openapi?limit=2&page=${encodeURIComponent(first.body.next.page)}`);
    expect(second.body.items.map((s: { slug: string }) => s.slug)).toEqual(['charlie']);
    expect(second.body.next).toBeUndefined();
    expect((await server.api.get(`/v1/orgs/${org.id}/openapi?limit=1001`)).body.error.message).toMatch(/^limit:/);
  });

  it('PUT creates a missing spec (201) and gives an existing one a new source (200)', async () => {
    const org = await newOrganization(server);
    const path = `/v1/orgs/${org.id}/openapi/by-put`;
    const created = await server.api.put(path, { source: { text } });
    expect(created.status).toBe(201);
    expect(created.body.sourceURL).toBeUndefined();
    await waitForProcessed(server.api, path);
    const updated = await server.api.put(path, { source: { url: specs.url('/petstore.json') } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, sourceURL: specs.url('/petstore.json'), processingState: 'pending' });
    const done = await waitForProcessed(server.api, path);
    expect((await server.api.get(`${path}/versions`)).body.count).toBe(2);
    expect(done.lastVersion).toBe((await server.api.get(`${path}/versions/latest`)).body.id);
  });

  it('PATCH changes the visibility', async () => {
    const org = await newOrganization(server);
    const path = `/v1/orgs/${org.id}/openapi/visible`;
    await server.api.put(path, { source: { text } });
    const patched = await server.api.patch(path, { visibility: 'public' });
    expect(patched.status).toBe(200);
    expect(patched.body.visibility).toBe('public');
    expect((await server.api.patch(path, { visibility: 'secret' })).body.error.message).toMatch(/^visibility:/);
    expect((await server.api.patch(`/v1/orgs/${org.id}/openapi/none`, { visibility: 'public' })).status).toBe(404);
  });

  it('deletes a spec and its versions (205), then answers 204 and 404', async () => {
    const org = await newOrganization(server);
    const path = `/v1/orgs/${org.id}/openapi/gone`;
    await server.api.put(path, { source: { text } });
    const { lastVersion } = await waitForProcessed(server.api, path);
    expect((await server.api.delete(path)).status).toBe(205);
    expect((await server.api.get(path)).status).toBe(404);
    expect((await server.api.get(`${path}/versions/${lastVersion}`)).status).toBe(404);
    expect((await server.api.delete(path)).status).toBe(204);
    const row = server.app.db.prepare('SELECT COUNT(*) AS n FROM openapi_spec_versions WHERE id = ?').get(lastVersion) as { n: number };
    expect(row.n).toBe(0);
  });

  it('reads versions by id and as latest, and 404s an unknown version', async () => {
    const org = await newOrganization(server);
    const path = `/v1/orgs/${org.id}/openapi/versions`;
    await server.api.put(path, { source: { text } });
    const { lastVersion } = await waitForProcessed(server.api, path);
    const byId = await server.api.get(`${path}/versions/${lastVersion}`);
    expect(byId.body).toMatchObject({ object: 'openapi-spec-version', id: lastVersion, urls: { location: `${server.url}${path}/versions/${lastVersion}` } });
    expect((await server.api.get(`${path}/versions/latest`)).body).toEqual(byId.body);
    const content = await server.api.get(`${path}/versions/${lastVersion}/content`);
    const contentUrl = `${server.url}${path}/versions/${lastVersion}/content`;
    // A pasted (private) spec: no public copy.
    expect(content.body).toEqual({ filesystem: { 'openapi.json': PETSTORE_3 }, url: contentUrl, urls: { source: contentUrl, public: null } });
    expect((await server.api.get(`${path}/versions/nope`)).status).toBe(404);
    expect((await server.api.get(`${path}/versions/nope/content`)).status).toBe(404);
  });
});

describe('OpenAPI specifications: bounds', () => {
  const post = async (body: unknown) => {
    const org = await newOrganization(server);
    return server.api.post(`/v1/orgs/${org.id}/openapi`, body);
  };

  it('takes a slug of 100 characters and refuses 101 (400 naming slug)', async () => {
    expect((await post({ slug: 'a'.repeat(100), source: { text } })).status).toBe(201);
    const long = await post({ slug: 'a'.repeat(101), source: { text } });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toMatch(/^slug:/);
    expect((await post({ slug: '', source: { text } })).body.error.message).toMatch(/^slug:/);
  });

  it.each(['Pets', 'pet_store', 'pet--store', '-pets', 'pets-', 'pet store'])('refuses the slug %j, outside the pattern', async (slug) => {
    const res = await post({ slug, source: { text } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^slug:/);
  });

  it('takes a source URL of 2048 characters and refuses 2049 (400 naming source.url)', async () => {
    const url = (length: number) => `http://127.0.0.1:1/${'a'.repeat(length - 'http://127.0.0.1:1/'.length)}`;
    expect((await post({ slug: 'max', source: { url: url(2048) } })).status).toBe(201);
    const long = await post({ slug: 'max', source: { url: url(2049) } });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toMatch(/^source\.url:/);
  });

  it('refuses a source that is neither or both of url and text, an empty text, and a file: URL on this server', async () => {
    expect((await post({ slug: 's', source: {} })).body.error.message).toMatch(/^source:/);
    expect((await post({ slug: 's', source: { url: specs.url('/petstore.json'), text } })).body.error.message).toMatch(/^source:/);
    expect((await post({ slug: 's', source: { text: '' } })).body.error.message).toMatch(/^source\.text:/);
    expect((await post({ slug: 's', source: { url: 'ftp://example.com/a.json' } })).body.error.message).toMatch(/^source\.url:/);
    const file = await post({ slug: 's', source: { url: 'file:///etc/passwd' } });
    expect(file.status).toBe(400);
    expect(file.body.error.message).toMatch(/^source\.url: file:\/\//);
    expect((await post({ source: { text } })).body.error.message).toMatch(/^slug:/);
  });

  it('refuses a PUT whose path slug breaks the pattern (400 naming specSlug)', async () => {
    const org = await newOrganization(server);
    const res = await server.api.put(`/v1/orgs/${org.id}/openapi/Not_A_Slug`, { source: { text } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^specSlug:/);
  });
});

describe('OpenAPI specifications: roles', () => {
  it('lets members read (edit: false below create) and refuses them writes (403 naming the role)', async () => {
    const org = await newOrganization(server);
    const path = `/v1/orgs/${org.id}/openapi/roles`;
    await server.api.put(path, { source: { text } });
    const { lastVersion } = await waitForProcessed(server.api, path);
    for (const role of ['read', 'edit', 'review']) {
      const member = await org.member(role);
      const read = await member.api.get(path);
      expect(read.status).toBe(200);
      expect(read.body.permissions).toEqual({ view: true, edit: false });
      expect((await member.api.get(`/v1/orgs/${org.id}/openapi`)).body.items[0].permissions.edit).toBe(false);
      expect((await member.api.get(`${path}/versions/${lastVersion}/content`)).status).toBe(200);
      for (const res of [
        await member.api.post(`/v1/orgs/${org.id}/openapi`, { slug: 'mine', source: { text } }),
        await member.api.put(path, { source: { text } }),
        await member.api.patch(path, { visibility: 'public' }),
        await member.api.delete(path),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.error.message).toMatch(/"create" role/);
      }
    }
  });

  it('lets the create role add, update and delete specs', async () => {
    const org = await newOrganization(server);
    const creator = await org.member('create');
    const created = await creator.api.post(`/v1/orgs/${org.id}/openapi`, { slug: 'theirs', source: { text } });
    expect(created.status).toBe(201);
    expect(created.body.permissions.edit).toBe(true);
    const path = `/v1/orgs/${org.id}/openapi/theirs`;
    expect((await creator.api.put(path, { source: { text } })).status).toBe(200);
    expect((await creator.api.patch(path, { visibility: 'public' })).status).toBe(200);
    expect((await creator.api.delete(path)).status).toBe(205);
  });

  it('answers 404 to guests and non-members, whatever they ask', async () => {
    const org = await newOrganization(server);
    const path = `/v1/orgs/${org.id}/openapi/hidden`;
    await server.api.put(path, { source: { text } });
    const guest = await org.member(null);
    const stranger = server.as(server.userToken('stranger-openapi@example.com').token);
    for (const api of [guest.api, stranger]) {
      expect((await api.get(`/v1/orgs/${org.id}/openapi`)).status).toBe(404);
      expect((await api.get(path)).status).toBe(404);
      expect((await api.get(`${path}/versions`)).status).toBe(404);
      expect((await api.put(path, { source: { text } })).status).toBe(404);
      expect((await api.delete(path)).status).toBe(404);
    }
  });
});
