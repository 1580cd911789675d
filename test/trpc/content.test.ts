import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from './client';

const server = useTestServer();

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

async function spaceWithPage(markdown = 'Hello') {
  const org = await newOrganization(server);
  const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Live' })).body;
  const trpc = trpcClient(server.url, server.owner.token);
  const { pageId } = await trpc.content.createPage.mutate({ spaceId: space.id, title: 'Page', markdown });
  return { org, space, pageId, trpc };
}

/** An editor's copy of a body, as the renderer keeps it: loaded from the server, pushing its own updates. */
async function editorCopy(trpc: ReturnType<typeof trpcClient>, spaceId: string, pageId: string) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, bytes((await trpc.content.body.query({ spaceId, pageId })).update));
  const pending: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'server') pending.push(update);
  });
  return {
    doc,
    text: doc.getText('markdown'),
    async push() {
      for (const update of pending.splice(0)) await trpc.content.pushBody.mutate({ spaceId, pageId, update: b64(update) });
    },
    async pull() {
      const { update } = await trpc.content.body.query({ spaceId, pageId, stateVector: b64(Y.encodeStateVector(doc)) });
      Y.applyUpdate(doc, bytes(update), 'server');
    },
  };
}

describe('content procedures', () => {
  it('answer the page tree as /v1 does', async () => {
    const { space, trpc } = await spaceWithPage();
    const viaTrpc = await trpc.content.pages.query({ spaceId: space.id });
    const viaRest = await server.api.get(`/v1/spaces/${space.id}/content/pages`);
    expect(viaTrpc.pages).toEqual(viaRest.body.pages);
  });

  it('persist an editor keystroke at once, so /v1 returns the new markdown, and cut the revision when the writer pauses', async () => {
    const { space, pageId, trpc } = await spaceWithPage('Hello');
    const before = (await server.api.get(`/v1/spaces/${space.id}`)).body.revision;
    const editor = await editorCopy(trpc, space.id, pageId);
    editor.text.insert(5, ', world');
    await editor.push();

    const page = await server.api.get(`/v1/spaces/${space.id}/content/page/${pageId}?format=markdown`);
    expect(page.body.markdown).toBe('Hello, world');
    expect((await server.api.get(`/v1/spaces/${space.id}`)).body.revision).toBe(before);

    server.app.live.flush();
    const after = (await server.api.get(`/v1/spaces/${space.id}`)).body.revision;
    expect(after).not.toBe(before);
    const old = await server.api.get(`/v1/spaces/${space.id}/revisions/${before}/page/${pageId}?format=markdown`);
    expect(old.body.markdown).toBe('Hello');
  });

  it('merge two editors typing into the same page', async () => {
    const { space, pageId, trpc } = await spaceWithPage('The middle.');
    const a = await editorCopy(trpc, space.id, pageId);
    const b = await editorCopy(trpc, space.id, pageId);
    a.text.insert(0, 'Start. ');
    b.text.insert(b.text.length, ' End.');
    await a.push();
    await b.push();
    await a.pull();
    await b.pull();
    expect(a.text.toString()).toBe('Start. The middle. End.');
    expect(b.text.toString()).toBe(a.text.toString());
    const page = await server.api.get(`/v1/spaces/${space.id}/content/page/${pageId}?format=markdown`);
    expect(page.body.markdown).toBe('Start. The middle. End.');
  });

  it('apply a repeated push once', async () => {
    const { space, pageId, trpc } = await spaceWithPage('x');
    const editor = await editorCopy(trpc, space.id, pageId);
    editor.text.insert(1, 'y');
    const update = b64(Y.encodeStateAsUpdate(editor.doc));
    await trpc.content.pushBody.mutate({ spaceId: space.id, pageId, update });
    await trpc.content.pushBody.mutate({ spaceId: space.id, pageId, update });
    expect((await trpc.content.page.query({ spaceId: space.id, pageId })).markdown).toBe('xy');
  });

  it('refuse bytes that are not a Yjs update, naming the field', async () => {
    const { space, pageId, trpc } = await spaceWithPage();
    const garbage = await trpcError(trpc.content.pushBody.mutate({ spaceId: space.id, pageId, update: b64(new Uint8Array([255, 255, 255])) }));
    expect(garbage).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^update:/) });
    const notBase64 = await trpcError(trpc.content.pushBody.mutate({ spaceId: space.id, pageId, update: '***' }));
    expect(notBase64).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^update:/) });
  });

  it('refuse edits from a reader and edits to a locked space', async () => {
    const { org, space, pageId, trpc } = await spaceWithPage();
    const reader = await org.member('read');
    const readerTrpc = trpcClient(server.url, reader.token);
    expect((await readerTrpc.content.page.query({ spaceId: space.id, pageId })).title).toBe('Page');
    const update = b64(Y.encodeStateAsUpdate(new Y.Doc()));
    expect(await trpcError(readerTrpc.content.pushBody.mutate({ spaceId: space.id, pageId, update }))).toMatchObject({ code: 'FORBIDDEN' });

    await server.api.patch(`/v1/spaces/${space.id}`, { editMode: 'locked' });
    const locked = await trpcError(trpc.content.setMarkdown.mutate({ spaceId: space.id, pageId, markdown: 'nope' }));
    expect(locked).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/locked/) });
  });

  it('create, rename, move and delete pages', async () => {
    const { space, pageId, trpc } = await spaceWithPage();
    const { pageId: child } = await trpc.content.createPage.mutate({ spaceId: space.id, title: 'Child', parent: pageId });
    await trpc.content.updatePage.mutate({ spaceId: space.id, pageId: child, title: 'Renamed child', emoji: '🌱' });
    await trpc.content.movePage.mutate({ spaceId: space.id, pageId: child, parent: null, before: pageId });
    let pages = (await trpc.content.pages.query({ spaceId: space.id })).pages as Array<{ title: string; emoji?: string }>;
    expect(pages.map((p) => p.title)).toEqual(['Renamed child', 'Page']);
    expect(pages[0]!.emoji).toBe('🌱');
    await trpc.content.deletePage.mutate({ spaceId: space.id, pageId: child });
    pages = (await trpc.content.pages.query({ spaceId: space.id })).pages as Array<{ title: string }>;
    expect(pages.map((p) => p.title)).toEqual(['Page']);
    const missing = await trpcError(trpc.content.deletePage.mutate({ spaceId: space.id, pageId: child }));
    expect(missing.code).toBe('NOT_FOUND');
  });
});
