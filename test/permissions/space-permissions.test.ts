import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

async function setup() {
  const org = await newOrganization(server, 'Sharing');
  const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Shared' })).body.id as string;
  const other = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Not shared' })).body.id as string;
  return { org, space, other };
}

describe('permissions invited on a space', () => {
  it('invites users and teams, lists, changes and removes them', async () => {
    const { org, space } = await setup();
    const reader = await org.member('read', 'reader');
    const teamMember = await org.member('read', 'teammate');
    const team = (await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'Writers', members: [teamMember.id] })).body.id as string;

    expect((await server.api.post(`/v1/spaces/${space}/permissions`, { role: 'edit', users: [reader.id], teams: [team] })).status).toBe(204);

    const users = await server.api.get(`/v1/spaces/${space}/permissions/users`);
    expect(users.status).toBe(200);
    expect(users.body).toMatchObject({ count: 1, items: [{ permission: 'edit', user: { id: reader.id, object: 'user' } }] });
    const teams = await server.api.get(`/v1/spaces/${space}/permissions/teams`);
    expect(teams.body).toMatchObject({ count: 1, items: [{ permission: 'edit', team: { id: team, members: 1, spaces: 1 } }] });

    const aggregate = await server.api.get(`/v1/spaces/${space}/permissions/aggregate`);
    const roleOf = (id: string) => (aggregate.body.items as Array<{ permission: string; user: { id: string } }>).find((i) => i.user.id === id)?.permission;
    expect(roleOf(reader.id)).toBe('edit');
    expect(roleOf(teamMember.id)).toBe('edit');
    expect(roleOf(server.owner.id)).toBe('admin');
    const editors = await server.api.get(`/v1/spaces/${space}/permissions/aggregate?role=edit`);
    expect(editors.body.count).toBe(2);

    expect((await server.api.patch(`/v1/spaces/${space}/permissions/users/${reader.id}`, { role: 'admin' })).status).toBe(204);
    expect((await reader.api.patch(`/v1/spaces/${space}`, { title: 'Renamed by an invited admin' })).status).toBe(200);
    expect((await server.api.patch(`/v1/spaces/${space}/permissions/teams/${team}`, { role: 'comment' })).status).toBe(204);
    expect((await server.api.get(`/v1/spaces/${space}/permissions/teams`)).body.items[0].permission).toBe('comment');

    expect((await server.api.delete(`/v1/spaces/${space}/permissions/users/${reader.id}`)).status).toBe(205);
    expect((await server.api.delete(`/v1/spaces/${space}/permissions/users/${reader.id}`)).status).toBe(204);
    expect((await reader.api.patch(`/v1/spaces/${space}`, { title: 'again' })).status).toBe(403);
    expect((await server.api.delete(`/v1/spaces/${space}/permissions/teams/${team}`)).status).toBe(205);
    expect((await server.api.get(`/v1/spaces/${space}/permissions/teams`)).body.count).toBe(0);
  });

  it('lets a guest invited with "edit" read and edit that space and nothing else, until the invitation is removed', async () => {
    const { org, space, other } = await setup();
    const guest = await org.member(null, 'guest');
    const collection = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Hidden' })).body.id as string;
    expect((await guest.api.get(`/v1/spaces/${space}`)).status).toBe(404);

    await server.api.post(`/v1/spaces/${space}/permissions`, { role: 'edit', users: [guest.id] });
    const seen = await guest.api.get(`/v1/spaces/${space}`);
    expect(seen.status).toBe(200);
    expect(seen.body.permissions).toMatchObject({ view: true, edit: true, admin: false });
    expect((await guest.api.post(`/v1/spaces/${space}/change-requests`, { subject: 'guest edit' })).status).toBe(201);
    expect((await guest.api.patch(`/v1/spaces/${space}`, { title: 'no' })).status).toBe(403);
    expect((await guest.api.get(`/v1/spaces/${other}`)).status).toBe(404);
    expect((await guest.api.get(`/v1/collections/${collection}`)).status).toBe(404);

    const listed = await guest.api.get(`/v1/orgs/${org.id}/spaces`);
    expect(listed.body.items.map((s: { id: string }) => s.id)).toEqual([space]);
    expect(listed.body.count).toBe(1);
    expect((await guest.api.get(`/v1/orgs/${org.id}/collections`)).body.count).toBe(0);
    expect((await server.api.get(`/v1/orgs/${org.id}/members/${guest.id}`)).body.spaces).toBe(1);

    expect((await server.api.delete(`/v1/spaces/${space}/permissions/users/${guest.id}`)).status).toBe(205);
    expect((await guest.api.get(`/v1/spaces/${space}`)).status).toBe(404);
    expect((await guest.api.get(`/v1/orgs/${org.id}/spaces`)).body.count).toBe(0);
  });

  it("grants a team's members what the team was invited with", async () => {
    const { org, space } = await setup();
    const member = await org.member('read', 'team-reader');
    const guest = await org.member(null, 'team-guest');
    const team = (await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'Admins of one space', members: [member.id, guest.id] })).body.id;
    expect((await member.api.patch(`/v1/spaces/${space}`, { title: 'x' })).status).toBe(403);

    await server.api.post(`/v1/spaces/${space}/permissions`, { role: 'admin', teams: [team] });
    expect((await member.api.patch(`/v1/spaces/${space}`, { title: 'by the team' })).status).toBe(200);
    expect((await guest.api.get(`/v1/spaces/${space}`)).body.permissions.admin).toBe(true);

    // Leaving the team leaves the access behind at once.
    expect((await server.api.delete(`/v1/orgs/${org.id}/teams/${team}/members/${guest.id}`)).status).toBeLessThan(300);
    expect((await guest.api.get(`/v1/spaces/${space}`)).status).toBe(404);
  });

  it('reaches every space in an invited collection, and its nested collections', async () => {
    const org = await newOrganization(server, 'Collections');
    const outer = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Outer' })).body.id as string;
    const inner = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'Inner', parent: outer })).body.id as string;
    const deep = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Deep', parent: inner })).body.id as string;
    const outside = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Outside' })).body.id as string;
    const guest = await org.member(null, 'collection-guest');

    expect((await server.api.post(`/v1/collections/${outer}/permissions`, { role: 'comment', users: [guest.id] })).status).toBe(204);
    expect((await guest.api.get(`/v1/spaces/${deep}`)).body.permissions).toMatchObject({ comment: true, edit: false });
    expect((await guest.api.get(`/v1/collections/${inner}`)).status).toBe(200);
    expect((await guest.api.get(`/v1/spaces/${outside}`)).status).toBe(404);
    expect((await guest.api.get(`/v1/orgs/${org.id}/spaces`)).body.items.map((s: { id: string }) => s.id)).toEqual([deep]);
    const collections = (await guest.api.get(`/v1/orgs/${org.id}/collections`)).body.items.map((c: { id: string }) => c.id);
    expect(collections.sort()).toEqual([inner, outer].sort());
    expect((await guest.api.get(`/v1/collections/${outer}/permissions/aggregate`)).body.items.length).toBeGreaterThan(0);
  });

  it('refuses what the spec does not allow, naming the field', async () => {
    const { org, space } = await setup();
    const member = await org.member('read', 'named');
    const outsider = server.userToken('stranger-perm@example.com');
    const cases: Array<[unknown, RegExp]> = [
      [{ role: 'owner', users: [member.id] }, /^role:/],
      [{ role: null, users: [member.id] }, /^role:/],
      [{ role: 'read' }, /^users:/],
      [{ role: 'read', users: [] }, /^users:/],
      [{ role: 'read', users: ['nobody'] }, /^users:/],
      [{ role: 'read', users: [outsider.id] }, /^users:/],
      [{ role: 'read', teams: ['noteam'] }, /^teams:/],
    ];
    for (const [body, message] of cases) {
      const res = await server.api.post(`/v1/spaces/${space}/permissions`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    expect((await server.api.get(`/v1/spaces/${space}/permissions/users`)).body.count).toBe(0);
    expect((await server.api.patch(`/v1/spaces/${space}/permissions/users/${member.id}`, { role: 'read' })).status).toBe(404);
    expect((await server.api.patch(`/v1/spaces/${space}/permissions/users/${member.id}`, { role: 'boss' })).status).toBe(400);
  });

  it('needs the admin role on the space to invite (403) and hides spaces the caller cannot see (404)', async () => {
    const { org, space } = await setup();
    const editor = await org.member('edit', 'not-admin');
    const guest = await org.member(null, 'nosy-guest');
    expect((await editor.api.post(`/v1/spaces/${space}/permissions`, { role: 'read', users: [guest.id] })).status).toBe(403);
    expect((await editor.api.delete(`/v1/spaces/${space}/permissions/users/${guest.id}`)).status).toBe(403);
    expect((await editor.api.get(`/v1/spaces/${space}/permissions/users`)).status).toBe(200);
    expect((await guest.api.get(`/v1/spaces/${space}/permissions/users`)).status).toBe(404);
    expect((await guest.api.post(`/v1/spaces/${space}/permissions`, { role: 'admin', users: [guest.id] })).status).toBe(404);
    expect((await server.api.post(`/v1/spaces/nosuchspace/permissions`, { role: 'read', users: [guest.id] })).status).toBe(404);
    // An editor made admin of the space by invitation may then invite.
    await server.api.post(`/v1/spaces/${space}/permissions`, { role: 'admin', users: [editor.id] });
    expect((await editor.api.post(`/v1/spaces/${space}/permissions`, { role: 'read', users: [guest.id] })).status).toBe(204);
  });

  it('counts the spaces a team reaches and leaves no invitation behind a deleted team or member', async () => {
    const org = await newOrganization(server, 'Counts');
    const collection = (await server.api.post(`/v1/orgs/${org.id}/collections`, { title: 'C' })).body.id as string;
    for (const title of ['a', 'b']) await server.api.post(`/v1/orgs/${org.id}/spaces`, { title, parent: collection });
    const direct = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'direct' })).body.id as string;
    const trashed = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'trashed', parent: collection })).body.id as string;
    await server.api.delete(`/v1/spaces/${trashed}`);
    const member = await org.member('read', 'leaver');
    const team = (await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'T' })).body.id as string;
    expect((await server.api.get(`/v1/orgs/${org.id}/teams/${team}`)).body.spaces).toBe(0);

    await server.api.post(`/v1/collections/${collection}/permissions`, { role: 'read', teams: [team], users: [member.id] });
    await server.api.post(`/v1/spaces/${direct}/permissions`, { role: 'edit', teams: [team] });
    expect((await server.api.get(`/v1/orgs/${org.id}/teams/${team}`)).body.spaces).toBe(3);
    expect((await server.api.get(`/v1/orgs/${org.id}/teams`)).body.items[0].spaces).toBe(3);

    expect((await server.api.delete(`/v1/orgs/${org.id}/teams/${team}`)).status).toBe(204);
    expect((await server.api.get(`/v1/spaces/${direct}/permissions/teams`)).body.count).toBe(0);
    expect((await server.api.delete(`/v1/orgs/${org.id}/members/${member.id}`)).status).toBeLessThan(300);
    expect((await server.api.get(`/v1/collections/${collection}/permissions/users`)).body.count).toBe(0);
  });

  it('leaves the invitations behind when the space moves to another organization', async () => {
    const { org, space } = await setup();
    const guest = await org.member(null, 'left-behind');
    await server.api.post(`/v1/spaces/${space}/permissions`, { role: 'read', users: [guest.id] });
    const target = (await server.api.post('/v1/orgs', { title: 'Elsewhere' })).body.id as string;
    expect((await server.api.post(`/v1/spaces/${space}/transfer`, { organization: target })).status).toBe(200);
    expect((await server.api.get(`/v1/spaces/${space}/permissions/users`)).body.count).toBe(0);
    expect((await guest.api.get(`/v1/spaces/${space}`)).status).toBe(404);
  });
});
