import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

describe("a member's spaces and teams", () => {
  it('lists the spaces a member can read with their role, newest first unless asked', async () => {
    const org = await newOrganization(server, 'Reach');
    const first = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'First' })).body.id as string;
    const second = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Second' })).body.id as string;
    const reader = await org.member('read');

    const res = await server.api.get(`/v1/orgs/${org.id}/members/${reader.id}/spaces`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((item: { permission: string; space: { id: string } }) => [item.space.id, item.permission])).toEqual([
      [second, 'read'],
      [first, 'read'],
    ]);
    const ascending = await server.api.get(`/v1/orgs/${org.id}/members/${reader.id}/spaces?order=asc&limit=1`);
    expect(ascending.body.items.map((item: { space: { id: string } }) => item.space.id)).toEqual([first]);
    expect(ascending.body.next.page).toBeTruthy();
  });

  it("shows a guest only the spaces they were invited to, with the invited role", async () => {
    const org = await newOrganization(server, 'Guests');
    const open = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Not for guests' })).body.id as string;
    const shared = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Shared' })).body.id as string;
    const guest = await org.member(null, 'guest');
    expect((await server.api.post(`/v1/spaces/${shared}/permissions`, { role: 'edit', users: [guest.id] })).status).toBe(204);

    const items = (await guest.api.get(`/v1/orgs/${org.id}/members/${guest.id}/spaces`)).body.items as Array<{ permission: string; space: { id: string } }>;
    expect(items.map((item) => [item.space.id, item.permission])).toEqual([[shared, 'edit']]);
    expect(items.some((item) => item.space.id === open)).toBe(false);
  });

  it("lists a member's teams with their role in each", async () => {
    const org = await newOrganization(server, 'Teams of');
    const writer = await org.member('edit');
    const docs = (await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'Docs', members: [writer.id] })).body.id as string;
    await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'Elsewhere' });
    await server.api.put(`/v1/orgs/${org.id}/teams/${docs}/members/${writer.id}`, { role: 'owner' });

    const res = await writer.api.get(`/v1/orgs/${org.id}/members/${writer.id}/teams`);
    expect(res.status).toBe(200);
    expect(res.body.items).toMatchObject([{ team: { id: docs, title: 'Docs', members: 1 }, member: { role: 'owner' } }]);
    expect((await server.api.get(`/v1/orgs/${org.id}/members/${writer.id}/teams?title=else`)).body.items).toEqual([]);
  });

  it('is for the member themselves and admins (403), members only (404)', async () => {
    const org = await newOrganization(server, 'Overview rights');
    const one = await org.member('edit');
    const other = await org.member('read');
    expect((await other.api.get(`/v1/orgs/${org.id}/members/${one.id}/spaces`)).status).toBe(403);
    expect((await other.api.get(`/v1/orgs/${org.id}/members/${one.id}/teams`)).status).toBe(403);
    expect((await server.api.get(`/v1/orgs/${org.id}/members/nobody/spaces`)).status).toBe(404);
    const outsider = server.as(server.userToken('overview-outsider@example.com').token);
    expect((await outsider.get(`/v1/orgs/${org.id}/members/${one.id}/teams`)).status).toBe(404);
    expect((await server.api.get(`/v1/orgs/${org.id}/members/${one.id}/spaces?order=sideways`)).status).toBe(400);
  });
});
