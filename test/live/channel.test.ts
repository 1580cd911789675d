import { describe, expect, it } from 'vitest';
import { FrameKind } from '../../src-shared/live/protocol';
import { liveClient } from '../support/live-client';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient } from '../trpc/client';

// The live channel (docs/live.md) over a real server: documents opened and edited under the rules of
// /sync/v1, updates committed before they are acknowledged and relayed to the others, presence relayed
// and gone when its owner leaves, and never stored.

const server = useTestServer();

async function spaceWithPage(markdown = 'Shared text.\n') {
  const org = await newOrganization(server);
  const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Live' })).body;
  const { pageId } = await trpcClient(server.url, server.owner.token).content.createPage.mutate({ spaceId: space.id, title: 'Page', markdown });
  return { org, spaceId: space.id as string, pageId: pageId as string, docId: `body:${space.id}:${pageId}` };
}

const markdownOf = async (spaceId: string, pageId: string) =>
  (await server.api.get(`/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`)).body.markdown as string;

const storedDocuments = () =>
  server.app.db.prepare('SELECT (SELECT COUNT(*) FROM yupdates) AS updates, (SELECT COUNT(*) FROM ydocs) AS docs').get() as { updates: number; docs: number };

describe('the live channel', () => {
  it('opens a page the caller may read with its whole content', async () => {
    const { docId } = await spaceWithPage('Hello from the server.\n');
    const client = await liveClient(server.url);
    expect((await client.auth(server.owner.token)).ok).toBe(true);
    const { doc, refused } = await client.open(docId);
    expect(refused).toBeUndefined();
    expect(doc.getText('markdown').toString()).toBe('Hello from the server.\n');
    client.close();
  });

  it('commits an edit before acknowledging it and relays it to the others who have the page open', async () => {
    const { spaceId, pageId, docId } = await spaceWithPage('Start.');
    const a = await liveClient(server.url);
    const b = await liveClient(server.url);
    await a.auth(server.owner.token);
    await b.auth(server.owner.token);
    const docA = (await a.open(docId)).doc;
    const docB = (await b.open(docId)).doc;
    const relayed = b.next((frame) => frame.docId === docId && frame.kind === FrameKind.SYNC);
    const answer = await a.edit(docId, docA, (text) => text.insert(text.length, ' Typed by A.'));
    expect(answer.kind).toBe(FrameKind.ACK);
    await relayed;
    expect(docB.getText('markdown').toString()).toBe('Start. Typed by A.');
    expect(await markdownOf(spaceId, pageId)).toBe('Start. Typed by A.');
    a.close();
    b.close();
  });

  it('relays edits made elsewhere (here, /v1) to the connections that have the page open', async () => {
    const { spaceId, pageId, docId } = await spaceWithPage('Before.');
    const client = await liveClient(server.url);
    await client.auth(server.owner.token);
    const { doc } = await client.open(docId);
    const relayed = client.next((frame) => frame.docId === docId && frame.kind === FrameKind.SYNC);
    const trpc = trpcClient(server.url, server.owner.token);
    await trpc.content.setMarkdown.mutate({ spaceId, pageId, markdown: 'After an API edit.' });
    await relayed;
    expect(doc.getText('markdown').toString()).toBe('After an API edit.');
    client.close();
  });

  it('opens a change request’s page with main’s text until the request changes it, and keeps its edits there', async () => {
    const { spaceId, pageId } = await spaceWithPage('Main text.');
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Live edit' })).body;
    const docId = `body:${cr.id}:${pageId}`;
    const client = await liveClient(server.url);
    await client.auth(server.owner.token);
    const { doc } = await client.open(docId);
    expect(doc.getText('markdown').toString()).toBe('Main text.');
    expect((await client.edit(docId, doc, (text) => text.insert(0, 'Proposed: '))).kind).toBe(FrameKind.ACK);
    const inRequest = await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/page/${pageId}?format=markdown`);
    expect(inRequest.body.markdown).toBe('Proposed: Main text.');
    expect(await markdownOf(spaceId, pageId)).toBe('Main text.');
    client.close();
  });

  it('refuses a connection without a valid token and closes it', async () => {
    const client = await liveClient(server.url);
    const answer = await client.auth('not-a-token');
    expect(answer.ok).toBe(false);
    expect(answer.message).toMatch(/token/i);
    expect((await client.whenClosed()).code).toBe(4401);
  });

  it('closes a connection that sends anything before authenticating', async () => {
    const { docId } = await spaceWithPage();
    const client = await liveClient(server.url);
    client.send({ docId, kind: FrameKind.SYNC, type: 0, payload: new Uint8Array([0]) });
    expect((await client.whenClosed()).code).toBe(4401);
  });

  it('answers a page of a space the caller cannot see as not found, without its content', async () => {
    const { docId } = await spaceWithPage('Private.');
    const outsider = server.userToken('outsider-live@example.com', 'Outsider');
    const client = await liveClient(server.url);
    await client.auth(outsider.token);
    const { doc, refused } = await client.open(docId);
    expect(refused).toMatch(/not found/i);
    expect(doc.getText('markdown').toString()).toBe('');
    client.close();
  });

  it('refuses a reader’s edit as /sync/v1 does and changes nothing', async () => {
    const { org, spaceId, pageId, docId } = await spaceWithPage('Read only.');
    const reader = await org.member('read', 'reader');
    const client = await liveClient(server.url);
    await client.auth(reader.token);
    const { doc, refused } = await client.open(docId);
    expect(refused).toBeUndefined();
    const answer = await client.edit(docId, doc, (text) => text.insert(0, 'Vandalism. '));
    expect(answer.kind).toBe(FrameKind.REFUSED);
    expect(answer.kind === FrameKind.REFUSED && answer.message).toBe('You need the "edit" role on this space to change its content');
    expect(await markdownOf(spaceId, pageId)).toBe('Read only.');
    client.close();
  });

  it('refuses the next frame of a connection whose token was revoked meanwhile', async () => {
    const { org, docId } = await spaceWithPage();
    const writer = await org.member('edit', 'writer');
    const client = await liveClient(server.url);
    await client.auth(writer.token);
    const { doc } = await client.open(docId);
    server.app.db.prepare('DELETE FROM api_tokens WHERE user_id = ?').run(writer.id);
    const answer = await client.edit(docId, doc, (text) => text.insert(0, 'After revocation. '));
    expect(answer.kind).toBe(FrameKind.REFUSED);
    expect(answer.kind === FrameKind.REFUSED && answer.message).toMatch(/revoked/);
    client.close();
  });

  it('closes a connection that sends malformed bytes and keeps serving the others', async () => {
    const { docId } = await spaceWithPage('Still here.');
    const bad = await liveClient(server.url);
    await bad.auth(server.owner.token);
    bad.socket.send(new Uint8Array([7, 1, 2, 3, 250, 250, 250]));
    expect((await bad.whenClosed()).code).toBe(1007);
    const good = await liveClient(server.url);
    await good.auth(server.owner.token);
    expect((await good.open(docId)).doc.getText('markdown').toString()).toBe('Still here.');
    good.close();
  });

  it('relays presence named as the server knows the caller, drops it when its owner leaves, and stores none of it', async () => {
    const { org, docId } = await spaceWithPage('Presence.');
    const writer = await org.member('edit', 'writer');
    const a = await liveClient(server.url);
    const b = await liveClient(server.url);
    await a.auth(writer.token);
    await b.auth(server.owner.token);
    await a.open(docId);
    await b.open(docId);
    const before = storedDocuments();

    const arrived = b.next((frame) => frame.docId === docId && frame.kind === FrameKind.AWARENESS);
    const awareness = a.present(docId, { user: { name: 'Someone Else', color: '#f00' }, cursor: { anchor: 1, head: 4 } });
    await arrived;
    const seen = [...b.presenceOf(docId).values()];
    expect(seen).toHaveLength(1);
    expect(seen[0]!.user).toMatchObject({ id: writer.id, name: 'writer 1', color: '#f00' });
    expect(seen[0]!.cursor).toEqual({ anchor: 1, head: 4 });

    const gone = b.next((frame) => frame.docId === docId && frame.kind === FrameKind.AWARENESS);
    a.close();
    await gone;
    expect(b.presenceOf(docId).size).toBe(0);
    expect(storedDocuments()).toEqual(before);
    awareness.destroy();
    b.close();
  });
});
