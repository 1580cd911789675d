import { afterEach, describe, expect, it } from 'vitest';
import { type Cleanup, openHosted } from '../support/hosted-app';
import { createSpace } from '../../src-main/spaces/service';
import { appRouter } from '../../src-main/trpc/router';
import { apiClient } from '../support/api';
import { makeRepository, removeRepositories } from './repositories';

const cleanup: Cleanup = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
  removeRepositories();
});


describe('Git Sync on a workstation attached to a team server', () => {
  it('is left to the team server: setting it up or syncing on the workstation answers 409 naming the server', async () => {
    const server = await openHosted(cleanup, 'server', 'owner@team.example', { allowFileImports: true });
    const workstation = await openHosted(cleanup, 'workstation', 'me@laptop.local', { allowFileImports: true });
    const { space } = createSpace(server.ctx, server.orgId, { title: 'Team space' }) as unknown as { space: { id: string } };
    const desktop = appRouter.createCaller({ ...workstation.ctx, baseUrl: workstation.host.url, desktop: { ownerToken: workstation.token } });
    await desktop.settings.setRemote({ url: server.host.url, token: server.token });
    await expect.poll(async () => (await desktop.sync.status() as { lastSyncAt?: string }).lastSyncAt, { timeout: 30_000 }).toBeTruthy();
    const repository = makeRepository({ 'README.md': '# Welcome\n' });
    const settings = { url: repository.url, ref: 'refs/heads/main' };

    const onWorkstation = apiClient(workstation.host.url, server.token);
    const refused = await onWorkstation.put(`/v1/spaces/${space.id}/git/sync`, settings);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(`attached to the team server ${server.host.url}`);
    expect((await onWorkstation.post(`/v1/spaces/${space.id}/git/sync/run`)).status).toBe(409);

    const onServer = apiClient(server.host.url, server.token);
    expect((await onServer.put(`/v1/spaces/${space.id}/git/sync`, settings)).status).toBe(200);
  });
});
