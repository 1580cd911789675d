import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

async function siteFixture() {
  const org = await newOrganization(server);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility: 'visitor-auth' })).body as { id: string };
  return { org, site, auth: `/v1/orgs/${org.id}/sites/${site.id}/publishing/auth` };
}

describe('site publishing auth', () => {
  it("shows admins the custom backend and the site's own 256-bit signing key", async () => {
    const { auth } = await siteFixture();
    const res = await server.api.get(auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const other = await siteFixture();
    expect((await server.api.get(other.auth)).body.privateKey).not.toBe(res.body.privateKey);
  });

  it('sets and removes the fallback URL', async () => {
    const { auth } = await siteFixture();
    const set = await server.api.patch(auth, { backend: 'custom', fallbackURL: 'https://example.com/login' });
    expect(set.status).toBe(200);
    expect(set.body.fallbackURL).toBe('https://example.com/login');
    expect((await server.api.get(auth)).body.fallbackURL).toBe('https://example.com/login');
    const kept = await server.api.patch(auth, { backend: 'custom' });
    expect(kept.body.fallbackURL).toBe('https://example.com/login');
    const removed = await server.api.patch(auth, { backend: 'custom', fallbackURL: null });
    expect(removed.body.fallbackURL).toBeUndefined();
  });

  it('stores a fallback URL beyond ASCII percent-encoded, so it is echoed as a valid URI', async () => {
    const { auth } = await siteFixture();
    const set = await server.api.patch(auth, { backend: 'custom', fallbackURL: 'https://example.com/sign-in/☃?next=é' });
    expect(set.status).toBe(200);
    expect(set.body.fallbackURL).toBe('https://example.com/sign-in/%E2%98%83?next=%C3%A9');
    expect((await server.api.get(auth)).body.fallbackURL).toBe('https://example.com/sign-in/%E2%98%83?next=%C3%A9');
  });

  it('regenerates the key: a new one each time', async () => {
    const { auth } = await siteFixture();
    const before = (await server.api.get(auth)).body.privateKey;
    const regenerated = await server.api.post(`${auth}/regenerate`);
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.privateKey).toMatch(/^[0-9a-f]{64}$/);
    expect(regenerated.body.privateKey).not.toBe(before);
    expect((await server.api.get(auth)).body.privateKey).toBe(regenerated.body.privateKey);
  });

  it.each([
    [{ backend: 'integration' }, /^backend: only "custom"/],
    [{ backend: 'oauth' }, /^backend:/],
    [{}, /^backend:/],
    [{ backend: 'custom', fallbackURL: 'not a url' }, /^fallbackURL:/],
    [{ backend: 'custom', fallbackURL: 'javascript:alert(1)' }, /^fallbackURL:/],
    [{ backend: 'custom', fallbackURL: `https://example.com/${'a'.repeat(2030)}` }, /^fallbackURL:/],
    [{ backend: 'custom', privateKey: 'mine' }, /privateKey/],
  ])('returns 400 for %j and changes nothing', async (body, message) => {
    const { auth } = await siteFixture();
    const before = (await server.api.get(auth)).body;
    const res = await server.api.patch(auth, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await server.api.get(auth)).body).toEqual(before);
  });

  it('keeps the key from every member but admins (403), reading included', async () => {
    const { org, auth } = await siteFixture();
    const before = (await server.api.get(auth)).body.privateKey;
    for (const role of ['read', 'edit', 'review', 'create']) {
      const member = await org.member(role);
      const read = await member.api.get(auth);
      expect(read.status).toBe(403);
      expect(JSON.stringify(read.body)).not.toContain(before);
      expect((await member.api.patch(auth, { backend: 'custom', fallbackURL: 'https://evil.example.com' })).status).toBe(403);
      expect((await member.api.post(`${auth}/regenerate`)).status).toBe(403);
    }
    expect((await server.api.get(auth)).body).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: before });
    const admin = await org.member('admin');
    expect((await admin.api.get(auth)).body.privateKey).toBe(before);
  });

  it('answers 404 to non-members and guests', async () => {
    const { org, auth } = await siteFixture();
    const stranger = server.as(server.userToken('auth-stranger@example.com').token);
    const guest = await org.member(null, 'guest');
    for (const api of [stranger, guest.api]) {
      expect((await api.get(auth)).status).toBe(404);
      expect((await api.patch(auth, { backend: 'custom' })).status).toBe(404);
      expect((await api.post(`${auth}/regenerate`)).status).toBe(404);
    }
  });
});
