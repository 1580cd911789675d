import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src-main/app/context';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

let now = new Date('2026-03-01T10:00:00.000Z');
const clock: Clock = { now: () => now };
const server = useTestServer({ clock });

describe('POST /orgs/{organizationId}/ping', () => {
  it("records the member's last activity, at most once a minute", async () => {
    const org = await newOrganization(server, 'Pinged');
    const member = await org.member('read');
    const lastSeen = async () => (await server.api.get(`/v1/orgs/${org.id}/members/${member.id}`)).body.lastSeenAt as string | undefined;
    expect(await lastSeen()).toBeUndefined();

    const ping = await member.api.post(`/v1/orgs/${org.id}/ping`);
    expect(ping.status).toBe(200);
    expect(await lastSeen()).toBe('2026-03-01T10:00:00.000Z');

    now = new Date('2026-03-01T10:00:30.000Z');
    const changesBefore = server.app.db.prepare('SELECT total_changes() AS n').get() as { n: number };
    await member.api.post(`/v1/orgs/${org.id}/ping`);
    const changesAfter = server.app.db.prepare('SELECT total_changes() AS n').get() as { n: number };
    expect(changesAfter.n).toBe(changesBefore.n);
    expect(await lastSeen()).toBe('2026-03-01T10:00:00.000Z');

    now = new Date('2026-03-01T10:01:30.000Z');
    await member.api.post(`/v1/orgs/${org.id}/ping`);
    expect(await lastSeen()).toBe('2026-03-01T10:01:30.000Z');
  });

  it('answers 404 to a non-member', async () => {
    const org = await newOrganization(server, 'Not yours');
    const outsider = server.as(server.userToken('ping-outsider@example.com').token);
    expect((await outsider.post(`/v1/orgs/${org.id}/ping`)).status).toBe(404);
  });
});

describe('POST /orgs/{organizationId}/join', () => {
  it('lets a user whose email domain the organization lists join with its default role, once', async () => {
    const org = await newOrganization(server, 'Domain joined');
    await server.api.patch(`/v1/orgs/${org.id}`, { emailDomains: ['joiners.example'], defaultRole: 'comment' });
    const user = server.userToken('ada@joiners.example', 'Ada');
    const ada = server.as(user.token);

    expect((await ada.post(`/v1/orgs/${org.id}/join`)).status).toBe(204);
    expect((await server.api.get(`/v1/orgs/${org.id}/members/${user.id}`)).body.role).toBe('comment');
    expect((await ada.post(`/v1/orgs/${org.id}/join`)).status).toBe(204);
    const joined = await server.api.get(`/v1/orgs/${org.id}/audit-events?action=member.joined&target=${user.id}`);
    expect(joined.body.items).toHaveLength(1);
  });

  it('does not reveal an organization the caller may not join (404)', async () => {
    const org = await newOrganization(server, 'Closed');
    await server.api.patch(`/v1/orgs/${org.id}`, { emailDomains: ['insiders.example'] });
    const stranger = server.as(server.userToken('eve@elsewhere.example').token);
    expect((await stranger.post(`/v1/orgs/${org.id}/join`)).status).toBe(404);
    expect((await stranger.post('/v1/orgs/no-such-org/join')).status).toBe(404);
    expect((await server.as(undefined).post(`/v1/orgs/${org.id}/join`)).status).toBe(401);
  });
});
