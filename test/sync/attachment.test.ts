import { afterEach, describe, expect, it } from 'vitest';
import { type Cleanup, openHosted } from '../support/hosted-app';
import { createSpace, updateSpaceSettings } from '../../src-main/spaces/service';
import { serviceContext } from '../../src-main/app/app';
import { actingUser } from '../../src-main/sync/identity';
import { appRouter } from '../../src-main/trpc/router';

const cleanup: Cleanup = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});


describe('attaching a workstation to a team server', () => {
  it('syncs in the background from the settings, reports its state, and lets the team token work locally as that account', async () => {
    const server = await openHosted(cleanup, 'server', 'owner@team.example');
    const workstation = await openHosted(cleanup, 'workstation', 'me@laptop.local');
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
    const server = await openHosted(cleanup, 'server', 'owner@team.example');
    const workstation = await openHosted(cleanup, 'workstation', 'me@laptop.local');
    const desktop = appRouter.createCaller({ ...workstation.ctx, baseUrl: workstation.host.url, desktop: { ownerToken: workstation.token } });
    await desktop.settings.setRemote({ url: server.host.url, token: server.token });
    await desktop.settings.clearRemote();
    expect(await desktop.sync.status()).toEqual({ attached: false });
  });
});
