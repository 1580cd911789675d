import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

const ids = (res: { body: { items: Array<{ id: string }> } }) => res.body.items.map((t) => t.id);

describe('teams', () => {
  it('creates a team with members, gets, renames and deletes it', async () => {
    const org = await newOrganization(server);
    const member = await org.member('edit');
    const created = await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'Writers', members: [member.id] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'team', title: 'Writers', members: 1, permissions: { admin: true, view: true } });

    const got = await server.api.get(`/v1/orgs/${org.id}/teams/${created.body.id}`);
    expect(got.body.title).toBe('Writers');
    const renamed = await server.api.patch(`/v1/orgs/${org.id}/teams/${created.body.id}`, { title: 'Editors' });
    expect(renamed.body.title).toBe('Editors');

    expect((await server.api.delete(`/v1/orgs/${org.id}/teams/${created.body.id}`)).status).toBe(204);
    expect((await server.api.get(`/v1/orgs/${org.id}/teams/${created.body.id}`)).status).toBe(404);
  });

  it.each([
    [{}, /^title:/],
    [{ title: '' }, /^title:/],
    [{ title: 't'.repeat(65) }, /^title:/],
    [{ title: 'ok', members: ['not-a-member'] }, /^members\.0:/],
  ])('returns 400 for %j and creates nothing', async (body, message) => {
    const org = await newOrganization(server);
    const res = await server.api.put(`/v1/orgs/${org.id}/teams`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await server.api.get(`/v1/orgs/${org.id}/teams`)).body.count).toBe(0);
  });

  it('returns 400 when a rename has no title', async () => {
    const org = await newOrganization(server);
    const team = (await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'A' })).body;
    expect((await server.api.patch(`/v1/orgs/${org.id}/teams/${team.id}`, {})).status).toBe(400);
    expect((await server.api.patch(`/v1/orgs/${org.id}/teams/${team.id}`, { title: 'x'.repeat(65) })).status).toBe(400);
  });

  it('filters by title case-insensitively and by owner', async () => {
    const org = await newOrganization(server);
    const owner = await org.member('edit', 'teamowner');
    const docs = (await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'Docs Ünit' })).body;
    const ops = (await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'Operations' })).body;
    await server.api.put(`/v1/orgs/${org.id}/teams/${docs.id}/members/${owner.id}`, { role: 'owner' });

    expect(ids(await server.api.get(`/v1/orgs/${org.id}/teams?title=ünit`))).toEqual([docs.id]);
    expect(ids(await server.api.get(`/v1/orgs/${org.id}/teams?title=OPERA`))).toEqual([ops.id]);
    expect(ids(await server.api.get(`/v1/orgs/${org.id}/teams?owner=${owner.id}`))).toEqual([docs.id]);
    // An admin can manage every team.
    expect(ids(await server.api.get(`/v1/orgs/${org.id}/teams?owner=${server.owner.id}`))).toEqual([docs.id, ops.id]);
    expect((await server.api.get(`/v1/orgs/${org.id}/teams?owner=nobody`)).status).toBe(400);
  });

  it('lets a team owner manage the team but not create teams', async () => {
    const org = await newOrganization(server);
    const owner = await org.member('edit');
    const other = await org.member('read');
    const team = (await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'Owned' })).body;
    await server.api.put(`/v1/orgs/${org.id}/teams/${team.id}/members/${owner.id}`, { role: 'owner' });

    const asOwner = await owner.api.get(`/v1/orgs/${org.id}/teams/${team.id}`);
    expect(asOwner.body.permissions).toEqual({ admin: true, view: true });
    expect((await owner.api.get(`/v1/orgs/${org.id}`)).body.permissions.ownTeam).toBe(true);
    expect((await owner.api.patch(`/v1/orgs/${org.id}/teams/${team.id}`, { title: 'Mine' })).status).toBe(200);
    expect((await owner.api.put(`/v1/orgs/${org.id}/teams/${team.id}/members`, { add: [other.id] })).status).toBe(204);
    expect((await owner.api.put(`/v1/orgs/${org.id}/teams`, { title: 'New' })).status).toBe(403);

    const asOther = await other.api.get(`/v1/orgs/${org.id}/teams/${team.id}`);
    expect(asOther.body.permissions).toEqual({ admin: false, view: true });
    expect((await other.api.patch(`/v1/orgs/${org.id}/teams/${team.id}`, { title: 'Theirs' })).status).toBe(403);
    expect((await other.api.delete(`/v1/orgs/${org.id}/teams/${team.id}`)).status).toBe(403);
  });

  it('hides teams from guests and non-members', async () => {
    const org = await newOrganization(server);
    const guest = await org.member(null);
    expect((await guest.api.get(`/v1/orgs/${org.id}/teams`)).status).toBe(403);
    const outsider = server.userToken('teams-outsider@example.com');
    expect((await server.as(outsider.token).get(`/v1/orgs/${org.id}/teams`)).status).toBe(404);
  });

  it('returns 404 for an unknown team', async () => {
    const org = await newOrganization(server);
    expect((await server.api.get(`/v1/orgs/${org.id}/teams/unknown`)).status).toBe(404);
    expect((await server.api.patch(`/v1/orgs/${org.id}/teams/unknown`, { title: 'x' })).status).toBe(404);
  });
});

describe('team members', () => {
  async function setup() {
    const org = await newOrganization(server);
    const a = await org.member('edit', 'a');
    const b = await org.member('edit', 'b');
    const c = await org.member('edit', 'c');
    const team = (await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'Team' })).body;
    const base = `/v1/orgs/${org.id}/teams/${team.id}/members`;
    const members = async () =>
      (await server.api.get(base)).body.items.map((m: { organization: { id: string }; team: { role: string } }) => [
        m.organization.id,
        m.team.role,
      ]);
    return { org, a, b, c, team, base, members };
  }

  it('adds by id or email, sets roles, and removes in one bulk update', async () => {
    const { a, b, c, base, members } = await setup();
    const res = await server.api.put(base, { add: [a.id, b.email], memberships: { [b.id]: { role: 'owner' } } });
    expect(res.status).toBe(204);
    expect(await members()).toEqual([
      [a.id, 'member'],
      [b.id, 'owner'],
    ]);
    await server.api.put(base, { add: [c.id], remove: [a.email] });
    expect(await members()).toEqual([
      [b.id, 'owner'],
      [c.id, 'member'],
    ]);
  });

  it('removes a user who is both added and removed', async () => {
    const { a, base, members } = await setup();
    expect((await server.api.put(base, { add: [a.id], remove: [a.id] })).status).toBe(204);
    expect(await members()).toEqual([]);
  });

  it('rejects unknown users and role changes for non-members of the team, changing nothing', async () => {
    const { a, b, base, members } = await setup();
    const unknown = await server.api.put(base, { add: [a.id, 'stranger@example.com'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/^add\.1:/);
    const notInTeam = await server.api.put(base, { memberships: { [b.id]: { role: 'owner' } } });
    expect(notInTeam.status).toBe(400);
    expect((await server.api.put(base, { memberships: { [a.id]: { role: 'boss' } } })).status).toBe(400);
    expect(await members()).toEqual([]);
  });

  it('adds, changes and removes one member', async () => {
    const { a, base, members, org, team } = await setup();
    expect((await server.api.put(`${base}/${a.id}`)).status).toBe(204);
    expect(await members()).toEqual([[a.id, 'member']]);
    expect((await server.api.put(`${base}/${a.id}`, { role: 'owner' })).status).toBe(204);
    expect(await members()).toEqual([[a.id, 'owner']]);
    expect((await server.api.get(`/v1/orgs/${org.id}/members/${a.id}`)).body.teams).toBe(1);
    expect((await server.api.get(`/v1/orgs/${org.id}/teams/${team.id}`)).body.members).toBe(1);
    expect((await server.api.delete(`${base}/${a.id}`)).status).toBe(204);
    expect((await server.api.delete(`${base}/${a.id}`)).status).toBe(404);
    expect((await server.api.put(`${base}/nobody`)).status).toBe(404);
    expect((await server.api.put(`${base}/${a.id}`, { role: 'chief' })).status).toBe(400);
  });

  it('lists team members with pagination', async () => {
    const { a, b, c, base } = await setup();
    await server.api.put(base, { add: [a.id, b.id, c.id] });
    const first = await server.api.get(`${base}?limit=2`);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.count).toBe(3);
    const second = await server.api.get(`${base}?limit=2&page=${first.body.next.page}`);
    expect(second.body.items.map((m: { organization: { id: string } }) => m.organization.id)).toEqual([c.id]);
    expect(second.body.next).toBeUndefined();
  });
});
