import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openApp, serviceContext } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import { type Host, startHost } from '../../src-main/http/server';
import { createSpace, updateSpaceSettings } from '../../src-main/spaces/service';
import { listOrganizationsOfUser } from '../../src-main/store/orgs';
import { generateToken } from '../../src-main/store/tokens';
import { actingUser } from '../../src-main/sync/identity';
import { appRouter } from '../../src-main/trpc/router';

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function openHosted(name: string, ownerEmail: string) {
  const dir = mkdtempSync(join(tmpdir(), `folio-attach-${name}-`));
  const app = openApp({ dataDir: dir });
  const token = generateToken();
  const { owner } = bootstrapOwner(app.db, app.clock, { adminToken: token, ownerEmail });
  const host: Host = await startHost(app, { port: 0 });
  cleanup.push(async () => {
    await host.close();
    await app.sync.detach();
    app.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const orgId = listOrganizationsOfUser(app.db, owner.id, {}).rows[0]!.id;
  return { app, host, owner, token, orgId, ctx: serviceContext(app, owner) };
}

describe('attaching a workstation to a team server', () => {
  it('syncs in the background from the settings, reports its state, and lets the team token work locally as that account', async () => {
    const server = await openHosted('server', 'owner@team.example');
    const workstation = await openHosted('workstation', 'me@laptop.local');
    const { space } = createSpace(server.ctx, server.orgId, { title: 'Team space' }) as unknown as { space: { id: string } };

    // The desktop window is its instance's owner: it may set the team server.
    const desktop = appRouter.createCaller({ ...workstation.ctx, baseUrl: workstation.host.url, desktop: { ownerToken: workstation.token } });
    await desktop.settings.setRemote({ url: server.host.url, token: server.token });
    await expect.poll(async () => (await desktop.sync.status()).attached && (await desktop.sync.status() as { lastSyncAt?: string }).lastSyncAt).toBeTruthy();

    // The team token now opens the workstation's own /v1, as the same account.
    const me = await fetch(`${workstation.host.url}/v1/user`, { headers: { Authorization: `Bearer ${server.token}` } });
    expect(((await me.json()) as { id: string }).id).toBe(server.owner.id);
    const listed = await fetch(`${workstation.host.url}/v1/spaces/${space.id}`, { headers: { Authorization: `Bearer ${server.token}` } });
    expect(((await listed.json()) as { title: string }).title).toBe('Team space');
    // And the desktop acts as that account.
    expect(actingUser(workstation.app, workstation.owner).id).toBe(server.owner.id);

    // An edit made here while the server is away is counted for its space, then goes out when it is back.
    await server.host.close();
    updateSpaceSettings(serviceContext(workstation.app, actingUser(workstation.app, workstation.owner)), space.id, { title: 'Renamed offline' });
    await expect.poll(async () => (await desktop.sync.status()) as { state?: string; waitingBySpace?: Record<string, number> }).toMatchObject({
      state: 'offline',
      waitingBySpace: { [space.id]: 1 },
    });
    const status = (await desktop.sync.status()) as { message?: string };
    expect(status.message).toMatch(/Cannot reach/);
  });

  it('detaches when the team server is cleared', async () => {
    const server = await openHosted('server', 'owner@team.example');
    const workstation = await openHosted('workstation', 'me@laptop.local');
    const desktop = appRouter.createCaller({ ...workstation.ctx, baseUrl: workstation.host.url, desktop: { ownerToken: workstation.token } });
    await desktop.settings.setRemote({ url: server.host.url, token: server.token });
    await desktop.settings.clearRemote();
    expect(await desktop.sync.status()).toEqual({ attached: false });
  });
});
