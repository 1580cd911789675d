import { describe, expect, it } from 'vitest';
import { newOrganization, pendingInviteId } from '../support/org';
import { manualClock } from '../support/clock';
import { useTestServer } from '../support/server';

const clock = manualClock();
const server = useTestServer({ clock });

/** An organization with a pending invite to a user who has a token. */
async function pendingInvite(email: string, role: string | null = 'edit') {
  const org = await newOrganization(server);
  const invitee = server.userToken(email);
  const api = server.as(invitee.token);
  await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: [{ email, role }] });
  return { org, invitee, api, inviteId: await pendingInviteId(api, org.id) };
}

describe('GET /v1/user/invites', () => {
  it("lists the caller's pending invites with the organization, role and who asked", async () => {
    const { org, api, inviteId } = await pendingInvite('lister@example.com', 'review');
    const res = await api.get('/v1/user/invites');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        {
          object: 'organization-invite',
          id: inviteId,
          email: 'lister@example.com',
          role: 'review',
          sso: false,
          organization: { id: org.id, title: 'Test Org' },
          invitedBy: { displayName: 'Owner' },
          createdAt: clock.now().toISOString(),
          updatedAt: clock.now().toISOString(),
          expiresAt: new Date(clock.now().getTime() + 30 * 24 * 60 * 60 * 1000).toISOString(),
        },
      ],
      count: 1,
    });
  });

  it('shows nobody else the invite', async () => {
    await pendingInvite('addressee@example.com');
    const other = server.userToken('bystander@example.com');
    expect((await server.as(other.token).get('/v1/user/invites')).body).toEqual({ items: [], count: 0 });
  });

  it('stops listing an invite once it lapses, and inviting again renews it', async () => {
    const { org, api, inviteId } = await pendingInvite('lapsing@example.com');
    clock.advanceDays(31);
    expect((await api.get('/v1/user/invites')).body.count).toBe(0);
    expect((await api.post(`/v1/orgs/${org.id}/invites/${inviteId}`)).status).toBe(404);
    expect((await server.api.get(`/v1/orgs/${org.id}/invites`)).body.count).toBe(0);

    await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: ['lapsing@example.com'] });
    expect(await pendingInviteId(api, org.id)).toBe(inviteId);
    expect((await api.post(`/v1/orgs/${org.id}/invites/${inviteId}`)).status).toBe(200);
  });
});

describe('POST /v1/orgs/{organizationId}/invites/{inviteId} with an invite by email', () => {
  it('refuses anyone but the invitee with 404, as for an id that does not exist', async () => {
    const { org, invitee, inviteId } = await pendingInvite('rightful@example.com');
    const other = server.as(server.userToken('interloper@example.com').token);
    const taken = await other.post(`/v1/orgs/${org.id}/invites/${inviteId}`);
    const missing = await other.post(`/v1/orgs/${org.id}/invites/nothing-here`);
    expect(taken.status).toBe(404);
    expect(taken.body.error.message).toBe(missing.body.error.message.replace('nothing-here', inviteId));
    // Not even the organization's admin can accept it for them.
    expect((await server.api.post(`/v1/orgs/${org.id}/invites/${inviteId}`)).status).toBe(404);
    expect((await server.api.get(`/v1/orgs/${org.id}/members/${invitee.id}`)).status).toBe(404);
    expect((await server.api.get(`/v1/orgs/${org.id}/invites`)).body.count).toBe(1);
  });

  it('returns 404 for the invite under another organization', async () => {
    const { api, inviteId } = await pendingInvite('wrong-org@example.com');
    const elsewhere = await newOrganization(server, 'Elsewhere');
    expect((await api.post(`/v1/orgs/${elsewhere.id}/invites/${inviteId}`)).status).toBe(404);
  });

  it('can be accepted once', async () => {
    const { org, api, inviteId } = await pendingInvite('once@example.com');
    expect((await api.post(`/v1/orgs/${org.id}/invites/${inviteId}`)).status).toBe(200);
    expect((await api.post(`/v1/orgs/${org.id}/invites/${inviteId}`)).status).toBe(404);
    expect((await server.api.get(`/v1/orgs/${org.id}/invites`)).body.count).toBe(0);
  });
});

describe('DELETE /v1/user/invites/{inviteId}', () => {
  it('declines: the invitee does not join, and the invite can no longer be accepted', async () => {
    const { org, invitee, api, inviteId } = await pendingInvite('decliner@example.com');
    const res = await api.delete(`/v1/user/invites/${inviteId}`);
    expect(res.status).toBe(205);
    expect((await api.get('/v1/user/invites')).body.count).toBe(0);
    expect((await api.post(`/v1/orgs/${org.id}/invites/${inviteId}`)).status).toBe(404);
    expect((await server.api.get(`/v1/orgs/${org.id}/members/${invitee.id}`)).status).toBe(404);
    expect((await server.api.get(`/v1/orgs/${org.id}/invites`)).body.count).toBe(0);
    expect((await api.delete(`/v1/user/invites/${inviteId}`)).status).toBe(404);
  });

  it("refuses to decline someone else's invite (404)", async () => {
    const { api, inviteId } = await pendingInvite('kept@example.com');
    const other = server.as(server.userToken('meddler@example.com').token);
    expect((await other.delete(`/v1/user/invites/${inviteId}`)).status).toBe(404);
    expect((await api.get('/v1/user/invites')).body.count).toBe(1);
  });
});

describe("an organization's pending invites", () => {
  it('are listed for admins and can be revoked', async () => {
    const { org, api, inviteId } = await pendingInvite('revoked@example.com', 'comment');
    const list = await server.api.get(`/v1/orgs/${org.id}/invites`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, items: [{ id: inviteId, email: 'revoked@example.com', role: 'comment' }] });

    expect((await server.api.delete(`/v1/orgs/${org.id}/invites/${inviteId}`)).status).toBe(205);
    expect((await server.api.get(`/v1/orgs/${org.id}/invites`)).body.count).toBe(0);
    expect((await api.get('/v1/user/invites')).body.count).toBe(0);
    expect((await api.post(`/v1/orgs/${org.id}/invites/${inviteId}`)).status).toBe(404);
    expect((await server.api.delete(`/v1/orgs/${org.id}/invites/${inviteId}`)).status).toBe(404);
  });

  it('are for admins only: 403 for a member, 404 for a stranger', async () => {
    const { org, inviteId } = await pendingInvite('guarded@example.com');
    const editor = await org.member('edit');
    expect((await editor.api.get(`/v1/orgs/${org.id}/invites`)).status).toBe(403);
    expect((await editor.api.delete(`/v1/orgs/${org.id}/invites/${inviteId}`)).status).toBe(403);
    const stranger = server.as(server.userToken('invite-stranger@example.com').token);
    expect((await stranger.get(`/v1/orgs/${org.id}/invites`)).status).toBe(404);
  });

  it('page with the list conventions', async () => {
    const org = await newOrganization(server);
    await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: ['p1@example.com', 'p2@example.com', 'p3@example.com'] });
    const first = await server.api.get(`/v1/orgs/${org.id}/invites?limit=2`);
    expect(first.body.items.map((i: { email: string }) => i.email)).toEqual(['p1@example.com', 'p2@example.com']);
    const second = await server.api.get(`/v1/orgs/${org.id}/invites?limit=2&page=${first.body.next.page}`);
    expect(second.body).toMatchObject({ count: 3, items: [{ email: 'p3@example.com' }] });
    expect((await server.api.get(`/v1/orgs/${org.id}/invites?limit=0`)).status).toBe(400);
  });
});
