import { beforeAll, describe, expect, it } from 'vitest';
import { inviteAndAccept } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();
let orgId: string;
beforeAll(async () => {
  orgId = (await server.api.get('/v1/orgs')).body.items[0].id;
});

async function memberWithRole(role: string | null, email: string) {
  const user = server.userToken(email);
  const api = server.as(user.token);
  await inviteAndAccept(server.api, api, orgId, { email, role });
  return api;
}

describe('GET /v1/orgs', () => {
  it("lists the caller's organizations with permissions computed for the caller", async () => {
    const res = await server.api.get('/v1/orgs');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.items[0]).toMatchObject({
      object: 'organization',
      title: 'My Organization',
      permissions: { view: true, admin: true, listMembers: true, createContent: true },
    });
    expect(res.body.items[0].urls.location).toBe(`${server.url}/v1/orgs/${orgId}`);
  });

  it('computes permissions from the role of a reader', async () => {
    const reader = await memberWithRole('read', 'reader-perms@example.com');
    const org = (await reader.get(`/v1/orgs/${orgId}`)).body;
    expect(org.permissions).toMatchObject({ view: true, admin: false, createContent: false, listMembers: true, ownTeam: false });
  });

  it('computes permissions for a guest', async () => {
    const guest = await memberWithRole(null, 'guest-perms@example.com');
    const org = (await guest.get(`/v1/orgs/${orgId}`)).body;
    expect(org.permissions).toMatchObject({ view: true, admin: false, listMembers: false, listTeams: false });
  });

  it('lists nothing for a user without organizations', async () => {
    const loner = server.userToken('loner@example.com');
    const res = await server.as(loner.token).get('/v1/orgs');
    expect(res.body).toEqual({ items: [], count: 0 });
  });
});

describe('POST /v1/orgs', () => {
  it('creates an organization whose admin is the caller', async () => {
    const creator = server.userToken('founder@example.com');
    const res = await server.as(creator.token).post('/v1/orgs', { title: 'Acme Docs', emailDomains: ['acme.test'] });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expect(res.body).toMatchObject({ title: 'Acme Docs', emailDomains: ['acme.test'], permissions: { admin: true } });
    const member = await server.as(creator.token).get(`/v1/orgs/${res.body.id}/members/${creator.id}`);
    expect(member.body.role).toBe('admin');
  });

  it('returns 400 naming the title when it is too short', async () => {
    const res = await server.api.post('/v1/orgs', { title: 'A' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^title:/);
  });

  it('returns 400 when the title is missing', async () => {
    const res = await server.api.post('/v1/orgs', {});
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^title:/);
  });
});

describe('GET /v1/orgs/{organizationId}', () => {
  it('returns 404 to a non-member, without revealing the organization', async () => {
    const outsider = server.userToken('outsider@example.com');
    const res = await server.as(outsider.token).get(`/v1/orgs/${orgId}`);
    expect(res.status).toBe(404);
  });

  it('returns 404 for an unknown id', async () => {
    expect((await server.api.get('/v1/orgs/unknown')).status).toBe(404);
  });
});

describe('PATCH /v1/orgs/{organizationId}', () => {
  it('updates every field and keeps what is left out', async () => {
    const res = await server.api.patch(`/v1/orgs/${orgId}`, {
      title: 'Renamed Org',
      emailDomains: ['Example.com'],
      hostname: 'renamed',
      defaultRole: 'comment',
      logo: 'https://example.com/logo.png',
      sso: false,
      ai: true,
      inviteLinks: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Renamed Org',
      emailDomains: ['example.com'],
      hostname: 'renamed',
      defaultRole: 'comment',
      ai: true,
      inviteLinks: false,
      urls: { logo: 'https://example.com/logo.png' },
    });
    const again = await server.api.patch(`/v1/orgs/${orgId}`, { inviteLinks: true });
    expect(again.body).toMatchObject({ title: 'Renamed Org', hostname: 'renamed', inviteLinks: true, ai: true });
  });

  it('removes nullable values set to null', async () => {
    const res = await server.api.patch(`/v1/orgs/${orgId}`, { logo: null, defaultRole: null, defaultContent: null });
    expect(res.status).toBe(200);
    expect(res.body.urls.logo).toBeUndefined();
    expect(res.body.defaultRole).toBeNull();
  });

  it.each([
    [{ title: 'x' }, /^title:/],
    [{ title: 'x'.repeat(256) }, /^title:/],
    [{ hostname: 'ab' }, /^hostname:/],
    [{ hostname: 'h'.repeat(33) }, /^hostname:/],
    [{ logo: `https://example.com/${'a'.repeat(2048)}` }, /^logo:/],
    [{ logo: 'not a url' }, /^logo:/],
    [{ defaultRole: 'owner' }, /^defaultRole:/],
    [{ emailDomains: ['not a domain'] }, /^emailDomains\.0:/],
    [{ sso: 'yes' }, /^sso:/],
    [{ unknownField: 1 }, /unknownField/],
    [{ defaultContent: { type: 'site', site: 'missing' } }, /^defaultContent\.site:/],
  ])('returns 400 for %j', async (body, message) => {
    const res = await server.api.patch(`/v1/orgs/${orgId}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
  });

  it('changes nothing when the request fails', async () => {
    const before = (await server.api.get(`/v1/orgs/${orgId}`)).body;
    await server.api.patch(`/v1/orgs/${orgId}`, { title: 'Should not land', hostname: 'x' });
    expect((await server.api.get(`/v1/orgs/${orgId}`)).body.title).toBe(before.title);
  });

  it('returns 409 when another organization has the hostname', async () => {
    const other = await server.api.post('/v1/orgs', { title: 'Other Org' });
    await server.api.patch(`/v1/orgs/${other.body.id}`, { hostname: 'taken-name' });
    const res = await server.api.patch(`/v1/orgs/${orgId}`, { hostname: 'taken-name' });
    expect(res.status).toBe(409);
  });

  it('returns 403 to a member who is not an admin', async () => {
    const editor = await memberWithRole('create', 'creator-patch@example.com');
    const res = await editor.patch(`/v1/orgs/${orgId}`, { title: 'Nope' });
    expect(res.status).toBe(403);
  });

  it('returns 404 to a non-member', async () => {
    const outsider = server.userToken('outsider-patch@example.com');
    expect((await server.as(outsider.token).patch(`/v1/orgs/${orgId}`, { title: 'Nope' })).status).toBe(404);
  });
});

describe('GET /v1/email-domains/{emailDomain}/orgs', () => {
  it('finds organizations listing the domain that the caller belongs to or may join', async () => {
    const created = await server.api.post('/v1/orgs', { title: 'Domain Org', emailDomains: ['domain.test'] });
    const own = await server.api.get('/v1/email-domains/domain.test/orgs');
    expect(own.body.organizations.map((o: { id: string }) => o.id)).toEqual([created.body.id]);

    const colleague = server.userToken('someone@domain.test');
    const found = await server.as(colleague.token).get('/v1/email-domains/domain.test/orgs');
    expect(found.body.organizations).toHaveLength(1);
    expect(found.body.organizations[0].permissions.view).toBe(false);

    const stranger = server.userToken('someone@elsewhere.test');
    expect((await server.as(stranger.token).get('/v1/email-domains/domain.test/orgs')).body.organizations).toEqual([]);
  });
});
