import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

describe('organization link invites', () => {
  it('creates, lists, gets, updates and deletes an invite link', async () => {
    const org = await newOrganization(server);
    const base = `/v1/orgs/${org.id}/link-invites`;
    const created = await server.api.post(base, { role: 'edit' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'invite', role: 'edit', redundant: true });

    const list = await server.api.get(base);
    expect(list.body).toMatchObject({ count: 1, items: [{ id: created.body.id }] });
    expect((await server.api.get(`${base}/${created.body.id}`)).body.role).toBe('edit');

    const updated = await server.api.patch(`${base}/${created.body.id}`, { role: 'admin' });
    expect(updated.body).toMatchObject({ role: 'admin', redundant: true });

    const deleted = await server.api.delete(`${base}/${created.body.id}`);
    expect(deleted.status).toBe(205);
    expect((await server.api.get(`${base}/${created.body.id}`)).status).toBe(404);
    expect((await server.api.delete(`${base}/${created.body.id}`)).status).toBe(404);
  });

  it('returns 400 for a role outside the enumeration', async () => {
    const org = await newOrganization(server);
    const res = await server.api.post(`/v1/orgs/${org.id}/link-invites`, { role: 'owner' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^role:/);
  });

  it('is for admins only', async () => {
    const org = await newOrganization(server);
    const creator = await org.member('create');
    expect((await creator.api.post(`/v1/orgs/${org.id}/link-invites`, { role: 'read' })).status).toBe(403);
    expect((await creator.api.get(`/v1/orgs/${org.id}/link-invites`)).status).toBe(403);
  });

  it('lets a user join with the link, and refuses when invite links are off', async () => {
    const org = await newOrganization(server);
    const invite = (await server.api.post(`/v1/orgs/${org.id}/link-invites`, { role: 'comment' })).body;
    const newcomer = server.userToken('newcomer-link@example.com');
    const api = server.as(newcomer.token);
    expect((await api.post(`/v1/orgs/${org.id}/invites/${invite.id}`)).status).toBe(200);
    expect((await api.get(`/v1/orgs/${org.id}/members/${newcomer.id}`)).body.role).toBe('comment');

    await server.api.patch(`/v1/orgs/${org.id}`, { inviteLinks: false });
    const late = server.userToken('late-link@example.com');
    expect((await server.as(late.token).post(`/v1/orgs/${org.id}/invites/${invite.id}`)).status).toBe(403);
    expect((await server.as(late.token).post(`/v1/orgs/${org.id}/invites/unknown`)).status).toBe(404);
  });
});
