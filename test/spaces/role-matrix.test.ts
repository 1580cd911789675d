import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api';
import { inviteAndAccept, newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

type Caller = 'admin' | 'create' | 'review' | 'edit' | 'comment' | 'read' | 'guest' | 'outsider';
const CALLERS: Caller[] = ['admin', 'create', 'review', 'edit', 'comment', 'read', 'guest', 'outsider'];

let orgId: string;
let otherOrgId: string;
const clients = {} as Record<Caller, ApiClient>;
let guestId: string;
let readId: string;

beforeAll(async () => {
  const org = await newOrganization(server, 'Matrix');
  orgId = org.id;
  otherOrgId = (await server.api.post('/v1/orgs', { title: 'Matrix target' })).body.id;
  for (const caller of CALLERS) {
    if (caller === 'outsider') {
      clients[caller] = server.as(server.userToken('matrix-outsider@example.com').token);
      continue;
    }
    const member = await org.member(caller === 'guest' ? null : caller, `matrix-${caller}`);
    clients[caller] = member.api;
    if (caller === 'guest') guestId = member.id;
    if (caller === 'read') readId = member.id;
    // Everyone but the outsider may create in the target organization, so transfer is decided by the source.
    await inviteAndAccept(server.api, member.api, otherOrgId, { email: member.email, role: 'admin' });
  }
});

async function freshSpace() {
  return (await server.api.post(`/v1/orgs/${orgId}/spaces`, { title: 'M' })).body.id as string;
}
async function freshCollection() {
  return (await server.api.post(`/v1/orgs/${orgId}/collections`, { title: 'M' })).body.id as string;
}
async function deletedSpace() {
  const id = await freshSpace();
  await server.api.delete(`/v1/spaces/${id}`);
  return id;
}

// Expected status for each caller, in the order of CALLERS.
const OPERATIONS: Array<[string, number[], (api: ApiClient) => Promise<number>]> = [
  ['list spaces', [200, 200, 200, 200, 200, 200, 200, 404], async (api) => (await api.get(`/v1/orgs/${orgId}/spaces`)).status],
  ['create a space', [201, 201, 403, 403, 403, 403, 403, 404], async (api) => (await api.post(`/v1/orgs/${orgId}/spaces`, {})).status],
  ['get a space', [200, 200, 200, 200, 200, 200, 404, 404], async (api) => (await api.get(`/v1/spaces/${await freshSpace()}`)).status],
  ['patch a space', [200, 403, 403, 403, 403, 403, 404, 404], async (api) => (await api.patch(`/v1/spaces/${await freshSpace()}`, { title: 'x' })).status],
  ['delete a space', [204, 403, 403, 403, 403, 403, 404, 404], async (api) => (await api.delete(`/v1/spaces/${await freshSpace()}`)).status],
  ['restore a space', [200, 403, 403, 403, 403, 403, 404, 404], async (api) => (await api.post(`/v1/spaces/${await deletedSpace()}/restore`)).status],
  ['duplicate a space', [201, 201, 403, 403, 403, 403, 404, 404], async (api) => (await api.post(`/v1/spaces/${await freshSpace()}/duplicate`)).status],
  ['move a space', [200, 403, 403, 403, 403, 403, 404, 404], async (api) => (await api.post(`/v1/spaces/${await freshSpace()}/move`, { parent: null })).status],
  ['transfer a space', [200, 403, 403, 403, 403, 403, 404, 404], async (api) => (await api.post(`/v1/spaces/${await freshSpace()}/transfer`, { organization: otherOrgId })).status],
  ['list collections', [200, 200, 200, 200, 200, 200, 200, 404], async (api) => (await api.get(`/v1/orgs/${orgId}/collections`)).status],
  ['create a collection', [201, 201, 403, 403, 403, 403, 403, 404], async (api) => (await api.post(`/v1/orgs/${orgId}/collections`, {})).status],
  ['get a collection', [200, 200, 200, 200, 200, 200, 404, 404], async (api) => (await api.get(`/v1/collections/${await freshCollection()}`)).status],
  ['patch a collection', [200, 403, 403, 403, 403, 403, 404, 404], async (api) => (await api.patch(`/v1/collections/${await freshCollection()}`, { title: 'x' })).status],
  ['delete a collection', [205, 403, 403, 403, 403, 403, 204, 204], async (api) => (await api.delete(`/v1/collections/${await freshCollection()}`)).status],
  ['list spaces of a collection', [200, 200, 200, 200, 200, 200, 404, 404], async (api) => (await api.get(`/v1/collections/${await freshCollection()}/spaces`)).status],
  ['move a collection', [200, 403, 403, 403, 403, 403, 404, 404], async (api) => (await api.post(`/v1/collections/${await freshCollection()}/move`, { parent: null })).status],
  ['transfer a collection', [200, 403, 403, 403, 403, 403, 404, 404], async (api) => (await api.post(`/v1/collections/${await freshCollection()}/transfer`, { organization: otherOrgId })).status],
  // Who is invited: anyone who sees the object may look; its admins change it (test/permissions/).
  ['invite to a space', [204, 403, 403, 403, 403, 403, 404, 404], async (api) => (await api.post(`/v1/spaces/${await freshSpace()}/permissions`, { role: 'read', users: [server.owner.id] })).status],
  ['list who is invited to a space', [200, 200, 200, 200, 200, 200, 404, 404], async (api) => (await api.get(`/v1/spaces/${await freshSpace()}/permissions/users`)).status],
  ['remove someone from a space', [204, 403, 403, 403, 403, 403, 404, 404], async (api) => (await api.delete(`/v1/spaces/${await freshSpace()}/permissions/users/${server.owner.id}`)).status],
  ['invite to a collection', [204, 403, 403, 403, 403, 403, 404, 404], async (api) => (await api.post(`/v1/collections/${await freshCollection()}/permissions`, { role: 'read', users: [server.owner.id] })).status],
  ['list who can reach a collection', [200, 200, 200, 200, 200, 200, 404, 404], async (api) => (await api.get(`/v1/collections/${await freshCollection()}/permissions/aggregate`)).status],
];

describe.each(OPERATIONS)('%s', (_name, expected, run) => {
  it.each(CALLERS.map((caller, i) => [caller, expected[i]!] as const))('as %s answers %i', async (caller, status) => {
    expect(await run(clients[caller])).toBe(status);
  });
});

describe('default levels raise access', () => {
  it("lets a reader administer a space whose defaultLevel is admin, and see it in the space's permissions", async () => {
    const space = await freshSpace();
    expect((await clients.read.patch(`/v1/spaces/${space}`, { title: 'x' })).status).toBe(403);
    await server.api.patch(`/v1/spaces/${space}`, { defaultLevel: 'admin' });
    const seen = await clients.read.get(`/v1/spaces/${space}`);
    expect(seen.body.permissions).toMatchObject({ admin: true, edit: true });
    expect((await clients.read.patch(`/v1/spaces/${space}`, { title: 'x' })).status).toBe(200);
  });

  it('lets a reader create spaces in a collection whose defaultLevel is create, including nested ones', async () => {
    const outer = await freshCollection();
    await server.api.patch(`/v1/collections/${outer}`, { defaultLevel: 'create' });
    const inner = (await server.api.post(`/v1/orgs/${orgId}/collections`, { parent: outer })).body.id;
    expect((await clients.read.get(`/v1/collections/${inner}`)).body.permissions).toMatchObject({ create: true, admin: false });
    expect((await clients.read.post(`/v1/orgs/${orgId}/spaces`, { parent: inner })).status).toBe(201);
    expect((await clients.read.post(`/v1/orgs/${orgId}/spaces`, {})).status).toBe(403);
  });

  it.each(['read', 'comment', 'edit', 'review', 'create', 'admin'] as const)(
    'gives a guest invited with "%s" exactly that role on the space, like a member holding it',
    async (role) => {
      const space = await freshSpace();
      await server.api.post(`/v1/spaces/${space}/permissions`, { role, users: [guestId] });
      const asGuest = (await clients.guest.get(`/v1/spaces/${space}`)).body.permissions;
      const asMember = (await clients[role].get(`/v1/spaces/${space}`)).body.permissions;
      expect(asGuest).toEqual(asMember);
    },
  );

  it('never lowers a role: a reader invited with "read" keeps an admin level, an admin invited with "read" stays admin', async () => {
    const space = await freshSpace();
    await server.api.patch(`/v1/spaces/${space}`, { defaultLevel: 'edit' });
    await server.api.post(`/v1/spaces/${space}/permissions`, { role: 'read', users: [readId, server.owner.id] });
    expect((await clients.read.get(`/v1/spaces/${space}`)).body.permissions.edit).toBe(true);
    expect((await server.api.get(`/v1/spaces/${space}`)).body.permissions.admin).toBe(true);
  });

  it('gives guests nothing from default levels', async () => {
    const space = await freshSpace();
    await server.api.patch(`/v1/spaces/${space}`, { defaultLevel: 'admin' });
    expect((await clients.guest.get(`/v1/spaces/${space}`)).status).toBe(404);
  });

  it('computes permissions for each role', async () => {
    const space = await freshSpace();
    const permissions = async (caller: Caller) => (await clients[caller].get(`/v1/spaces/${space}`)).body.permissions;
    expect(await permissions('comment')).toMatchObject({ view: true, comment: true, edit: false, review: false, admin: false });
    expect(await permissions('edit')).toMatchObject({ edit: true, merge: false, review: false });
    expect(await permissions('review')).toMatchObject({ edit: true, merge: true, review: true, admin: false });
    expect(await permissions('admin')).toMatchObject({ admin: true, viewInviteLinks: true, installIntegration: true });
  });
});
