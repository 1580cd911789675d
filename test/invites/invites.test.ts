import { describe, expect, it } from 'vitest';
import { inviteAndAccept, newOrganization, pendingInviteId } from '../support/org';
import { createTestIdp } from '../support/saml-idp';
import { useTestServer } from '../support/server';

const server = useTestServer();

const memberEmails = async (orgId: string) =>
  ((await server.api.get(`/v1/orgs/${orgId}/members?order=asc`)).body.items as Array<{ user: { email: string }; role: string | null }>).map(
    (m) => [m.user.email, m.role],
  );

describe('POST /v1/orgs/{organizationId}/invites', () => {
  it('leaves an existing user out of the organization until they accept, then adds them with the role', async () => {
    const org = await newOrganization(server);
    const invitee = server.userToken('pending-invitee@example.com');
    const res = await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: ['pending-invitee@example.com'], role: 'edit' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ users: [], invited: 1 });
    expect(await memberEmails(org.id)).toEqual([['owner@folio.localhost', 'admin']]);
    expect((await server.api.get(`/v1/orgs/${org.id}/members/${invitee.id}`)).status).toBe(404);
    expect((await server.as(invitee.token).get(`/v1/orgs/${org.id}`)).status).toBe(404);

    const inviteId = await pendingInviteId(server.as(invitee.token), org.id);
    expect((await server.as(invitee.token).post(`/v1/orgs/${org.id}/invites/${inviteId}`)).status).toBe(200);
    expect(await memberEmails(org.id)).toEqual([
      ['owner@folio.localhost', 'admin'],
      ['pending-invitee@example.com', 'edit'],
    ]);
    expect((await server.as(invitee.token).get('/v1/user/invites')).body).toEqual({ items: [], count: 0 });
  });

  it('answers the same for an email with an account and one without', async () => {
    const org = await newOrganization(server);
    server.userToken('has-account@example.com');
    const known = await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: ['has-account@example.com'], role: 'read' });
    const unknown = await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: ['no-account-yet@example.com'], role: 'read' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ users: [], invited: 1 });
  });

  it('gives an unknown email a local user who signs in with a token and accepts', async () => {
    const org = await newOrganization(server);
    await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: [{ email: 'Brand-New@Example.com', role: 'admin' }] });
    // What `folio token create --email brand-new@example.com` does: the user exists already.
    const newcomer = server.userToken('brand-new@example.com');
    const api = server.as(newcomer.token);
    const mine = await api.get('/v1/user/invites');
    expect(mine.body.items).toEqual([
      expect.objectContaining({ object: 'organization-invite', email: 'brand-new@example.com', role: 'admin', organization: { id: org.id, title: 'Test Org' } }),
    ]);
    await api.post(`/v1/orgs/${org.id}/invites/${mine.body.items[0].id}`);
    expect((await server.api.get(`/v1/orgs/${org.id}/members/${newcomer.id}`)).body.role).toBe('admin');
  });

  it('uses the default role when none is given, and inviting again updates the pending invite', async () => {
    const org = await newOrganization(server);
    await server.api.patch(`/v1/orgs/${org.id}`, { defaultRole: 'comment' });
    const first = await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: ['reinvited@example.com'] });
    expect(first.body.invited).toBe(1);
    expect((await server.api.get(`/v1/orgs/${org.id}/invites`)).body.items.map((i: { role: string }) => i.role)).toEqual(['comment']);

    const again = await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: ['REINVITED@example.com'], role: 'review' });
    expect(again.body).toEqual({ users: [], invited: 1 });
    const pending = (await server.api.get(`/v1/orgs/${org.id}/invites`)).body;
    expect(pending.count).toBe(1);
    expect(pending.items[0]).toMatchObject({ email: 'reinvited@example.com', role: 'review' });

    const invitee = server.userToken('reinvited@example.com');
    await server.as(invitee.token).post(`/v1/orgs/${org.id}/invites/${pending.items[0].id}`);
    expect((await server.api.get(`/v1/orgs/${org.id}/members/${invitee.id}`)).body.role).toBe('review');
  });

  it('changes nothing for an existing member', async () => {
    const org = await newOrganization(server);
    const reader = await org.member('read');
    const res = await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: [{ email: reader.email, role: 'admin' }] });
    expect(res.body).toEqual({ users: [], invited: 0 });
    expect((await server.api.get(`/v1/orgs/${org.id}/members/${reader.id}`)).body.role).toBe('read');
    expect((await server.api.get(`/v1/orgs/${org.id}/invites`)).body.count).toBe(0);
    expect((await reader.api.get('/v1/user/invites')).body.count).toBe(0);
  });

  it.each([
    [{}, /^emails:/],
    [{ emails: [] }, /^emails:/],
    [{ emails: ['not-an-email'] }, /^emails\.0/],
    [{ emails: ['a@example.com'], role: 'boss' }, /^role:/],
    [{ emails: ['a@example.com'], sso: true }, /^sso: .*no active SAML provider/],
  ])('returns 400 for %j and invites nobody', async (body, message) => {
    const org = await newOrganization(server);
    const res = await server.api.post(`/v1/orgs/${org.id}/invites`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await server.api.get(`/v1/orgs/${org.id}/invites`)).body.count).toBe(0);
  });

  it('returns 400 naming emails when one request invites more than 10 people, known or not', async () => {
    const org = await newOrganization(server);
    const unknown = Array.from({ length: 11 }, (_, i) => `crowd-${i}-${org.id.slice(0, 6)}@example.com`.toLowerCase());
    const refused = await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: unknown, role: 'read' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('emails: at most 10 people can be invited in one request (this one invites 11)');
    // Nobody was invited, and no user was made for the refused emails.
    expect((await server.api.get(`/v1/orgs/${org.id}/invites`)).body.count).toBe(0);
    const late = server.userToken(unknown[0]!);
    expect((await server.as(late.token).get('/v1/user/invites')).body.count).toBe(0);

    const known = Array.from({ length: 11 }, (_, i) => `known-crowd-${i}@example.com`);
    for (const email of known) server.userToken(email);
    const alsoRefused = await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: known, role: 'read' });
    expect(alsoRefused.status).toBe(400);
    expect(alsoRefused.body).toEqual(refused.body);

    expect((await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: unknown.slice(0, 10), role: 'read' })).body.invited).toBe(10);
  });

  it('is for admins only', async () => {
    const org = await newOrganization(server);
    const creator = await org.member('create');
    expect((await creator.api.post(`/v1/orgs/${org.id}/invites`, { emails: ['x@example.com'] })).status).toBe(403);
  });

  it('makes an invitee of an sso invite an SSO member once they accept', async () => {
    const org = await newOrganization(server);
    const idp = await createTestIdp();
    const provider = await server.api.post(`/v1/orgs/${org.id}/saml`, {
      label: 'Okta',
      entityID: 'https://idp.example.com',
      ssoURL: 'https://idp.example.com/sso',
      certificate: idp.certificate,
    });
    expect(provider.status).toBe(201);
    const person = server.userToken('sso-person@example.com');
    await inviteAndAccept(server.api, server.as(person.token), org.id, { email: 'sso-person@example.com', role: 'edit', sso: true });
    const member = await server.api.get(`/v1/orgs/${org.id}/members/${person.id}`);
    expect(member.body).toMatchObject({ role: 'edit', sso: true });
  });
});
