import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { pngImage } from '../support/images';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from './client';

const server = useTestServer();

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));
type Trpc = ReturnType<typeof trpcClient>;

async function spaceWithPage(markdown: string) {
  const org = await newOrganization(server);
  const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Bodies' })).body;
  const trpc = trpcClient(server.url, server.owner.token);
  const { pageId } = await trpc.content.createPage.mutate({ spaceId: space.id, title: 'Page', markdown, emoji: '📘' });
  return { org, spaceId: space.id as string, pageId, trpc };
}

/** An editor's copy of a body (main's, or a change request's), as the renderer keeps one. */
async function editorCopy(trpc: Trpc, target: { spaceId: string; pageId: string; changeRequestId?: string }) {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, bytes((await trpc.content.body.query(target)).update), 'server');
  const pending: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'server') pending.push(update);
  });
  return {
    text: doc.getText('markdown'),
    async push() {
      if (pending.length) await trpc.content.pushBody.mutate({ ...target, update: b64(Y.mergeUpdates(pending.splice(0))) });
    },
    async pull() {
      const { update } = await trpc.content.body.query({ ...target, stateVector: b64(Y.encodeStateVector(doc)) });
      Y.applyUpdate(doc, bytes(update), 'server');
    },
  };
}

const markdownOf = async (spaceId: string, pageId: string, changeRequestId?: string) => {
  const base = changeRequestId ? `/v1/spaces/${spaceId}/change-requests/${changeRequestId}` : `/v1/spaces/${spaceId}`;
  return (await server.api.get(`${base}/content/page/${pageId}?format=markdown`)).body.markdown as string;
};

describe('page body procedures', () => {
  it('answer the page title and emoji with the body', async () => {
    const { spaceId, pageId, trpc } = await spaceWithPage('Hello');
    const body = await trpc.content.body.query({ spaceId, pageId });
    expect(body).toMatchObject({ title: 'Page', emoji: '📘' });
    await trpc.content.updatePage.mutate({ spaceId, pageId, title: 'Renamed' });
    expect((await trpc.content.body.query({ spaceId, pageId, stateVector: body.stateVector })).title).toBe('Renamed');
  });

  it('edit a change request copy-on-write, and merge its editor with main editor typing into the same page', async () => {
    const { spaceId, pageId, trpc } = await spaceWithPage('The middle.');
    const cr = await trpc.changeRequests.create.mutate({ spaceId, subject: 'Beginning' });
    const onMain = await editorCopy(trpc, { spaceId, pageId });
    const inRequest = await editorCopy(trpc, { spaceId, pageId, changeRequestId: cr.id });
    expect(inRequest.text.toString()).toBe('The middle.');

    onMain.text.insert(onMain.text.length, ' End.');
    await onMain.push();
    inRequest.text.insert(0, 'Start. ');
    await inRequest.push();
    // Each content keeps its own edits until the merge.
    expect(await markdownOf(spaceId, pageId)).toBe('The middle. End.');
    expect(await markdownOf(spaceId, pageId, cr.id)).toBe('Start. The middle.');
    await inRequest.pull();
    expect(inRequest.text.toString()).toBe('Start. The middle.');

    await server.api.post(`/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);
    expect(await markdownOf(spaceId, pageId)).toBe('Start. The middle. End.');
    // The main editor, polling, sees the merge.
    await onMain.pull();
    expect(onMain.text.toString()).toBe('Start. The middle. End.');
  });

  it('pull what the editor lacks from a change request that has not forked the body yet', async () => {
    const { spaceId, pageId, trpc } = await spaceWithPage('Shared');
    const cr = await trpc.changeRequests.create.mutate({ spaceId });
    const inRequest = await editorCopy(trpc, { spaceId, pageId, changeRequestId: cr.id });
    // Main edits next: main forks the body into the request first, so the request keeps "Shared".
    await trpc.content.setMarkdown.mutate({ spaceId, pageId, markdown: 'Changed on main' });
    inRequest.text.insert(inRequest.text.length, '!');
    await inRequest.push();
    await inRequest.pull();
    expect(inRequest.text.toString()).toBe('Shared!');
    expect(await markdownOf(spaceId, pageId, cr.id)).toBe('Shared!');
    expect(await markdownOf(spaceId, pageId)).toBe('Changed on main');
  });

  it('refuse pushes to a locked space, but not to its change requests, and refuse a merged change request', async () => {
    const { org, spaceId, pageId, trpc } = await spaceWithPage('Locked soon');
    const cr = await trpc.changeRequests.create.mutate({ spaceId });
    const editor = await editorCopy(trpc, { spaceId, pageId });
    const inRequest = await editorCopy(trpc, { spaceId, pageId, changeRequestId: cr.id });
    await server.api.patch(`/v1/spaces/${spaceId}`, { editMode: 'locked' });

    editor.text.insert(0, 'x');
    const locked = await trpcError(editor.push());
    expect(locked).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/locked/) });
    expect(await markdownOf(spaceId, pageId)).toBe('Locked soon');
    inRequest.text.insert(0, 'Proposed: ');
    await inRequest.push();
    expect(await markdownOf(spaceId, pageId, cr.id)).toBe('Proposed: Locked soon');

    const reader = trpcClient(server.url, (await org.member('read')).token);
    expect((await reader.content.body.query({ spaceId, pageId, changeRequestId: cr.id })).title).toBe('Page');
    const update = b64(Y.encodeStateAsUpdate(new Y.Doc()));
    expect(await trpcError(reader.content.pushBody.mutate({ spaceId, pageId, update, changeRequestId: cr.id }))).toMatchObject({ code: 'FORBIDDEN' });

    await server.api.patch(`/v1/spaces/${spaceId}`, { editMode: 'live' });
    await server.api.post(`/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);
    inRequest.text.insert(0, 'late ');
    expect(await trpcError(inRequest.push())).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/merged/) });
  });

  it('refuse bytes that are not Yjs updates or state vectors, and unknown pages or change requests', async () => {
    const { spaceId, pageId, trpc } = await spaceWithPage('x');
    const garbage = b64(new Uint8Array([255, 255, 255]));
    expect(await trpcError(trpc.content.pushBody.mutate({ spaceId, pageId, update: garbage }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^update:/),
    });
    expect(await trpcError(trpc.content.body.query({ spaceId, pageId, stateVector: garbage }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^stateVector:/),
    });
    expect(await trpcError(trpc.content.body.query({ spaceId, pageId, stateVector: 'not base64!' }))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await trpcError(trpc.content.body.query({ spaceId, pageId: 'nope' }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await trpcError(trpc.content.body.query({ spaceId, pageId, changeRequestId: 'nope' }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('editor files', () => {
  it('upload an image into a change request with a name of its own, and read it back for the preview', async () => {
    const { spaceId, trpc } = await spaceWithPage('x');
    const cr = await trpc.changeRequests.create.mutate({ spaceId });
    const png = pngImage(4, 3);
    const upload = (changeRequestId?: string) =>
      trpc.content.uploadFile.mutate({ spaceId, name: 'image.png', contentType: 'image/png', data: png.toString('base64'), changeRequestId });

    const first = await upload(cr.id);
    const second = await upload(cr.id);
    expect(first.file).toMatchObject({ name: 'image.png', dimensions: { width: 4, height: 3 } });
    expect(second.file.name).toBe('image-2.png');
    const requestFiles = await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/files`);
    expect(requestFiles.body.items.map((f: { name: string }) => f.name).sort()).toEqual(['image-2.png', 'image.png']);
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/files`)).body.count).toBe(0);

    const read = await trpc.files.read.query({ spaceId, name: 'image-2.png', changeRequestId: cr.id });
    expect(read).toMatchObject({ name: 'image-2.png', contentType: 'image/png' });
    expect(Buffer.from(read.data, 'base64').equals(png)).toBe(true);
    expect(await trpcError(trpc.files.read.query({ spaceId, name: 'image.png' }))).toMatchObject({ code: 'NOT_FOUND' });

    await server.api.post(`/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);
    expect((await trpc.files.read.query({ spaceId, name: 'image.png' })).contentType).toBe('image/png');
    expect((await upload()).file.name).toBe('image-3.png');
  });

  it('refuse uploads to a locked space', async () => {
    const { spaceId, trpc } = await spaceWithPage('x');
    await server.api.patch(`/v1/spaces/${spaceId}`, { editMode: 'locked' });
    const refused = await trpcError(trpc.content.uploadFile.mutate({ spaceId, name: 'a.png', contentType: 'image/png', data: 'eA==' }));
    expect(refused).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/locked/) });
  });
});
