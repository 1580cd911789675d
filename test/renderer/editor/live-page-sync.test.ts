import { createTRPCClient, httpLink } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { liveUrl, type SocketLike } from '../../../src-shared/live/connection';
import type { AppRouter } from '../../../src-main/trpc/router';
import { createWindowLive, type WindowLive } from '../../../src-renderer/src/editor/live-connection';
import { openPageSync, type PageSync, type PageSyncClient } from '../../../src-renderer/src/editor/page-sync';
import type { SyncEnvironment, SyncEvent } from '../../../src-renderer/src/editor/sync-environment';
import { newOrganization } from '../../support/org';
import { useTestServer } from '../../support/server';
import { trpcClient } from '../../trpc/client';

// The editor's page sync over the live channel (docs/live.md), against a real server: edits travel as frames
// and count as saved at the server's ACK, remote ones arrive without a poll, presence comes and goes, and
// whenever the channel is down or refuses, the HTTP pushes and polls take over as before.

const server = useTestServer();
const opened: Array<{ destroy(): void }> = [];

afterEach(() => {
  for (const item of opened.splice(0).reverse()) item.destroy();
});

/** The renderer's client slice, counting its pushes (a live edit makes none). */
function editorClient(token: string) {
  const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${server.url}/trpc`, headers: () => ({ authorization: `Bearer ${token}` }) })] });
  const pushes = vi.fn(client.content.pushBody.mutate);
  const slice: PageSyncClient = { content: { body: client.content.body, pushBody: { mutate: pushes } } };
  return { slice, pushes };
}

/** A window's live channel with the `ws` package's WebSocket, signed in as the holder of `token`. */
function windowLive(token: string, identity: { id: string; name: string }, url = liveUrl(server.url)): WindowLive {
  const live = createWindowLive({
    endpoint: () => ({ url, token }),
    identity: () => identity,
    createSocket: (address) => new WebSocket(address) as unknown as SocketLike,
    retryMs: 0,
  });
  opened.push(live);
  return live;
}

/** Polls so slow that anything arriving within a test came over the channel. */
const noPolling = { visiblePollMs: 600_000, hiddenPollMs: 600_000, livePollMs: 600_000 };

async function open(token: string, target: { spaceId: string; pageId: string }, live?: WindowLive, environment?: SyncEnvironment) {
  const { slice, pushes } = editorClient(token);
  const sync = await openPageSync(slice, target, { ...noPolling, live, ...(environment ? { environment } : {}) });
  opened.push(sync);
  return { sync, pushes };
}

async function spaceWithPage(markdown: string) {
  const org = await newOrganization(server);
  const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Live editing' })).body;
  const { pageId } = await trpcClient(server.url, server.owner.token).content.createPage.mutate({ spaceId: space.id, title: 'Page', markdown });
  return { org, target: { spaceId: space.id as string, pageId: pageId as string } };
}

const markdownOf = async ({ spaceId, pageId }: { spaceId: string; pageId: string }) =>
  (await server.api.get(`/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`)).body.markdown as string;

const goesLive = (sync: PageSync) => vi.waitFor(() => expect(sync.getState().live).toBe(true), { timeout: 5_000 });

describe('the page sync over the live channel', () => {
  it('sends edits live, counts them saved at the ACK, and shows the other window’s edits without a poll', async () => {
    const { org, target } = await spaceWithPage('Shared.');
    const editor = await org.member('edit', 'editor');
    const a = await open(server.owner.token, target, windowLive(server.owner.token, { id: server.owner.id, name: 'Owner' }));
    const b = await open(editor.token, target, windowLive(editor.token, { id: editor.id, name: 'Editor' }));
    await goesLive(a.sync);
    await goesLive(b.sync);

    a.sync.text.insert(a.sync.text.length, ' From A.');
    expect(a.sync.getState()).toMatchObject({ status: 'saving', waiting: 1 });
    await a.sync.flush();
    expect(a.sync.getState()).toMatchObject({ status: 'saved', waiting: 0 });
    // Saved means committed: /v1 reads it the moment flush resolves.
    expect(await markdownOf(target)).toBe('Shared. From A.');
    await vi.waitFor(() => expect(b.sync.text.toString()).toBe('Shared. From A.'));

    b.sync.text.insert(0, 'B: ');
    a.sync.text.insert(a.sync.text.length, ' More from A.');
    await Promise.all([a.sync.flush(), b.sync.flush()]);
    await vi.waitFor(() => expect(a.sync.text.toString()).toBe(b.sync.text.toString()));
    expect(a.sync.text.toString()).toBe('B: Shared. From A. More from A.');
    expect(await markdownOf(target)).toBe('B: Shared. From A. More from A.');
    expect(a.pushes).not.toHaveBeenCalled();
    expect(b.pushes).not.toHaveBeenCalled();
  });

  it('shows who else is on the page, named by the server, and forgets them as soon as they close it', async () => {
    const { org, target } = await spaceWithPage('Presence.');
    const editor = await org.member('edit', 'editor');
    const a = await open(server.owner.token, target, windowLive(server.owner.token, { id: server.owner.id, name: 'Owner' }));
    // The name a client claims is not the one the others see: the server names each state from its token.
    const b = await open(editor.token, target, windowLive(editor.token, { id: editor.id, name: 'Claimed name' }));
    await goesLive(a.sync);
    await goesLive(b.sync);

    await vi.waitFor(() => expect(a.sync.presence!.getOthers().map((person) => person.userId)).toEqual([editor.id]));
    const [other] = a.sync.presence!.getOthers();
    expect(other).toMatchObject({ name: 'editor 1', editing: false });
    expect(other!.color).toMatch(/^#[0-9a-f]{6}$/);

    b.sync.presence!.setEditing(true);
    await vi.waitFor(() => expect(a.sync.presence!.getOthers()[0]?.editing).toBe(true));

    await b.sync.close();
    await vi.waitFor(() => expect(a.sync.presence!.getOthers()).toEqual([]));
  });

  it('falls back to HTTP pushes when the channel refuses an edit, and says why in the server’s words', async () => {
    const { org, target } = await spaceWithPage('Read only here.');
    const reader = await org.member('read', 'reader');
    const { sync, pushes } = await open(reader.token, target, windowLive(reader.token, { id: reader.id, name: 'Reader' }));
    await goesLive(sync);

    sync.text.insert(0, 'Not allowed: ');
    await vi.waitFor(() => expect(sync.getState().status).toBe('error'));
    expect(pushes).toHaveBeenCalled();
    expect(sync.getState()).toMatchObject({ live: false, waiting: 1 });
    expect(sync.getState().message).toMatch(/"edit" role/);
    expect(await markdownOf(target)).toBe('Read only here.');
  });

  it('pushes over HTTP as before while the channel cannot be reached, and goes live when it can', async () => {
    const { target } = await spaceWithPage('Offline channel.');
    const nowhere = windowLive(server.owner.token, { id: server.owner.id, name: 'Owner' }, 'ws://127.0.0.1:9/live/v1');
    const { sync, pushes } = await open(server.owner.token, target, nowhere);
    sync.text.insert(0, 'Typed: ');
    await sync.flush();
    expect(sync.getState()).toMatchObject({ status: 'saved', live: false });
    expect(pushes).toHaveBeenCalledTimes(1);
    expect(await markdownOf(target)).toBe('Typed: Offline channel.');
  });

  it('returns edits not yet acknowledged to HTTP when the connection drops, losing none', async () => {
    const { target } = await spaceWithPage('Drop.');
    const live = windowLive(server.owner.token, { id: server.owner.id, name: 'Owner' });
    const { sync, pushes } = await open(server.owner.token, target, live);
    await goesLive(sync);
    sync.text.insert(sync.text.length, ' Sent live, then the connection went.');
    live.destroy(); // before the ACK can arrive
    expect(sync.getState()).toMatchObject({ live: false, waiting: 1 });
    await sync.flush();
    expect(pushes).toHaveBeenCalledTimes(1);
    expect(await markdownOf(target)).toBe('Drop. Sent live, then the connection went.');
  });

  it('sends what waits the HTTP way when the browser says it is offline, then goes live again once the channel answers', async () => {
    const { target } = await spaceWithPage('Network.');
    let emit: (event: SyncEvent) => void = () => {};
    const environment: SyncEnvironment = { isHidden: () => false, watch: (listener) => ((emit = listener), () => {}) };
    const { sync, pushes } = await open(server.owner.token, target, windowLive(server.owner.token, { id: server.owner.id, name: 'Owner' }), environment);
    await goesLive(sync);
    sync.text.insert(sync.text.length, ' Typed as the network went.');
    emit('offline'); // before the ACK: the socket may be dead without knowing it
    expect(sync.getState()).toMatchObject({ live: false, waiting: 1 });
    await sync.flush();
    expect(pushes).toHaveBeenCalledTimes(1);
    expect(await markdownOf(target)).toBe('Network. Typed as the network went.');
    await goesLive(sync);
    sync.text.insert(0, 'Back: ');
    await sync.flush();
    expect(pushes).toHaveBeenCalledTimes(1);
    expect(await markdownOf(target)).toBe('Back: Network. Typed as the network went.');
  });
});
