import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

describe('permissions invited on a collection', () => {
  it('invites, lists, changes and removes users and teams', async () => {
    const org = await newOrganization(server, 'Collection sharing');
    const collection = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Guides' })).body.id as string;
    const reader = await org.member('read', 'c-reader');
    const team = (await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'Docs', members: [reader.id] })).body.id as string;

    expect((await server.api.post(`/v1/collections/${collection}/permissions`, { role: 'create', users: [reader.id], teams: [team] })).status).toBe(204);
    expect((await server.api.get(`/v1/collections/${collection}/permissions/users`)).body.items).toMatchObject([{ permission: 'create', user: { id: reader.id } }]);
    expect((await server.api.get(`/v1/collections/${collection}/permissions/teams`)).body.items).toMatchObject([{ permission: 'create', team: { id: team } }]);
    expect((await reader.api.get(`/v1/collections/${collection}`)).body.permissions).toMatchObject({ create: true, admin: false });
    expect((await reader.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Made by an invited creator', parent: collection })).status).toBe(201);

    const aggregate = await server.api.get(`/v1/collections/${collection}/permissions/aggregate?role=create`);
    expect(aggregate.body.items.map((i: { user: { id: string } }) => i.user.id)).toEqual([reader.id]);

    expect((await server.api.patch(`/v1/collections/${collection}/permissions/users/${reader.id}`, { role: null })).status).toBe(204);
    expect((await server.api.get(`/v1/collections/${collection}/permissions/users`)).body.count).toBe(0);
    expect((await server.api.patch(`/v1/collections/${collection}/permissions/teams/${team}`, { role: 'admin' })).status).toBe(204);
    expect((await reader.api.patch(`/v1/collections/${collection}`, { title: 'Renamed by the team' })).status).toBe(200);
    expect((await server.api.delete(`/v1/collections/${collection}/permissions/teams/${team}`)).status).toBe(205);
    expect((await server.api.delete(`/v1/collections/${collection}/permissions/users/${reader.id}`)).status).toBe(204);
    expect((await reader.api.patch(`/v1/collections/${collection}`, { title: 'no longer' })).status).toBe(403);
  });

  it('drops the invitations of a deleted collection', async () => {
    const org = await newOrganization(server, 'Collection cleanup');
    const collection = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Gone' })).body.id as string;
    const guest = await org.member(null, 'c-guest');
    await server.api.post(`/v1/collections/${collection}/permissions`, { role: 'read', users: [guest.id] });
    expect((await server.api.get(`/v1/orgs/${org.id}/members/${guest.id}`)).status).toBe(200);
    expect((await server.api.delete(`/v1/collections/${collection}`)).status).toBe(205);
    const row = server.app.db.prepare("SELECT COUNT(*) AS n FROM content_permissions WHERE object_id = ?").get(collection) as { n: number };
    expect(row.n).toBe(0);
  });
});

describe('permissions invited on a site', () => {
  it('invites, lists, changes and removes users and teams, and the role decides what they may do', async () => {
    const org = await newOrganization(server, 'Site sharing');
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs site' })).body.id as string;
    const base = `/v1/orgs/${org.id}/sites/${site}/permissions`;
    const reader = await org.member('read', 's-reader');
    const guest = await org.member(null, 's-guest');
    const team = (await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'Site team', members: [guest.id] })).body.id as string;

    expect((await reader.api.patch(`/v1/orgs/${org.id}/sites/${site}`, { title: 'Not yet' })).status).toBe(403);
    expect((await guest.api.get(`/v1/orgs/${org.id}/sites/${site}`)).status).toBe(404);

    expect((await server.api.post(base, { role: 'admin', users: [reader.id] })).status).toBe(204);
    expect((await server.api.post(base, { role: 'read', teams: [team] })).status).toBe(204);
    expect((await reader.api.patch(`/v1/orgs/${org.id}/sites/${site}`, { title: 'Renamed by a site admin' })).status).toBe(200);
    expect((await guest.api.get(`/v1/orgs/${org.id}/sites/${site}`)).status).toBe(200);
    expect((await guest.api.patch(`/v1/orgs/${org.id}/sites/${site}`, { title: 'no' })).status).toBe(403);
    await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Not shared' });
    // The site as its visitors see it, published or not: an invited guest is one of its readers.
    expect((await guest.api.get(`/v1/orgs/${org.id}/sites/${site}/publishing/preview`)).status).toBe(200);
    expect((await guest.api.get(`/v1/orgs/${org.id}/sites`)).body.items.map((i: { id: string }) => i.id)).toEqual([site]);

    expect((await server.api.get(`${base}/users`)).body.items).toMatchObject([{ permission: 'admin', user: { id: reader.id } }]);
    expect((await server.api.get(`${base}/teams`)).body.items).toMatchObject([{ permission: 'read', team: { id: team } }]);
    const everyone = await server.api.get(`${base}/aggregate`);
    expect(everyone.status).toBe(200);
    const roles = Object.fromEntries(everyone.body.items.map((i: { user: { id: string }; permission: string }) => [i.user.id, i.permission]));
    expect(roles).toEqual({ [server.owner.id]: 'admin', [reader.id]: 'admin', [guest.id]: 'read' });
    expect(everyone.body.items[0]).toMatchObject({ origin: { type: 'organization', organization: org.id }, disabled: false });
    const guests = await server.api.get(`${base}/aggregate?role=guest`);
    expect(guests.body.items.map((i: { user: { id: string } }) => i.user.id)).toEqual([guest.id]);
    const inTeam = await server.api.get(`${base}/aggregate?team=${team}&sort=name&order=asc`);
    expect(inTeam.body.count).toBe(1);
    expect((await server.api.get(`${base}/aggregate?team=nosuchteam`)).status).toBe(400);

    expect((await server.api.patch(`${base}/users/${reader.id}`, { role: 'read' })).status).toBe(204);
    expect((await reader.api.patch(`/v1/orgs/${org.id}/sites/${site}`, { title: 'no more' })).status).toBe(403);
    expect((await server.api.patch(`${base}/teams/${team}`, { role: null })).status).toBe(400);
    expect((await server.api.patch(`${base}/teams/${team}`, { role: 'comment' })).status).toBe(204);
    expect((await server.api.delete(`${base}/users/${reader.id}`)).status).toBe(205);
    expect((await server.api.delete(`${base}/teams/${team}`)).status).toBe(205);
    expect((await server.api.delete(`${base}/teams/${team}`)).status).toBe(204);
    expect((await guest.api.get(`/v1/orgs/${org.id}/sites/${site}`)).status).toBe(404);
    expect((await guest.api.get(`/v1/orgs/${org.id}/sites`)).body.count).toBe(0);
    expect((await guest.api.get(`/v1/orgs/${org.id}/sites/${site}/publishing/preview`)).status).toBe(404);
  });

  it('answers 403 to a member who is not an admin of the site and 404 to a guest', async () => {
    const org = await newOrganization(server, 'Site refusals');
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs site' })).body.id as string;
    const editor = await org.member('edit', 's-editor');
    const guest = await org.member(null, 's-nosy');
    expect((await editor.api.post(`/v1/orgs/${org.id}/sites/${site}/permissions`, { role: 'read', users: [guest.id] })).status).toBe(403);
    expect((await guest.api.get(`/v1/orgs/${org.id}/sites/${site}/permissions/users`)).status).toBe(404);
    expect((await server.api.post(`/v1/orgs/${org.id}/sites/nosuchsite/permissions`, { role: 'read', users: [guest.id] })).status).toBe(404);
  });
});
