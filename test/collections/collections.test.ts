import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

const ids = (res: { body: { items: Array<{ id: string }> } }) => res.body.items.map((c) => c.id);

describe('collections', () => {
  it('creates, gets and patches a collection', async () => {
    const org = await newOrganization(server);
    const created = await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Guides' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: 'collection',
      title: 'Guides',
      organization: org.id,
      defaultLevel: 'inherit',
      permissions: { view: true, admin: true, create: true, viewInviteLinks: true },
    });
    expect(created.body.urls.location).toBe(`${server.url}/v1/collections/${created.body.id}`);

    const patched = await server.api.patch(`/v1/collections/${created.body.id}`, {
      title: 'Handbooks',
      description: 'Everything we know',
      defaultLevel: 'comment',
    });
    expect(patched.body).toMatchObject({ title: 'Handbooks', description: 'Everything we know', defaultLevel: 'comment' });
    expect((await server.api.get(`/v1/collections/${created.body.id}`)).body.title).toBe('Handbooks');
  });

  it.each([
    [{ title: 't'.repeat(51) }, /^title:/],
    [{ description: 'd'.repeat(101) }, /^description:/],
    [{ defaultLevel: 'boss' }, /^defaultLevel:/],
  ])('returns 400 for a patch %j', async (body, message) => {
    const org = await newOrganization(server);
    const collection = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'C' })).body;
    const res = await server.api.patch(`/v1/collections/${collection.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
  });

  it('returns 400 for a create with a title over 50 characters or an unknown parent', async () => {
    const org = await newOrganization(server);
    expect((await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 't'.repeat(51) })).status).toBe(400);
    expect((await server.api.post(`/v1/orgs/${org.id}/collections`, { parent: 'missing' })).status).toBe(400);
  });

  it('lists nested collections unless nested=false', async () => {
    const org = await newOrganization(server);
    const top = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Top' })).body;
    const child = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Child', parent: top.id })).body;
    expect(child.parent).toBe(top.id);
    expect(ids(await server.api.get(`/v1/orgs/${org.id}/collections`))).toEqual([top.id, child.id]);
    expect(ids(await server.api.get(`/v1/orgs/${org.id}/collections?nested=true`))).toEqual([top.id, child.id]);
    expect(ids(await server.api.get(`/v1/orgs/${org.id}/collections?nested=false`))).toEqual([top.id]);
    expect((await server.api.get(`/v1/orgs/${org.id}/collections?nested=maybe`)).status).toBe(400);
  });

  it('deletes a collection with its nested collections, sending their spaces to the trash', async () => {
    const org = await newOrganization(server);
    const top = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Top' })).body;
    const child = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Child', parent: top.id })).body;
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { parent: child.id })).body;
    const kept = (await server.api.post(`/v1/orgs/${org.id}/spaces`, {})).body;

    expect((await server.api.delete(`/v1/collections/${top.id}`)).status).toBe(205);
    expect((await server.api.get(`/v1/collections/${child.id}`)).status).toBe(404);
    expect((await server.api.get(`/v1/spaces/${space.id}`)).body.deletedAt).toBeDefined();
    expect(ids(await server.api.get(`/v1/orgs/${org.id}/spaces`))).toEqual([kept.id]);
    // Deleting again: the collection no longer exists.
    expect((await server.api.delete(`/v1/collections/${top.id}`)).status).toBe(204);
  });

  it('lists the spaces of a collection in order', async () => {
    const org = await newOrganization(server);
    const collection = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'C' })).body;
    const a = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { parent: collection.id, title: 'A' })).body;
    const b = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { parent: collection.id, title: 'B' })).body;
    await server.api.post(`/v1/spaces/${b.id}/move`, { position: { before: { type: 'space', space: a.id } } });
    const res = await server.api.get(`/v1/collections/${collection.id}/spaces`);
    expect(ids(res)).toEqual([b.id, a.id]);
    expect(res.body.count).toBe(2);
  });
});

describe('moving and transferring collections', () => {
  it('nests a collection in another and orders it among its siblings', async () => {
    const org = await newOrganization(server);
    const make = async (title: string, parent?: string) =>
      (await server.api.post(`/v1/orgs/${org.id}/collections`, { title, parent })).body.id as string;
    const a = await make('A');
    const b = await make('B');
    const c = await make('C');
    await server.api.post(`/v1/collections/${c}/move`, { position: { before: { type: 'collection', collection: a } } });
    expect(ids(await server.api.get(`/v1/orgs/${org.id}/collections`))).toEqual([c, a, b]);

    const moved = await server.api.post(`/v1/collections/${b}/move`, { parent: a });
    expect(moved.body.parent).toBe(a);
    const inner = await make('Inner', a);
    await server.api.post(`/v1/collections/${inner}/move`, { position: { before: { type: 'collection', collection: b } } });
    const nested = (await server.api.get(`/v1/orgs/${org.id}/collections`)).body.items
      .filter((x: { parent?: string }) => x.parent === a)
      .map((x: { id: string }) => x.id);
    expect(nested).toEqual([inner, b]);
  });

  it('refuses to move a collection into itself or its own descendants', async () => {
    const org = await newOrganization(server);
    const top = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Top' })).body;
    const child = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Child', parent: top.id })).body;
    expect((await server.api.post(`/v1/collections/${top.id}/move`, { parent: top.id })).status).toBe(400);
    const res = await server.api.post(`/v1/collections/${top.id}/move`, { parent: child.id });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^parent:/);
  });

  it('transfers a collection with its nested collections and spaces', async () => {
    const from = await newOrganization(server, 'From');
    const to = await newOrganization(server, 'To');
    const top = (await server.api.post(`/v1/orgs/${from.id}/collections`, { title: 'Top' })).body;
    const child = (await server.api.post(`/v1/orgs/${from.id}/collections`, { title: 'Child', parent: top.id })).body;
    const space = (await server.api.post(`/v1/orgs/${from.id}/spaces`, { parent: child.id })).body;

    const res = await server.api.post(`/v1/collections/${top.id}/transfer`, { organization: to.id });
    expect(res.status).toBe(200);
    expect(res.body.organization).toBe(to.id);
    expect(ids(await server.api.get(`/v1/orgs/${to.id}/collections`))).toEqual([top.id, child.id]);
    expect((await server.api.get(`/v1/spaces/${space.id}`)).body).toMatchObject({ organization: to.id, parent: child.id });
    expect((await server.api.get(`/v1/orgs/${from.id}/collections`)).body.count).toBe(0);
    expect((await server.api.post(`/v1/collections/${top.id}/transfer`, { organization: to.id })).status).toBe(409);
  });
});
