import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openApp, serviceContext } from '../../src-main/app/app';
import { bootstrapOwner } from '../../src-main/app/bootstrap';
import { type Host, startHost } from '../../src-main/http/server';
import { createSpace } from '../../src-main/spaces/service';
import { listOrganizationsOfUser } from '../../src-main/store/orgs';
import { generateToken } from '../../src-main/store/tokens';
import { appRouter } from '../../src-main/trpc/router';
import { apiClient } from '../support/api';
import { makeRepository, removeRepositories } from './repositories';

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
  removeRepositories();
});

async function openHosted(name: string, ownerEmail: string) {
  const dir = mkdtempSync(join(tmpdir(), `folio-git-owner-${name}-`));
  const app = openApp({ dataDir: dir, config: { allowFileImports: true } });
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

describe('Git Sync on a workstation attached to a team server', () => {
  it('is left to the team server: setting it up or syncing on the workstation answers 409 naming the server', async () => {
    const server = await openHosted('server', 'owner@team.example');
    const workstation = await openHosted('workstation', 'me@laptop.local');
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
