import { describe, expect, it } from 'vitest';
import { inviteAndAccept, newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

const ids = (res: { body: { items: Array<{ id: string }> } }) => res.body.items.map((s) => s.id);

describe('spaces', () => {
  it('creates a space at the root of an organization', async () => {
    const org = await newOrganization(server);
    const res = await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Handbook', emoji: '📘' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: 'space',
      title: 'Handbook',
      emoji: '📘',
      visibility: 'private',
      editMode: 'live',
      organization: org.id,
      defaultLevel: 'inherit',
      comments: 0,
      permissions: { view: true, admin: true, edit: true },
    });
    expect(res.body.parent).toBeUndefined();
    expect(res.body.revision).toEqual(expect.any(String));
    expect(res.body.urls.location).toBe(`${server.url}/v1/spaces/${res.body.id}`);
  });

  it('creates a space in a collection with in-collection visibility', async () => {
    const org = await newOrganization(server);
    const collection = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Guides' })).body;
    const res = await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'API', parent: collection.id });
    expect(res.body).toMatchObject({ parent: collection.id, visibility: 'in-collection' });
    expect(ids(await server.api.get(`/v1/collections/${collection.id}/spaces`))).toEqual([res.body.id]);
  });

  it.each([
    [{ title: 't'.repeat(51) }, /^title:/],
    [{ emoji: 'e'.repeat(51) }, /^emoji:/],
    [{ parent: 'missing' }, /^parent:/],
    [{ editMode: 'frozen' }, /^editMode:/],
    [{ visibility: 'public' }, /visibility/],
  ])('returns 400 for %j and creates nothing', async (body, message) => {
    const org = await newOrganization(server);
    const res = await server.api.post(`/v1/orgs/${org.id}/spaces`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await server.api.get(`/v1/orgs/${org.id}/spaces`)).body.count).toBe(0);
  });

  it('refuses a parent collection of another organization', async () => {
    const a = await newOrganization(server);
    const b = await newOrganization(server);
    const foreign = (await server.api.post(`/v1/orgs/${b.id}/collections`, { title: 'B' })).body;
    const res = await server.api.post(`/v1/orgs/${a.id}/spaces`, { parent: foreign.id });
    expect(res.status).toBe(400);
  });

  it('gets a space, accepting a shareKey', async () => {
    const org = await newOrganization(server);
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'S' })).body;
    const res = await server.api.get(`/v1/spaces/${space.id}?shareKey=abc`);
    expect(res.body.id).toBe(space.id);
    expect((await server.api.get('/v1/spaces/missing')).status).toBe(404);
  });

  it('patches editMode, title, defaultLevel and emoji, and removes the emoji with null', async () => {
    const org = await newOrganization(server);
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'S', emoji: '🎉' })).body;
    const res = await server.api.patch(`/v1/spaces/${space.id}`, { editMode: 'locked', title: 'New', defaultLevel: 'edit' });
    expect(res.body).toMatchObject({ editMode: 'locked', title: 'New', defaultLevel: 'edit', emoji: '🎉' });
    expect((await server.api.patch(`/v1/spaces/${space.id}`, { emoji: null })).body.emoji).toBe('');
    expect((await server.api.patch(`/v1/spaces/${space.id}`, { defaultLevel: null })).body.defaultLevel).toBeNull();
    const bad = await server.api.patch(`/v1/spaces/${space.id}`, { defaultLevel: 'owner' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^defaultLevel:/);
  });

  it('duplicates a space right after the original', async () => {
    const org = await newOrganization(server);
    const a = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'A', emoji: '🅰️' })).body;
    const b = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'B' })).body;
    await server.api.patch(`/v1/spaces/${a.id}`, { defaultLevel: 'comment' });
    const copy = await server.api.post(`/v1/spaces/${a.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.headers.get('location')).toBe(copy.body.urls.location);
    expect(copy.body).toMatchObject({ title: 'A', emoji: '🅰️', defaultLevel: 'comment' });
    expect(copy.body.id).not.toBe(a.id);
    expect(copy.body.revision).not.toBe(a.revision);
    expect(ids(await server.api.get(`/v1/orgs/${org.id}/spaces`))).toEqual([a.id, copy.body.id, b.id]);
  });

  it('answers the integration listings of a space', async () => {
    const org = await newOrganization(server);
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, {})).body;
    expect((await server.api.get(`/v1/spaces/${space.id}/integrations?search=x`)).body).toEqual({ items: [], count: 0 });
    expect((await server.api.get(`/v1/spaces/${space.id}/integration-blocks`)).body).toEqual([]);
    expect((await server.api.get(`/v1/spaces/${space.id}/integration-scripts`)).body).toEqual([]);
    expect((await server.api.get('/v1/spaces/missing/integration-blocks')).status).toBe(404);
    expect((await server.api.get(`/v1/spaces/${space.id}/integration-scripts?unexpected=1`)).status).toBe(400);
  });

  it('lists spaces with pagination', async () => {
    const org = await newOrganization(server);
    const created: string[] = [];
    for (let i = 0; i < 5; i += 1) created.push((await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: `S${i}` })).body.id);
    const first = await server.api.get(`/v1/orgs/${org.id}/spaces?limit=2`);
    expect(first.body.count).toBe(5);
    const rest = await server.api.get(`/v1/orgs/${org.id}/spaces?limit=10&page=${first.body.next.page}`);
    expect([...ids(first), ...ids(rest)]).toEqual(created);
  });

  it('counts live spaces on members', async () => {
    const org = await newOrganization(server);
    await server.api.post(`/v1/orgs/${org.id}/spaces`, {});
    await server.api.post(`/v1/orgs/${org.id}/spaces`, {});
    const guest = await org.member(null);
    expect((await server.api.get(`/v1/orgs/${org.id}/members/${server.owner.id}`)).body.spaces).toBe(2);
    expect((await server.api.get(`/v1/orgs/${org.id}/members/${guest.id}`)).body.spaces).toBe(0);
  });
});

describe('moving spaces', () => {
  async function threeSpaces() {
    const org = await newOrganization(server);
    const make = async (title: string) => (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title })).body.id as string;
    return { org, a: await make('A'), b: await make('B'), c: await make('C') };
  }

  it('moves a space before and after a sibling, and the lists keep the order', async () => {
    const { org, a, b, c } = await threeSpaces();
    await server.api.post(`/v1/spaces/${c}/move`, { position: { before: { type: 'space', space: a } } });
    expect(ids(await server.api.get(`/v1/orgs/${org.id}/spaces`))).toEqual([c, a, b]);
    await server.api.post(`/v1/spaces/${c}/move`, { position: { after: { type: 'space', space: b } } });
    expect(ids(await server.api.get(`/v1/orgs/${org.id}/spaces`))).toEqual([a, b, c]);
    await server.api.post(`/v1/spaces/${a}/move`, { position: { after: { type: 'space', space: b } } });
    expect(ids(await server.api.get(`/v1/orgs/${org.id}/spaces`))).toEqual([b, a, c]);
  });

  it('moves a space into a collection and back to the root', async () => {
    const { org, a, b } = await threeSpaces();
    const collection = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'C' })).body;
    const moved = await server.api.post(`/v1/spaces/${a}/move`, { parent: collection.id });
    expect(moved.body).toMatchObject({ parent: collection.id });
    expect(ids(await server.api.get(`/v1/collections/${collection.id}/spaces`))).toEqual([a]);
    const back = await server.api.post(`/v1/spaces/${a}/move`, { parent: null, position: { before: { type: 'space', space: b } } });
    expect(back.body.parent).toBeUndefined();
    expect(ids(await server.api.get(`/v1/collections/${collection.id}/spaces`))).toEqual([]);
  });

  it('places a space relative to a collection', async () => {
    const { org, a, b, c } = await threeSpaces();
    const collection = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Col' })).body;
    await server.api.post(`/v1/spaces/${c}/move`, { position: { after: { type: 'collection', collection: collection.id } } });
    await server.api.post(`/v1/collections/${collection.id}/move`, { position: { before: { type: 'space', space: a } } });
    // Root order is now: collection, a, b, c — the spaces list shows the spaces in that order.
    expect(ids(await server.api.get(`/v1/orgs/${org.id}/spaces`))).toEqual([a, b, c]);
  });

  it.each([
    [{}, /^body:|give a parent/],
    [{ position: { before: { type: 'space', space: 'elsewhere' } } }, /^position\.before:/],
    [{ position: { before: { type: 'planet', space: 'x' } } }, /^position\.before/],
    [{ parent: 'missing' }, /^parent:/],
  ])('returns 400 for %j', async (body, message) => {
    const { a } = await threeSpaces();
    const res = await server.api.post(`/v1/spaces/${a}/move`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
  });
});

describe('transferring spaces', () => {
  it('moves a space to the root of another organization', async () => {
    const from = await newOrganization(server, 'From');
    const to = await newOrganization(server, 'To');
    const collection = (await server.api.post(`/v1/orgs/${from.id}/collections`, { title: 'C' })).body;
    const space = (await server.api.post(`/v1/orgs/${from.id}/spaces`, { title: 'Moving', parent: collection.id })).body;
    const res = await server.api.post(`/v1/spaces/${space.id}/transfer`, { organization: to.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ organization: to.id, visibility: 'private' });
    expect(res.body.parent).toBeUndefined();
    expect(ids(await server.api.get(`/v1/orgs/${to.id}/spaces`))).toEqual([space.id]);
    expect(ids(await server.api.get(`/v1/orgs/${from.id}/spaces`))).toEqual([]);
  });

  it('returns 409 when the space is already in that organization', async () => {
    const org = await newOrganization(server);
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, {})).body;
    expect((await server.api.post(`/v1/spaces/${space.id}/transfer`, { organization: org.id })).status).toBe(409);
  });

  it('refuses an organization the caller does not belong to, or cannot create in', async () => {
    const org = await newOrganization(server);
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, {})).body;
    const stranger = server.userToken('transfer-stranger@example.com');
    const foreign = (await server.as(stranger.token).post('/v1/orgs', { title: 'Foreign' })).body;
    expect((await server.api.post(`/v1/spaces/${space.id}/transfer`, { organization: foreign.id })).status).toBe(404);

    await inviteAndAccept(server.as(stranger.token), server.api, foreign.id, { email: 'owner@folio.localhost', role: 'read' });
    expect((await server.api.post(`/v1/spaces/${space.id}/transfer`, { organization: foreign.id })).status).toBe(403);
    expect((await server.api.post(`/v1/spaces/${space.id}/transfer`, {})).status).toBe(400);
  });
});
