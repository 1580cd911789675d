import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

async function changeRequest(spaceId: string, subject: string) {
  const res = await server.api.post(`/v1/spaces/${spaceId}/change-requests`, { subject });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe('GET /orgs/{organizationId}/change-requests', () => {
  it("lists change requests across the organization's spaces, most recently updated first", async () => {
    const org = await newOrganization(server, 'All requests');
    const a = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'A' })).body.id as string;
    const b = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'B' })).body.id as string;
    const first = await changeRequest(a, 'First');
    const second = await changeRequest(b, 'Second');
    await server.api.patch(`/v1/spaces/${a}/change-requests/${first}`, { subject: 'First, edited' });

    const res = await server.api.get(`/v1/orgs/${org.id}/change-requests?status=draft,open`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((cr: { id: string }) => cr.id)).toEqual([first, second]);
    const byCreation = await server.api.get(`/v1/orgs/${org.id}/change-requests?status=draft,open&orderBy=createdAt`);
    expect(byCreation.body.items.map((cr: { id: string }) => cr.id)).toEqual([second, first]);
    const onlyB = await server.api.get(`/v1/orgs/${org.id}/change-requests?status=draft,open&space=${b}`);
    expect(onlyB.body.items.map((cr: { id: string }) => cr.id)).toEqual([second]);
    const byCreator = await server.api.get(`/v1/orgs/${org.id}/change-requests?status=draft,open&creator=${server.owner.id}&limit=1`);
    expect(byCreator.body.items).toHaveLength(1);
    expect(byCreator.body.count).toBe(2);
  });

  it('shows a guest only the change requests of spaces they can read', async () => {
    const org = await newOrganization(server, 'Guest requests');
    const hidden = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Hidden' })).body.id as string;
    const shared = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Shared' })).body.id as string;
    await changeRequest(hidden, 'Secret');
    const visible = await changeRequest(shared, 'Visible');
    const guest = await org.member(null, 'guest');
    await server.api.post(`/v1/spaces/${shared}/permissions`, { role: 'read', users: [guest.id] });

    const res = await guest.api.get(`/v1/orgs/${org.id}/change-requests?status=draft,open`);
    expect(res.body.items.map((cr: { id: string }) => cr.id)).toEqual([visible]);
    expect((await guest.api.get(`/v1/orgs/${org.id}/change-requests?space=${hidden}`)).status).toBe(400);
  });

  it('answers 400 for an unknown status, 404 for outsiders', async () => {
    const org = await newOrganization(server, 'Bad filters');
    const bad = await server.api.get(`/v1/orgs/${org.id}/change-requests?status=pending`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/status/);
    const outsider = server.as(server.userToken('cr-outsider@example.com').token);
    expect((await outsider.get(`/v1/orgs/${org.id}/change-requests`)).status).toBe(404);
  });
});
