import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openApp } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import { startHost } from '../../src-main/http/server';
import { apiClient } from '../support/api';
import { manualClock } from '../support/clock';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const HOUR = 60 * 60 * 1000;
const minutes = (n: number) => n / (24 * 60);
const config = { inviteRateLimit: { invites: 5, windowMs: HOUR } };
const clock = manualClock();
const server = useTestServer({ clock, config });

const emails = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}@example.com`);

describe('the invite rate limit', () => {
  it('answers 429 with the error body and Retry-After past the limit, inviting nobody', async () => {
    const org = await newOrganization(server);
    expect((await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: emails('first', 3) })).status).toBe(200);
    clock.advanceDays(minutes(20));
    expect((await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: emails('second', 2) })).status).toBe(200);

    const refused = await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: ['one-too-many@example.com'] });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: { code: 429, message: 'Too many invites: this organization may send 5 per hour (5 sent, 1 more asked); try again in 2400 seconds' },
    });
    // The first 3 leave the window 40 minutes from now.
    expect(refused.headers.get('retry-after')).toBe('2400');
    expect((await server.api.get(`/v1/orgs/${org.id}/invites`)).body.count).toBe(5);
  });

  it('lets invites through again as earlier ones leave the window', async () => {
    const org = await newOrganization(server);
    await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: emails('early', 5) });
    clock.advanceDays(minutes(59));
    expect((await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: ['still-early@example.com'] })).status).toBe(429);
    clock.advanceDays(minutes(1));
    expect((await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: ['in-time@example.com'] })).status).toBe(200);
  });

  it('counts each organization apart, and counts invites sent again', async () => {
    const busy = await newOrganization(server, 'Busy');
    const quiet = await newOrganization(server, 'Quiet');
    await server.api.post(`/v1/orgs/${busy.id}/invites`, { emails: ['again@example.com'] });
    for (let i = 0; i < 4; i += 1) await server.api.post(`/v1/orgs/${busy.id}/invites`, { emails: ['again@example.com'] });
    expect((await server.api.post(`/v1/orgs/${busy.id}/invites`, { emails: ['again@example.com'] })).status).toBe(429);
    expect((await server.api.post(`/v1/orgs/${quiet.id}/invites`, { emails: emails('quiet', 5) })).status).toBe(200);
  });

  it('does not count existing members, who are not invited', async () => {
    const org = await newOrganization(server);
    const member = await org.member('read');
    for (let i = 0; i < 6; i += 1) {
      expect((await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: [member.email] })).body.invited).toBe(0);
    }
    expect((await server.api.post(`/v1/orgs/${org.id}/invites`, { emails: emails('after-members', 4) })).status).toBe(200);
  });
});

describe('the invite rate limit across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-invite-limit-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function start() {
    const app = openApp({ dataDir, clock, config });
    const { owner } = bootstrapOwner(app.db, clock, { adminToken: 'folio_invite_limit_restart_owner_token' });
    const host = await startHost(app, { port: 0 });
    const api = apiClient(host.url, 'folio_invite_limit_restart_owner_token');
    return { owner, api, stop: async () => (await host.close(), app.close()) };
  }

  it('still holds after the server restarts', async () => {
    const first = await start();
    const orgId = (await first.api.get('/v1/orgs')).body.items[0].id;
    expect((await first.api.post(`/v1/orgs/${orgId}/invites`, { emails: emails('before-restart', 5) })).status).toBe(200);
    await first.stop();

    const second = await start();
    const refused = await second.api.post(`/v1/orgs/${orgId}/invites`, { emails: ['after-restart@example.com'] });
    await second.stop();
    expect(refused.status).toBe(429);
  });
});
