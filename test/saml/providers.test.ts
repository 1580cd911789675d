import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestIdp, type TestIdp } from '../support/saml-idp';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from '../trpc/client';

const server = useTestServer();
let idp: TestIdp;

beforeAll(async () => {
  idp = await createTestIdp('providers-idp');
});

async function orgWithTeam() {
  const org = await newOrganization(server);
  const team = (await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'Engineering' })).body as { id: string };
  return { org, team, url: `/v1/orgs/${org.id}/saml` };
}

/** fetch may not set Host: node:http does, as a proxy or a LAN name would. */
function getWithHost(path: string, host: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers: { host, authorization: `Bearer ${server.owner.token}` } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve(JSON.parse(text)));
    });
    req.on('error', reject);
    req.end();
  });
}

const fullBody = (teamId?: string) => ({
  label: 'Okta',
  entityID: idp.entityId,
  certificate: idp.certificate,
  ssoURL: idp.ssoURL,
  ...(teamId ? { defaultTeam: teamId } : {}),
  defaultRole: 'edit' as const,
});

describe('SAML providers', () => {
  it('creates an active provider (201, Location) with its service URLs derived from the host address', async () => {
    const { url, team } = await orgWithTeam();
    const created = await server.api.post(url, fullBody(team.id));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.headers.get('location')).toBe(`${server.url}${url}/${id}`);
    expect(created.body).toMatchObject({
      object: 'saml-provider',
      label: 'Okta',
      entityID: idp.entityId,
      ssoURL: idp.ssoURL,
      certificate: idp.certificate.trim(),
      defaultTeam: { object: 'team', id: team.id, title: 'Engineering' },
      defaultRole: 'edit',
      status: 'active',
      service: {
        acsURL: `${server.url}/sso/saml/${id}/acs`,
        startURL: `${server.url}/sso/saml/${id}/start`,
        entityID: `${server.url}/sso/saml/${id}/metadata`,
      },
      urls: { location: `${server.url}${url}/${id}` },
    });
    // Reached under another name, the URLs follow it.
    const viaLan = await getWithHost(`${url}/${id}`, 'folio.lan:8080');
    expect(viaLan.service.acsURL).toBe(`http://folio.lan:8080/sso/saml/${id}/acs`);
    expect(viaLan.urls.location).toBe(`http://folio.lan:8080${url}/${id}`);
  });

  it('creates a pending provider from a label alone, which becomes active once the IdP settings are given', async () => {
    const { url } = await orgWithTeam();
    const created = await server.api.post(url, { label: 'Later' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending', entityID: '', certificate: '', ssoURL: 'about:blank', defaultRole: 'read' });
    expect(created.body.defaultTeam).toBeUndefined();
    const patched = await server.api.patch(`${url}/${created.body.id}`, { entityID: idp.entityId, certificate: idp.certificate, ssoURL: idp.ssoURL });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ status: 'active', label: 'Later', entityID: idp.entityId });
    const cleared = await server.api.patch(`${url}/${created.body.id}`, { entityID: '' });
    expect(cleared.body).toMatchObject({ status: 'pending', entityID: '' });
  });

  it('accepts a guest default role (null) and wraps a bare base64 certificate as PEM', async () => {
    const { url } = await orgWithTeam();
    const bare = idp.certificate.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const created = await server.api.post(url, { label: 'Bare', certificate: bare, defaultRole: null });
    expect(created.status).toBe(201);
    expect(created.body.defaultRole).toBeNull();
    expect(created.body.certificate).toMatch(/^-----BEGIN CERTIFICATE-----\n[\s\S]+\n-----END CERTIFICATE-----$/);
  });

  it('lists providers oldest first, page by page, with the count over every page', async () => {
    const { url } = await orgWithTeam();
    const made = [];
    for (const label of ['one', 'two', 'three']) made.push((await server.api.post(url, { label })).body.id);
    const first = await server.api.get(`${url}?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.items.map((p: { id: string }) => p.id)).toEqual(made.slice(0, 2));
    expect(first.body.count).toBe(3);
    const second = await server.api.get(`${url}?limit=2&page=${encodeURIComponent(first.body.next.page)}`);
    expect(second.body.items.map((p: { id: string }) => p.id)).toEqual(made.slice(2));
    expect(second.body.next).toBeUndefined();
    expect((await server.api.get(`${url}?page=forged`)).body.error.message).toMatch(/^page:/);
  });

  it('changes each field, keeping the others', async () => {
    const { url, org } = await orgWithTeam();
    const other = (await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'Support' })).body as { id: string };
    const id = (await server.api.post(url, fullBody())).body.id;
    const patched = await server.api.patch(`${url}/${id}`, { label: 'Okta (prod)', defaultTeam: other.id, defaultRole: null, ssoURL: 'https://idp.example.test/sso2' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      label: 'Okta (prod)',
      defaultTeam: { id: other.id },
      defaultRole: null,
      ssoURL: 'https://idp.example.test/sso2',
      entityID: idp.entityId,
    });
    expect((await server.api.get(`${url}/${id}`)).body).toEqual(patched.body);
  });

  it('stops adding people to a team when defaultTeam is null, keeping the other fields', async () => {
    const { url, team } = await orgWithTeam();
    const id = (await server.api.post(url, fullBody(team.id))).body.id;
    const patched = await server.api.patch(`${url}/${id}`, { defaultTeam: null });
    expect(patched.status).toBe(200);
    expect(patched.body.defaultTeam).toBeUndefined();
    expect(patched.body).toMatchObject({ label: fullBody().label, entityID: idp.entityId });
    expect((await server.api.get(`${url}/${id}`)).body).toEqual(patched.body);
  });

  it('deletes a provider (205), and a second delete is 204', async () => {
    const { url } = await orgWithTeam();
    const id = (await server.api.post(url, { label: 'Gone soon' })).body.id;
    expect((await server.api.delete(`${url}/${id}`)).status).toBe(205);
    expect((await server.api.get(`${url}/${id}`)).status).toBe(404);
    expect((await server.api.delete(`${url}/${id}`)).status).toBe(204);
    expect((await server.api.patch(`${url}/${id}`, { label: 'x' })).status).toBe(404);
  });

  it('stops showing a deleted default team', async () => {
    const { url, org, team } = await orgWithTeam();
    const id = (await server.api.post(url, fullBody(team.id))).body.id;
    expect((await server.api.delete(`/v1/orgs/${org.id}/teams/${team.id}`)).status).toBeLessThan(300);
    const read = await server.api.get(`${url}/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.defaultTeam).toBeUndefined();
  });

  it.each([
    [{}, /^label:/],
    [{ label: '' }, /^label:/],
    [{ label: 'l'.repeat(31) }, /^label:/],
    [{ label: 'ok', entityID: 'e'.repeat(1025) }, /^entityID:/],
    [{ label: 'ok', certificate: 'c'.repeat(10001) }, /^certificate:/],
    [{ label: 'ok', certificate: 'not a certificate' }, /^certificate: must be a PEM X\.509 certificate/],
    [{ label: 'ok', certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' }, /^certificate: must be a PEM X\.509/],
    [{ label: 'ok', ssoURL: 'not a url' }, /^ssoURL:/],
    [{ label: 'ok', ssoURL: `https://idp.example.test/${'a'.repeat(2048)}` }, /^ssoURL:/],
    [{ label: 'ok', defaultRole: 'owner' }, /^defaultRole:/],
    [{ label: 'ok', defaultTeam: 'no-such-team' }, /^defaultTeam: no team "no-such-team" in this organization/],
    [{ label: 'ok', surprise: true }, /^body: .*surprise/],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    const { url } = await orgWithTeam();
    const res = await server.api.post(url, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
  });

  it("refuses another organization's team as the default team", async () => {
    const { url } = await orgWithTeam();
    const elsewhere = await orgWithTeam();
    const res = await server.api.post(url, { label: 'x', defaultTeam: elsewhere.team.id });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^defaultTeam:/);
  });

  it('refuses an empty patch and a certificate that does not parse on patch', async () => {
    const { url } = await orgWithTeam();
    const id = (await server.api.post(url, { label: 'x' })).body.id;
    expect((await server.api.patch(`${url}/${id}`, {})).status).toBe(400);
    const bad = await server.api.patch(`${url}/${id}`, { certificate: 'garbage' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^certificate:/);
  });
});

describe('who may see and manage SAML providers', () => {
  it('lets members read providers, and only admins create, change or delete them (403 naming the role)', async () => {
    const { org, url } = await orgWithTeam();
    const id = (await server.api.post(url, { label: 'Okta' })).body.id;
    const editor = await org.member('edit');
    expect((await editor.api.get(url)).body.items.map((p: { id: string }) => p.id)).toEqual([id]);
    expect((await editor.api.get(`${url}/${id}`)).status).toBe(200);
    for (const res of [
      await editor.api.post(url, { label: 'Mine' }),
      await editor.api.patch(`${url}/${id}`, { label: 'Mine' }),
      await editor.api.delete(`${url}/${id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toMatch(/You need the "admin" role in this organization/);
    }
    const admin = await org.member('admin');
    expect((await admin.api.patch(`${url}/${id}`, { label: 'Renamed' })).body.label).toBe('Renamed');
  });

  it('hides providers from guests and non-members (404), and an empty list for guests', async () => {
    const { org, url } = await orgWithTeam();
    const id = (await server.api.post(url, { label: 'Okta' })).body.id;
    const guest = await org.member(null);
    expect((await guest.api.get(url)).body).toEqual({ items: [], count: 0 });
    expect((await guest.api.get(`${url}/${id}`)).status).toBe(404);
    const stranger = server.userToken('saml-stranger@example.com');
    expect((await server.as(stranger.token).get(url)).status).toBe(404);
    expect((await server.as(stranger.token).get(`${url}/${id}`)).status).toBe(404);
    expect((await server.as(stranger.token).post(url, { label: 'x' })).status).toBe(404);
  });

  it("does not find a provider through another organization's address", async () => {
    const a = await orgWithTeam();
    const b = await orgWithTeam();
    const id = (await server.api.post(a.url, { label: 'A' })).body.id;
    expect((await server.api.get(`${b.url}/${id}`)).status).toBe(404);
    expect((await server.api.delete(`${b.url}/${id}`)).status).toBe(204);
    expect((await server.api.get(`${a.url}/${id}`)).status).toBe(200);
  });
});

describe('GET .../sso: the organization\'s logins', () => {
  it('lists active providers with their start URL, for anyone signed in, member or not', async () => {
    const { org, url } = await orgWithTeam();
    const active = (await server.api.post(url, fullBody())).body;
    await server.api.post(url, { label: 'Pending' });
    const expected = { items: [{ id: active.id, label: 'Okta', startURL: `${server.url}/sso/saml/${active.id}/start` }] };
    expect((await server.api.get(`/v1/orgs/${org.id}/sso`)).body).toEqual(expected);
    const stranger = server.userToken('sso-list-stranger@example.com');
    const res = await server.as(stranger.token).get(`/v1/orgs/${org.id}/sso`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected);
  });

  it('answers 404 for an organization that does not exist, and 401 without a token', async () => {
    expect((await server.api.get('/v1/orgs/nope/sso')).status).toBe(404);
    const { org } = await orgWithTeam();
    expect((await server.as(undefined).get(`/v1/orgs/${org.id}/sso`)).status).toBe(401);
  });
});

describe('POST .../members/{userId}/sso', () => {
  it('makes a member an SSO member (admins only; 404 for a non-member)', async () => {
    const { org } = await orgWithTeam();
    const writer = await org.member('edit');
    expect((await writer.api.post(`/v1/orgs/${org.id}/members/${writer.id}/sso`)).status).toBe(403);
    const res = await server.api.post(`/v1/orgs/${org.id}/members/${writer.id}/sso`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'member', id: writer.id, role: 'edit', sso: true });
    expect((await server.api.get(`/v1/orgs/${org.id}/members/${writer.id}`)).body.sso).toBe(true);
    const stranger = server.userToken('sso-member-stranger@example.com');
    expect((await server.api.post(`/v1/orgs/${org.id}/members/${stranger.id}/sso`)).status).toBe(404);
  });
});

describe('SAML providers over tRPC', () => {
  it('returns the same objects as /v1 and applies the same rules', async () => {
    const { org, url, team } = await orgWithTeam();
    const trpc = trpcClient(server.url, server.owner.token);
    const created = await trpc.saml.create.mutate({ organizationId: org.id, ...fullBody(team.id) });
    expect(created).toEqual((await server.api.get(`${url}/${created.id}`)).body);
    expect(await trpc.saml.list.query({ organizationId: org.id })).toEqual((await server.api.get(url)).body);
    const updated = await trpc.saml.update.mutate({ organizationId: org.id, samlProviderId: created.id, label: 'Via tRPC' });
    expect(updated.label).toBe('Via tRPC');
    expect(await trpc.saml.get.query({ organizationId: org.id, samlProviderId: created.id })).toEqual(updated);
    expect(await trpc.saml.listLogins.query({ organizationId: org.id })).toEqual((await server.api.get(`/v1/orgs/${org.id}/sso`)).body);
    expect((await trpcError(trpc.saml.update.mutate({ organizationId: org.id, samlProviderId: created.id }))).message).toMatch(/give at least one/);
    const bad = await trpcError(trpc.saml.create.mutate({ organizationId: org.id, label: 'x', certificate: 'nope' }));
    expect(bad).toMatchObject({ code: 'BAD_REQUEST' });
    expect(bad.message).toMatch(/^certificate:/);
    const writer = await org.member('edit');
    expect((await trpcError(trpcClient(server.url, writer.token).saml.delete.mutate({ organizationId: org.id, samlProviderId: created.id }))).code).toBe('FORBIDDEN');
    expect(await trpc.saml.delete.mutate({ organizationId: org.id, samlProviderId: created.id })).toEqual({ deleted: true });
    expect(await trpc.saml.delete.mutate({ organizationId: org.id, samlProviderId: created.id })).toEqual({ deleted: false });
  });
});
