import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from './client';

const server = useTestServer();
const owner = () => trpcClient(server.url, server.owner.token);

/** An organization with a collection, a space in it and one at the root, made through /v1. */
async function seeded() {
  const org = await newOrganization(server, 'tRPC spaces');
  const guides = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Guides' })).body;
  const inGuides = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'API', emoji: '📘', parent: guides.id })).body;
  const atRoot = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Handbook' })).body;
  return { org, guides, inGuides, atRoot };
}

describe('space procedures over HTTP', () => {
  it('list and get return the /v1 objects', async () => {
    const { org, atRoot } = await seeded();
    expect(await owner().spaces.list.query({ organizationId: org.id })).toEqual((await server.api.get(`/v1/orgs/${org.id}/spaces`)).body);
    const paged = await owner().spaces.list.query({ organizationId: org.id, limit: 1 });
    expect(paged).toEqual((await server.api.get(`/v1/orgs/${org.id}/spaces?limit=1`)).body);
    expect(paged.next?.page).toEqual(expect.any(String));
    expect(await owner().spaces.get.query({ spaceId: atRoot.id })).toEqual((await server.api.get(`/v1/spaces/${atRoot.id}`)).body);
  });

  it('create returns what /v1 then answers for the new space, at the root or in a collection', async () => {
    const { org, guides } = await seeded();
    const created = await owner().spaces.create.mutate({ organizationId: org.id, title: 'Via tRPC', emoji: '🚀', editMode: 'locked' });
    expect(created).toEqual((await server.api.get(`/v1/spaces/${created.id}`)).body);
    expect(created).toMatchObject({ title: 'Via tRPC', emoji: '🚀', editMode: 'locked', visibility: 'private' });
    const nested = await owner().spaces.create.mutate({ organizationId: org.id, title: 'Nested', parent: guides.id });
    expect(nested).toEqual((await server.api.get(`/v1/spaces/${nested.id}`)).body);
    expect(nested).toMatchObject({ parent: guides.id, visibility: 'in-collection' });
    const inGuides = await owner().collections.listSpaces.query({ collectionId: guides.id });
    expect(inGuides.items.map((s) => s.title)).toEqual(['API', 'Nested']);
  });

  it('update, delete and restore agree with /v1', async () => {
    const { atRoot } = await seeded();
    const updated = await owner().spaces.update.mutate({ spaceId: atRoot.id, title: 'Renamed', defaultLevel: 'read', emoji: null });
    expect(updated).toEqual((await server.api.get(`/v1/spaces/${atRoot.id}`)).body);
    expect(updated).toMatchObject({ title: 'Renamed', defaultLevel: 'read', emoji: '' });

    expect(await owner().spaces.delete.mutate({ spaceId: atRoot.id })).toBeUndefined();
    const trashed = (await server.api.get(`/v1/spaces/${atRoot.id}`)).body;
    expect(trashed.deletedAt).toEqual(expect.any(String));
    expect(await owner().spaces.get.query({ spaceId: atRoot.id })).toEqual(trashed);

    const restored = await owner().spaces.restore.mutate({ spaceId: atRoot.id });
    expect(restored).toEqual((await server.api.get(`/v1/spaces/${atRoot.id}`)).body);
    expect(restored.deletedAt).toBeUndefined();
  });

  it('duplicate, move and transfer agree with /v1', async () => {
    const { org, guides, inGuides, atRoot } = await seeded();
    const copy = await owner().spaces.duplicate.mutate({ spaceId: inGuides.id });
    expect(copy).toEqual((await server.api.get(`/v1/spaces/${copy.id}`)).body);
    expect(copy).toMatchObject({ title: 'API', emoji: '📘', parent: guides.id });

    const moved = await owner().spaces.move.mutate({
      spaceId: atRoot.id,
      parent: guides.id,
      position: { before: { type: 'space', space: inGuides.id } },
    });
    expect(moved).toEqual((await server.api.get(`/v1/spaces/${atRoot.id}`)).body);
    const order = (await server.api.get(`/v1/collections/${guides.id}/spaces`)).body.items.map((s: { id: string }) => s.id);
    expect(order).toEqual([atRoot.id, inGuides.id, copy.id]);

    const other = await newOrganization(server, 'Elsewhere');
    const transferred = await owner().spaces.transfer.mutate({ spaceId: copy.id, organization: other.id });
    expect(transferred).toEqual((await server.api.get(`/v1/spaces/${copy.id}`)).body);
    expect(transferred).toMatchObject({ organization: other.id, visibility: 'private' });
    expect((await owner().spaces.list.query({ organizationId: org.id })).count).toBe(2);
  });

  it("refuses a reader's update with FORBIDDEN and the service's message, as /v1 does with 403", async () => {
    const { org, atRoot } = await seeded();
    const reader = await org.member('read', 'reader');
    const viaRest = await reader.api.patch(`/v1/spaces/${atRoot.id}`, { title: 'Mine now' });
    expect(viaRest.status).toBe(403);
    const error = await trpcError(trpcClient(server.url, reader.token).spaces.update.mutate({ spaceId: atRoot.id, title: 'Mine now' }));
    expect(error).toEqual({ code: 'FORBIDDEN', httpStatus: 403, message: viaRest.body.error.message });
    expect(error.message).toBe('You need the "admin" role on this space to change its settings (yours: read)');
    // The reader still sees the space, with permissions that say so.
    const seen = await trpcClient(server.url, reader.token).spaces.get.query({ spaceId: atRoot.id });
    expect(seen.permissions).toMatchObject({ view: true, edit: false, admin: false });
  });

  it('maps the other kinds: NOT_FOUND, CONFLICT, BAD_REQUEST naming the field, UNAUTHORIZED', async () => {
    const { org, atRoot } = await seeded();
    const stranger = server.userToken('trpc-space-stranger@example.com');
    expect(await trpcError(trpcClient(server.url, stranger.token).spaces.get.query({ spaceId: atRoot.id }))).toEqual({
      code: 'NOT_FOUND',
      httpStatus: 404,
      message: `Space "${atRoot.id}" not found`,
    });
    expect(await trpcError(owner().spaces.restore.mutate({ spaceId: atRoot.id }))).toMatchObject({
      code: 'CONFLICT',
      message: 'This space is not deleted',
    });

    const long = 't'.repeat(51);
    const viaRest = await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: long });
    const invalid = await trpcError(owner().spaces.create.mutate({ organizationId: org.id, title: long }));
    expect(invalid).toEqual({ code: 'BAD_REQUEST', httpStatus: 400, message: viaRest.body.error.message });
    expect(invalid.message).toMatch(/^title: /);
    const unknownKey = await trpcError(owner().spaces.update.mutate({ spaceId: atRoot.id, visibility: 'public' } as never));
    expect(unknownKey.message).toMatch(/visibility/);
    const noMove = await trpcError(owner().spaces.move.mutate({ spaceId: atRoot.id }));
    expect(noMove).toMatchObject({ code: 'BAD_REQUEST', message: 'input: give a parent, a position, or both' });

    expect((await trpcError(trpcClient(server.url).spaces.list.query({ organizationId: org.id }))).code).toBe('UNAUTHORIZED');
    expect((await server.api.get(`/v1/orgs/${org.id}/spaces`)).body.count).toBe(2);
  });
});
