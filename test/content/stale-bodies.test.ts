import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient } from '../trpc/client';

// Keystrokes at O(change) (issue 17): a push appends its Yjs update and marks the page; the markdown read
// model catches up when the writer pauses or when something reads it. These tests hold readers to seeing
// every acknowledged keystroke at once, over the real server.

const server = useTestServer();
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const fromB64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

async function typingSession(markdown: string) {
  const org = await newOrganization(server);
  const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Typing' })).body;
  const trpc = trpcClient(server.url, server.owner.token);
  const { pageId } = await trpc.content.createPage.mutate({ spaceId: space.id, title: 'Notes', markdown });
  const doc = new Y.Doc();
  Y.applyUpdate(doc, fromB64((await trpc.content.body.query({ spaceId: space.id, pageId })).update));
  const text = doc.getText('markdown');
  return {
    spaceId: space.id as string,
    pageId: pageId as string,
    trpc,
    /** Types `typed` at the end of the page and pushes it as the editor does; resolves once acknowledged. */
    async type(typed: string, changeRequestId?: string) {
      const before = Y.encodeStateVector(doc);
      text.insert(text.length, typed);
      await trpc.content.pushBody.mutate({ spaceId: space.id, pageId, changeRequestId, update: b64(Y.encodeStateAsUpdate(doc, before)) });
    },
    text,
  };
}

const storedRow = (pageId: string) =>
  server.app.db.prepare('SELECT markdown FROM content_pages WHERE page_id = ? AND tree_id = space_id').get(pageId) as { markdown: string };
const staleMarks = () => (server.app.db.prepare('SELECT COUNT(*) AS n FROM stale_page_bodies').get() as { n: number }).n;

describe('keystrokes and the markdown read model', () => {
  it('writes a keystroke without rewriting the page markdown', async () => {
    const session = await typingSession('First line.\n');
    await session.type('typed');
    expect(storedRow(session.pageId).markdown).toBe('First line.\n');
    expect(staleMarks()).toBe(1);
    // The next read brings it up to date.
    await server.api.get(`/v1/spaces/${session.spaceId}/content/page/${session.pageId}`);
    expect(storedRow(session.pageId).markdown).toBe('First line.\ntyped');
    expect(staleMarks()).toBe(0);
  });

  it('answers a /v1 read right after a keystroke with the keystroke, before the writer pauses', async () => {
    const session = await typingSession('Intro.\n');
    await session.type('\nA sentence typed just now.');
    const page = await server.api.get(`/v1/spaces/${session.spaceId}/content/page/${session.pageId}?format=markdown`);
    expect(page.status).toBe(200);
    expect(page.body.markdown).toBe('Intro.\n\nA sentence typed just now.');
  });

  it('answers the app’s own reads (tRPC) with the keystroke', async () => {
    const session = await typingSession('Intro.\n');
    await session.type(' More.');
    const page = await session.trpc.content.page.query({ spaceId: session.spaceId, pageId: session.pageId });
    expect(page.markdown).toBe('Intro.\n More.');
  });

  it('indexes, links and records a revision of the keystrokes once the writer pauses', async () => {
    const session = await typingSession('Intro.\n');
    await session.type('\nQuixotically [home](https://example.com/home).');
    const before = (await server.api.get(`/v1/spaces/${session.spaceId}`)).body.revision;
    server.app.live.flush(); // the pause
    const after = (await server.api.get(`/v1/spaces/${session.spaceId}`)).body.revision;
    expect(after).not.toBe(before);
    const revisionPage = await server.api.get(`/v1/spaces/${session.spaceId}/revisions/${after}/page/${session.pageId}?format=markdown`);
    expect(revisionPage.body.markdown).toBe(session.text.toString());
    const search = await server.api.get(`/v1/spaces/${session.spaceId}/search?query=quixotically`);
    expect(search.body.items.map((item: { id: string }) => item.id)).toContain(session.pageId);
  });

  it('keeps a change request’s keystrokes in the change request, read at once', async () => {
    const session = await typingSession('Main text.\n');
    const cr = (await server.api.post(`/v1/spaces/${session.spaceId}/change-requests`, { subject: 'Edit' })).body;
    const doc = new Y.Doc();
    Y.applyUpdate(doc, fromB64((await session.trpc.content.body.query({ spaceId: session.spaceId, pageId: session.pageId, changeRequestId: cr.id })).update));
    const before = Y.encodeStateVector(doc);
    doc.getText('markdown').insert(0, 'Proposed. ');
    await session.trpc.content.pushBody.mutate({
      spaceId: session.spaceId,
      pageId: session.pageId,
      changeRequestId: cr.id,
      update: b64(Y.encodeStateAsUpdate(doc, before)),
    });
    const inRequest = await server.api.get(`/v1/spaces/${session.spaceId}/change-requests/${cr.id}/content/page/${session.pageId}?format=markdown`);
    expect(inRequest.body.markdown).toBe('Proposed. Main text.\n');
    const onMain = await server.api.get(`/v1/spaces/${session.spaceId}/content/page/${session.pageId}?format=markdown`);
    expect(onMain.body.markdown).toBe('Main text.\n');
  });
});
