import { describe, expect, it } from 'vitest';
import { SYNC_PROTOCOL } from '../../src-shared/schemas/sync';
import { type FolioApp, serviceContext } from '../../src-main/app/app';
import { type Host, startHost } from '../../src-main/http/server';
import { createChangeRequest } from '../../src-main/change-requests/service';
import { createSpace, updateSpaceSettings } from '../../src-main/spaces/service';
import { insertMember } from '../../src-main/store/members';
import { insertOrganization, listOrganizationsOfUser } from '../../src-main/store/orgs';
import { changesInState } from '../../src-main/store/sync-changes';
import { generateToken, insertToken } from '../../src-main/store/tokens';
import { findOrCreateUser, getUserById } from '../../src-main/store/users';
import { SyncClient } from '../../src-main/sync/client';
import { useReplicas } from '../support/replicas';

const { openReplica: openStore, cleanup } = useReplicas();

/** A team server on 127.0.0.1 and a workstation attached to it with a token of `who` (the server's owner by default). */
async function serverAndWorkstation() {
  const server = openStore('server', 'owner@team.example');
  const host: Host = await startHost(server.app, { port: 0 });
  cleanup.push(() => host.close());
  const workstation = openStore('workstation', 'me@laptop.local');
  const attach = (token: string, fetchImpl?: typeof fetch) => {
    const client = new SyncClient(workstation.app, { url: host.url, token }, { fetch: fetchImpl, minBackoffMs: 20, maxBackoffMs: 200 });
    cleanup.push(() => client.stop());
    return client;
  };
  return { server, host, workstation, attach };
}

/** A user of the server with a role in its organization, and their token. */
function serverUser(server: ReturnType<typeof openStore>, email: string, role: 'read' | 'edit' | 'admin') {
  const now = new Date().toISOString();
  const user = findOrCreateUser(server.db, email, now, email);
  insertMember(server.db, server.orgId, user.id, role, now);
  const token = generateToken();
  insertToken(server.db, user.id, token, now);
  return { user, token };
}

const spaceTitle = (app: FolioApp, id: string) => (app.db.prepare('SELECT title FROM spaces WHERE id = ?').get(id) as { title: string } | undefined)?.title;

describe('sync protocol between a workstation and a team server', () => {
  it('refuses a workstation that speaks another protocol version, naming both', async () => {
    const { host, server } = await serverAndWorkstation();
    const response = await fetch(`${host.url}/sync/v1/hello`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ protocol: SYNC_PROTOCOL + 1, replicaId: 'abc' }),
    });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toContain(`protocol ${SYNC_PROTOCOL}`);
    expect(body.error.message).toContain(`${SYNC_PROTOCOL + 1}`);
  });

  it("mirrors the server's organization and spaces, and keeps the workstation's own organization local", async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const { space } = createSpace(server.ctx, server.orgId, { title: 'Handbook' }) as unknown as { space: { id: string } };
    await attach(server.token).syncOnce();
    expect(spaceTitle(workstation.app, space.id)).toBe('Handbook');
    expect(listOrganizationsOfUser(workstation.db, server.owner.id, {}).rows.map((o) => o.id)).toEqual([server.orgId]);
    expect(server.db.prepare('SELECT 1 FROM organizations WHERE id = ?').get(workstation.orgId)).toBeUndefined();
  });

  it('sends offline edits when the server is back, and brings the server’s edits down', async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const { space } = createSpace(server.ctx, server.orgId, { title: 'Guide' }) as unknown as { space: { id: string } };
    const client = attach(server.token);
    await client.syncOnce();

    // Offline on the workstation: a rename, and a new space, as the server's user.
    const asOwner = serviceContext(workstation.app, getUserById(workstation.db, server.owner.id)!);
    updateSpaceSettings(asOwner, space.id, { title: 'Guide (offline)' });
    const { space: made } = createSpace(asOwner, server.orgId, { title: 'Made offline' }) as unknown as { space: { id: string } };
    expect(client.getStatus().waiting).toBeGreaterThan(0);
    // Meanwhile on the server: another field of the same space.
    updateSpaceSettings(server.ctx, space.id, { emoji: '📘' });

    await client.syncOnce();
    expect(spaceTitle(server.app, space.id)).toBe('Guide (offline)');
    expect(spaceTitle(server.app, made.id)).toBe('Made offline');
    expect(workstation.db.prepare('SELECT emoji FROM spaces WHERE id = ?').get(space.id)).toEqual({ emoji: '📘' });
    expect(client.getStatus().waiting).toBe(0);
  });

  it("refuses a reader's edits, says why, and returns the workstation's copy to the server's state", async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const { space } = createSpace(server.ctx, server.orgId, { title: 'Policy' }) as unknown as { space: { id: string } };
    const reader = serverUser(server, 'reader@team.example', 'read');
    const client = attach(reader.token);
    await client.syncOnce();

    // The workstation's store has no roles of its own to stop this write: the server is the authority.
    const local = serviceContext(workstation.app, getUserById(workstation.db, server.owner.id)!);
    updateSpaceSettings(local, space.id, { title: 'Changed by a reader' });
    await client.syncOnce();

    expect(spaceTitle(server.app, space.id)).toBe('Policy');
    expect(spaceTitle(workstation.app, space.id)).toBe('Policy');
    const refused = changesInState(workstation.db, 'refused', 10);
    expect(refused.find((c) => c.column === 'title')?.refusal).toMatch(/admin role on this space/);
    expect(client.getStatus().waiting).toBe(0);
  });

  it('sends the whole history of an organization the user joins after the workstation synced', async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const now = new Date().toISOString();
    const other = insertOrganization(server.db, { title: 'Other team', emailDomains: [], now });
    insertMember(server.db, other.id, server.owner.id, 'admin', now);
    const { space: old } = createSpace(server.ctx, other.id, { title: 'Older than the membership' }) as unknown as { space: { id: string } };
    const writer = serverUser(server, 'writer@team.example', 'edit');
    const client = attach(writer.token);
    await client.syncOnce();
    expect(spaceTitle(workstation.app, old.id)).toBeUndefined();

    insertMember(server.db, other.id, writer.user.id, 'edit', new Date().toISOString());
    await client.syncOnce();
    expect(spaceTitle(workstation.app, old.id)).toBe('Older than the membership');
  });

  it('applies a resent push once', async () => {
    const { server, host, workstation, attach } = await serverAndWorkstation();
    createSpace(server.ctx, server.orgId, { title: 'Once' });
    await attach(server.token).syncOnce();
    const asOwner = serviceContext(workstation.app, getUserById(workstation.db, server.owner.id)!);
    createSpace(asOwner, server.orgId, { title: 'Twice?' });
    const replicaId = (workstation.db.prepare("SELECT value FROM settings WHERE key = 'sync.replica_id'").get() as { value: string }).value;
    const changes = changesInState(workstation.db, 'local', 1000)
      .filter((c) => c.organizationId === server.orgId)
      .map(({ hlc, dataset, rowKey, column, value, organizationId }) => ({ hlc, dataset, rowKey, column, value, organizationId }));
    const push = () =>
      fetch(`${host.url}/sync/v1/push`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ replicaId, changes }),
      }).then((r) => r.json() as Promise<{ results: Array<{ status: string }> }>);
    const first = await push();
    const second = await push();
    expect(first.results.every((r) => r.status === 'accepted')).toBe(true);
    expect(second).toEqual(first);
    expect(server.db.prepare("SELECT COUNT(*) AS n FROM spaces WHERE title = 'Twice?'").get()).toEqual({ n: 1 });
  });

  it('says which field of a malformed push is wrong', async () => {
    const { server, host } = await serverAndWorkstation();
    const response = await fetch(`${host.url}/sync/v1/push`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ replicaId: 'abc', changes: [{ hlc: '000000000000001-0000-abc', dataset: 'api_tokens', rowKey: '["x"]', column: 'token', value: '"t"', organizationId: null }] }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('changes[0].dataset');
  });

  it('follows the server’s events: an edit on the server reaches a started workstation without polling', async () => {
    const { server, workstation, attach } = await serverAndWorkstation();
    const { space } = createSpace(server.ctx, server.orgId, { title: 'Live' }) as unknown as { space: { id: string } };
    const calls: string[] = [];
    const counting: typeof fetch = (input, init) => {
      calls.push(String(input));
      return fetch(input, init);
    };
    const client = attach(server.token, counting);
    client.start();
    await expect.poll(() => spaceTitle(workstation.app, space.id)).toBe('Live');
    await expect.poll(() => client.getStatus().state).toBe('idle');

    // Idle and converged: nothing goes out.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const idleFrom = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(calls.slice(idleFrom)).toEqual([]);

    updateSpaceSettings(server.ctx, space.id, { title: 'Live, renamed' });
    await expect.poll(() => spaceTitle(workstation.app, space.id)).toBe('Live, renamed');
  });
});

describe('change request numbers', () => {
  it('gives change requests created on two offline workstations unique numbers, the server’s, everywhere', async () => {
    const { server, host, workstation, attach } = await serverAndWorkstation();
    const { space } = createSpace(server.ctx, server.orgId, { title: 'Numbered' }) as unknown as { space: { id: string } };
    createChangeRequest(server.ctx, space.id, 'On the server');
    const other = openStore('workstation-2', 'you@laptop.local');
    const second = new SyncClient(other.app, { url: host.url, token: server.token });
    cleanup.push(() => second.stop());
    const first = attach(server.token);
    await first.syncOnce();
    await second.syncOnce();

    const as = (store: { app: FolioApp; db: FolioApp['db'] }) => serviceContext(store.app, getUserById(store.db, server.owner.id)!);
    const a = createChangeRequest(as(workstation), space.id, 'From A');
    const b = createChangeRequest(as(other), space.id, 'From B');
    expect(a.number).toBe(2);
    expect(b.number).toBe(2);
    await first.syncOnce();
    await second.syncOnce();
    await first.syncOnce();

    const numbers = (app: FolioApp) =>
      Object.fromEntries((app.db.prepare('SELECT subject, number FROM change_requests WHERE space_id = ? ORDER BY number').all(space.id) as Array<{ subject: string; number: number }>).map((r) => [r.subject, r.number]));
    expect(numbers(server.app)).toEqual({ 'On the server': 1, 'From A': 2, 'From B': 3 });
    expect(numbers(workstation.app)).toEqual(numbers(server.app));
    expect(numbers(other.app)).toEqual(numbers(server.app));
  });
});
