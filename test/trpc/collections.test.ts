import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from './client';

const server = useTestServer();
const owner = () => trpcClient(server.url, server.owner.token);

/** Guides (with Advanced nested in it, and a space) and Reference, made through /v1. */
async function seeded() {
  const org = await newOrganization(server, 'tRPC collections');
  const guides = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Guides' })).body;
  const reference = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Reference' })).body;
  const advanced = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Advanced', parent: guides.id })).body;
  const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Start', parent: guides.id })).body;
  return { org, guides, reference, advanced, space };
}

describe('collection procedures over HTTP', () => {
  it('list (nested by default, or top-level only), get and spaces return the /v1 objects', async () => {
    const { org, guides } = await seeded();
    const nested = await owner().collections.list.query({ organizationId: org.id });
    expect(nested).toEqual((await server.api.get(`/v1/orgs/${org.id}/collections`)).body);
    expect(nested.items.map((c) => c.title)).toEqual(['Guides', 'Reference', 'Advanced']);
    const topLevel = await owner().collections.list.query({ organizationId: org.id, nested: false });
    expect(topLevel).toEqual((await server.api.get(`/v1/orgs/${org.id}/collections?nested=false`)).body);
    expect(topLevel.count).toBe(2);
    expect(await owner().collections.get.query({ collectionId: guides.id })).toEqual(
      (await server.api.get(`/v1/collections/${guides.id}`)).body,
    );
    expect(await owner().collections.listSpaces.query({ collectionId: guides.id })).toEqual(
      (await server.api.get(`/v1/collections/${guides.id}/spaces`)).body,
    );
  });

  it('create and update agree with /v1', async () => {
    const { org, guides } = await seeded();
    const created = await owner().collections.create.mutate({ organizationId: org.id, title: 'Tutorials', parent: guides.id });
    expect(created).toEqual((await server.api.get(`/v1/collections/${created.id}`)).body);
    expect(created).toMatchObject({ title: 'Tutorials', parent: guides.id, permissions: { create: true } });
    const updated = await owner().collections.update.mutate({ collectionId: created.id, description: 'Step by step', defaultLevel: 'edit' });
    expect(updated).toEqual((await server.api.get(`/v1/collections/${created.id}`)).body);
    expect(updated).toMatchObject({ description: 'Step by step', defaultLevel: 'edit' });
  });

  it('move and transfer agree with /v1', async () => {
    const { guides, reference, advanced } = await seeded();
    const moved = await owner().collections.move.mutate({ collectionId: advanced.id, parent: null, position: { before: { type: 'collection', collection: guides.id } } });
    expect(moved).toEqual((await server.api.get(`/v1/collections/${advanced.id}`)).body);
    expect(moved.parent).toBeUndefined();

    const other = await newOrganization(server, 'Elsewhere');
    const transferred = await owner().collections.transfer.mutate({ collectionId: reference.id, organization: other.id });
    expect(transferred).toEqual((await server.api.get(`/v1/collections/${reference.id}`)).body);
    expect(transferred.organization).toBe(other.id);
  });

  it('delete reports whether there was a collection, and sends its spaces to the trash', async () => {
    const { guides, space } = await seeded();
    expect(await owner().collections.delete.mutate({ collectionId: guides.id })).toEqual({ deleted: true });
    expect(await owner().collections.delete.mutate({ collectionId: guides.id })).toEqual({ deleted: false });
    expect((await server.api.get(`/v1/spaces/${space.id}`)).body.deletedAt).toEqual(expect.any(String));
  });

  it("maps errors to tRPC codes with the service's message", async () => {
    const { org, guides, advanced } = await seeded();
    const reader = await org.member('read', 'reader');
    const viaRest = await reader.api.patch(`/v1/collections/${guides.id}`, { title: 'Mine' });
    const forbidden = await trpcError(trpcClient(server.url, reader.token).collections.update.mutate({ collectionId: guides.id, title: 'Mine' }));
    expect(forbidden).toEqual({ code: 'FORBIDDEN', httpStatus: 403, message: viaRest.body.error.message });
    expect(forbidden.message).toBe('You need the "admin" role on this collection to change its settings (yours: read)');

    const intoItself = await trpcError(owner().collections.move.mutate({ collectionId: guides.id, parent: advanced.id }));
    expect(intoItself).toEqual({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      message: 'parent: a collection cannot be moved into itself or one of its own collections',
    });
    const readerCreate = await trpcError(trpcClient(server.url, reader.token).collections.create.mutate({ organizationId: org.id, title: 'X' }));
    expect(readerCreate).toMatchObject({ code: 'FORBIDDEN' });
    expect((await trpcError(owner().collections.get.query({ collectionId: 'missing' }))).message).toBe('Collection "missing" not found');
  });
});
