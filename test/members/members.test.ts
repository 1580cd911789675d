import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

describe('GET /v1/orgs/{organizationId}/members', () => {
  it('lists members newest first by default, with users and team counts', async () => {
    const org = await newOrganization(server);
    const reader = await org.member('read', 'reader');
    const res = await server.api.get(`/v1/orgs/${org.id}/members`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.items.map((m: { id: string }) => m.id)).toEqual([reader.id, server.owner.id]);
    expect(res.body.items[0]).toMatchObject({ object: 'member', role: 'read', user: { email: reader.email }, teams: 0 });
  });

  it('filters by role, guest and search, and sorts ascending on request', async () => {
    const org = await newOrganization(server);
    const editor = await org.member('edit', 'Zebra');
    const guest = await org.member(null, 'guesty');
    const ids = async (query: string) =>
      (await server.api.get(`/v1/orgs/${org.id}/members?${query}`)).body.items.map((m: { id: string }) => m.id);
    expect(await ids('role=edit')).toEqual([editor.id]);
    expect(await ids('role=guest')).toEqual([guest.id]);
    expect(await ids('search=ZEBRA')).toEqual([editor.id]);
    expect(await ids('order=asc')).toEqual([server.owner.id, editor.id, guest.id]);
    expect(await ids('sort=lastSeenAt&order=asc')).toHaveLength(3);
  });

  it('returns 400 for an unknown role filter', async () => {
    const org = await newOrganization(server);
    const res = await server.api.get(`/v1/orgs/${org.id}/members?role=owner`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^role:/);
  });

  it('returns 403 to a guest and 404 to a non-member', async () => {
    const org = await newOrganization(server);
    const guest = await org.member(null, 'guest');
    expect((await guest.api.get(`/v1/orgs/${org.id}/members`)).status).toBe(403);
    const outsider = server.userToken('members-outsider@example.com');
    expect((await server.as(outsider.token).get(`/v1/orgs/${org.id}/members`)).status).toBe(404);
  });
});

describe('GET /v1/orgs/{organizationId}/members/{userId}', () => {
  it('returns one member', async () => {
    const org = await newOrganization(server);
    const writer = await org.member('create', 'writer');
    const res = await server.api.get(`/v1/orgs/${org.id}/members/${writer.id}`);
    expect(res.body).toMatchObject({ id: writer.id, role: 'create' });
  });

  it('lets a guest see only themselves', async () => {
    const org = await newOrganization(server);
    const guest = await org.member(null, 'guest');
    expect((await guest.api.get(`/v1/orgs/${org.id}/members/${guest.id}`)).status).toBe(200);
    expect((await guest.api.get(`/v1/orgs/${org.id}/members/${server.owner.id}`)).status).toBe(403);
  });

  it('returns 404 for a user who is not a member', async () => {
    const org = await newOrganization(server);
    expect((await server.api.get(`/v1/orgs/${org.id}/members/nobody`)).status).toBe(404);
  });
});

describe('PATCH /v1/orgs/{organizationId}/members/{userId}', () => {
  it("changes a member's role, including to guest", async () => {
    const org = await newOrganization(server);
    const member = await org.member('read');
    const res = await server.api.patch(`/v1/orgs/${org.id}/members/${member.id}`, { role: 'review' });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('review');
    expect((await server.api.patch(`/v1/orgs/${org.id}/members/${member.id}`, { role: null })).body.role).toBeNull();
  });

  it('returns 400 for a role outside the enumeration and when the role is missing', async () => {
    const org = await newOrganization(server);
    const member = await org.member('read');
    expect((await server.api.patch(`/v1/orgs/${org.id}/members/${member.id}`, { role: 'super' })).status).toBe(400);
    expect((await server.api.patch(`/v1/orgs/${org.id}/members/${member.id}`, {})).status).toBe(400);
  });

  it('returns 409 when the last admin would lose the role', async () => {
    const org = await newOrganization(server);
    const res = await server.api.patch(`/v1/orgs/${org.id}/members/${server.owner.id}`, { role: 'read' });
    expect(res.status).toBe(409);
  });

  it.each(['create', 'review', 'edit', 'comment', 'read'])('returns 403 to a member with the %s role', async (role) => {
    const org = await newOrganization(server);
    const caller = await org.member(role, 'caller');
    const target = await org.member('read', 'target');
    expect((await caller.api.patch(`/v1/orgs/${org.id}/members/${target.id}`, { role: 'admin' })).status).toBe(403);
  });
});

describe('DELETE /v1/orgs/{organizationId}/members/{userId}', () => {
  it('removes a member and their team memberships', async () => {
    const org = await newOrganization(server);
    const member = await org.member('edit');
    const team = (await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'T', members: [member.id] })).body;
    expect((await server.api.delete(`/v1/orgs/${org.id}/members/${member.id}`)).status).toBe(204);
    expect((await server.api.get(`/v1/orgs/${org.id}/members/${member.id}`)).status).toBe(404);
    expect((await server.api.get(`/v1/orgs/${org.id}/teams/${team.id}`)).body.members).toBe(0);
  });

  it('lets a member leave, but not remove others', async () => {
    const org = await newOrganization(server);
    const a = await org.member('edit');
    const b = await org.member('edit');
    expect((await a.api.delete(`/v1/orgs/${org.id}/members/${b.id}`)).status).toBe(403);
    expect((await a.api.delete(`/v1/orgs/${org.id}/members/${a.id}`)).status).toBe(204);
  });

  it('returns 409 for the last admin and 404 for a non-member', async () => {
    const org = await newOrganization(server);
    expect((await server.api.delete(`/v1/orgs/${org.id}/members/${server.owner.id}`)).status).toBe(409);
    expect((await server.api.delete(`/v1/orgs/${org.id}/members/nobody`)).status).toBe(404);
  });
});
