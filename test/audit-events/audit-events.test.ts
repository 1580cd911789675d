import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();

interface AuditEvent {
  id: string;
  action: string;
  source: string;
  actor: { type: string; id: string; label?: string };
  target: { type: string; id: string; label?: string };
  payload?: Record<string, unknown>;
}

async function events(orgId: string, query = ''): Promise<AuditEvent[]> {
  const res = await server.api.get(`/v1/orgs/${orgId}/audit-events${query}`);
  expect(res.status).toBe(200);
  return res.body.items as AuditEvent[];
}

describe('organization audit events', () => {
  it('records who changed what, newest first, with the source of the change', async () => {
    const org = await newOrganization(server, 'Audited');
    const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Handbook' })).body;
    await server.api.patch(`/v1/spaces/${space.id}`, { title: 'Team handbook' });
    await server.api.delete(`/v1/spaces/${space.id}`);

    const [deleted, updated, created] = await events(org.id, '?action=space.deleted');
    expect(updated).toBeUndefined();
    expect(created).toBeUndefined();
    expect(deleted).toMatchObject({ action: 'space.deleted', source: 'api', actor: { type: 'user', id: server.owner.id }, target: { type: 'space', id: space.id } });

    const all = await events(org.id);
    const actions = all.map((event) => event.action);
    expect(actions.indexOf('space.deleted')).toBeLessThan(actions.indexOf('space.updated'));
    expect(actions.indexOf('space.updated')).toBeLessThan(actions.indexOf('space.created'));
    const one = await server.api.get(`/v1/orgs/${org.id}/audit-events/${all.find((e) => e.action === 'space.updated')!.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ object: 'audit-event', schemaVersion: 1, payload: { fields: ['title'] } });
  });

  it('records members joining, role changes and removals, and team changes', async () => {
    const org = await newOrganization(server, 'People');
    const member = await org.member('read', 'joiner');
    await server.api.patch(`/v1/orgs/${org.id}/members/${member.id}`, { role: 'edit' });
    const team = (await server.api.put(`/v1/orgs/${org.id}/teams`, { title: 'Writers' })).body;
    await server.api.delete(`/v1/orgs/${org.id}/members/${member.id}`);

    const actions = (await events(org.id)).map((event) => `${event.action} ${event.target.id}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        `invite.created ${org.id}`,
        `member.joined ${member.id}`,
        `member.role_updated ${member.id}`,
        `team.created ${team.id}`,
        `member.removed ${member.id}`,
      ]),
    );
    const joined = (await events(org.id, '?action=member.joined'))[0]!;
    expect(joined.actor).toMatchObject({ type: 'user', id: member.id });
  });

  it('filters by actor, target and time, and pages', async () => {
    const org = await newOrganization(server, 'Filters');
    const before = new Date().toISOString();
    const spaces: string[] = [];
    for (let i = 0; i < 3; i += 1) spaces.push((await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: `S${i}` })).body.id);
    expect((await events(org.id, `?target=${spaces[1]}`)).map((e) => e.target.id)).toEqual([spaces[1]]);
    expect((await events(org.id, `?actor=${server.owner.id}&from=${encodeURIComponent(before)}`)).length).toBe(3);
    expect(await events(org.id, `?to=${encodeURIComponent('2000-01-01T00:00:00Z')}`)).toEqual([]);

    const first = await server.api.get(`/v1/orgs/${org.id}/audit-events?limit=2`);
    expect(first.body.items).toHaveLength(2);
    const second = await server.api.get(`/v1/orgs/${org.id}/audit-events?limit=2&page=${first.body.next.page}`);
    expect(second.body.items.length).toBeGreaterThan(0);
    expect(second.body.items[0].id).not.toBe(first.body.items[1].id);
  });

  it('records nothing for a refused request', async () => {
    const org = await newOrganization(server, 'Atomic');
    const refused = await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'x'.repeat(51) });
    expect(refused.status).toBe(400);
    expect(await events(org.id, '?action=space.created')).toEqual([]);
  });

  it('refuses to change or delete a recorded event', async () => {
    const org = await newOrganization(server, 'Append only');
    await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Kept' });
    expect(() => server.app.db.prepare("UPDATE audit_events SET action = 'forged' WHERE organization_id = ?").run(org.id)).toThrow(/append-only/);
    expect(() => server.app.db.prepare('DELETE FROM audit_events WHERE organization_id = ?').run(org.id)).toThrow(/append-only/);
  });

  it('lists the actions it records', async () => {
    const org = await newOrganization(server, 'Actions');
    const res = await server.api.get(`/v1/orgs/${org.id}/audit-event-actions`);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual(expect.arrayContaining([{ object: 'audit-event-action', id: 'space.created', label: 'Space created' }]));
  });

  it('is for organization admins: 403 for other members, 404 for outsiders and unknown events, 400 for bad filters', async () => {
    const org = await newOrganization(server, 'Private log');
    const editor = await org.member('edit');
    expect((await editor.api.get(`/v1/orgs/${org.id}/audit-events`)).status).toBe(403);
    expect((await editor.api.get(`/v1/orgs/${org.id}/audit-event-actions`)).status).toBe(403);
    const outsider = server.as(server.userToken('audit-outsider@example.com').token);
    expect((await outsider.get(`/v1/orgs/${org.id}/audit-events`)).status).toBe(404);
    expect((await server.api.get(`/v1/orgs/${org.id}/audit-events/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    const bad = await server.api.get(`/v1/orgs/${org.id}/audit-events?limit=101`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/limit/);
    expect((await server.api.get(`/v1/orgs/${org.id}/audit-events?from=yesterday`)).body.error.message).toMatch(/from/);
  });
});
