import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { createTestIdp } from '../support/saml-idp';
import { useTestServer } from '../support/server';

const server = useTestServer();

describe('POST /v1/orgs/{organizationId}/invites', () => {
  it('adds existing and new local users with their roles', async () => {
    const org = await newOrganization(server);
    const existing = server.userToken('existing-invitee@example.com');
    const res = await server.api.post(`/v1/orgs/${org.id}/invites`, {
      emails: ['existing-invitee@example.com', { email: 'brand-new@example.com', role: 'admin' }],
      role: 'edit',
    });
    expect(res.status).toBe(200);
    expect(res.body.invited).toBe(2);
    expect(res.body.users[0]).toBe(existing.id);
    const members = (await server.api.get(`/v1/orgs/${org.id}/members?order=asc`)).body.items;
    expect(members.map((m: { user: { email: string }; role: string }) => [m.user.email, m.role])).toEqual([
      ['owner@folio.localhost', 'admin'],
      ['existing-invitee@example.com', 'edit'],
      ['brand-new@example.com', 'admin'],
    ]);
  });

  it('uses the organization default role when none is given, and skips existing members', async () => {
    const org = await newOrganization(server);
    await server.api.patch(`/v1/orgs/${org.id}`, { defaultRole: 'comment' });
    const first = await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: ['defaulted@example.com'] });
    expect(first.body.invited).toBe(1);
    const again = await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: ['defaulted@example.com'], role: 'admin' });
    expect(again.body.invited).toBe(0);
    const member = await server.api.get(`/v1/orgs/${org.id}/members/${first.body.users[0]}`);
    expect(member.body.role).toBe('comment');
  });

  it.each([
    [{}, /^emails:/],
    [{ emails: [] }, /^emails:/],
    [{ emails: ['not-an-email'] }, /^emails\.0/],
    [{ emails: ['a@example.com'], role: 'boss' }, /^role:/],
    [{ emails: ['a@example.com'], sso: true }, /^sso: .*no active SAML provider/],
  ])('returns 400 for %j and adds nobody', async (body, message) => {
    const org = await newOrganization(server);
    const res = await server.api.post(`/v1/orgs/${org.id}/invites`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await server.api.get(`/v1/orgs/${org.id}/members`)).body.count).toBe(1);
  });

  it('is for admins only', async () => {
    const org = await newOrganization(server);
    const creator = await org.member('create');
    expect((await creator.api.post(`/v1/orgs/${org.id}/invites`, { emails: ['x@example.com'] })).status).toBe(403);
  });

  it('marks members invited with sso once the organization has an active SAML provider', async () => {
    const org = await newOrganization(server);
    const idp = await createTestIdp();
    const provider = await server.api.post(`/v1/orgs/${org.id}/saml`, {
      label: 'Okta',
      entityID: 'https://idp.example.com',
      ssoURL: 'https://idp.example.com/sso',
      certificate: idp.certificate,
    });
    expect(provider.status).toBe(201);
    const res = await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: ['sso-person@example.com'], sso: true });
    expect(res.status).toBe(200);
    const member = await server.api.get(`/v1/orgs/${org.id}/members/${res.body.users[0]}`);
    expect(member.body.sso).toBe(true);
  });
});
