import { describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { createReusableContent, renameReusableContent } from '../../src-main/content/reusable-contents-service';
import { type Host, startHost } from '../../src-main/http/server';
import { createSpace } from '../../src-main/spaces/service';
import { getLiveReusable } from '../../src-main/store/content-reusables';
import { getUserById } from '../../src-main/store/users';
import { SyncClient } from '../../src-main/sync/client';
import { useReplicas } from '../support/replicas';

const { openReplica, cleanup } = useReplicas();

describe('reusable contents and sync', () => {
  it('travel with the content: the server’s to a fresh workstation, one written offline back, a rename both ways', async () => {
    const server = openReplica('server', 'owner@team.example');
    const host: Host = await startHost(server.app, { port: 0 });
    cleanup.push(() => host.close());
    const { space } = createSpace(server.ctx, server.orgId, { title: 'Docs' }) as unknown as { space: { id: string } };
    const fromServer = createReusableContent(server.ctx, space.id, { title: 'Support', markdown: 'Write to us.\n' });

    const laptop = openReplica('laptop', 'me@laptop.local');
    const client = new SyncClient(laptop.app, { url: host.url, token: server.token }, { minBackoffMs: 20, maxBackoffMs: 200 });
    cleanup.push(() => client.stop());
    await client.syncOnce();
    expect(getLiveReusable(laptop.db, space.id, fromServer.id)).toMatchObject({ title: 'Support', markdown: 'Write to us.\n' });

    const there = serviceContext(laptop.app, getUserById(laptop.db, server.owner.id)!);
    const offline = createReusableContent(there, space.id, { title: 'Offline note', markdown: 'Drafted on a plane.\n' });
    renameReusableContent(server.ctx, space.id, fromServer.id, 'Get support');
    await client.syncOnce();
    await client.syncOnce();
    expect(getLiveReusable(server.db, space.id, offline.id)).toMatchObject({ title: 'Offline note', markdown: 'Drafted on a plane.\n' });
    expect(getLiveReusable(laptop.db, space.id, fromServer.id)?.title).toBe('Get support');
  });
});
