import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from './client';

const server = useTestServer();

async function spaceWithHistory() {
  const org = await newOrganization(server);
  const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Guides' })).body as { id: string };
  const trpc = trpcClient(server.url, server.owner.token);
  const { pageId } = await trpc.content.createPage.mutate({ spaceId: space.id, title: 'Setup', markdown: 'First draft\n' });
  const first = (await trpc.content.setMarkdown.mutate({ spaceId: space.id, pageId, markdown: 'Second draft\n' })).revision!;
  await trpc.content.setMarkdown.mutate({ spaceId: space.id, pageId, markdown: 'Final text\n' });
  return { org, spaceId: space.id, pageId, trpc, secondDraft: first };
}

describe('revisions.list', () => {
  it('lists the space revisions newest first, with who made them and what they changed', async () => {
    const { spaceId, pageId, trpc } = await spaceWithHistory();
    const other = await trpc.content.createPage.mutate({ spaceId, title: 'Scratch' });
    await trpc.content.deletePage.mutate({ spaceId, pageId: other.pageId });

    const list = await trpc.revisions.list.query({ spaceId });
    expect(list.count).toBe(6);
    expect(list.items.map((r) => r.kind)).toEqual(['edits', 'edits', 'edits', 'edits', 'edits', 'created']);
    const [removed, added, edited] = list.items;
    expect(removed!.changes).toMatchObject({ pages: 1, removed: 1, added: 0, edited: 0, sample: [{ pageId: other.pageId, title: 'Scratch', change: 'removed' }] });
    expect(added!.changes).toMatchObject({ pages: 1, added: 1, sample: [{ title: 'Scratch', change: 'added' }] });
    expect(edited!.changes).toMatchObject({ pages: 1, edited: 1, sample: [{ pageId, title: 'Setup', change: 'edited' }] });
    expect(removed).toMatchObject({ current: true, author: { id: server.owner.id, object: 'user' }, type: 'edits' });
    expect(list.items.slice(1).every((r) => !r.current)).toBe(true);
    expect(list.items.at(-1)!.changes.pages).toBe(0);
  });

  it('says a page deleted then restored came back', async () => {
    const { spaceId, pageId, trpc } = await spaceWithHistory();
    await trpc.content.deletePage.mutate({ spaceId, pageId });
    await trpc.content.restorePage.mutate({ spaceId, pageId });
    const [restored] = (await trpc.revisions.list.query({ spaceId })).items;
    expect(restored!.changes).toMatchObject({ added: 1, edited: 0, sample: [{ pageId, title: 'Setup', change: 'restored' }] });
  });

  it('pages through the history with the next cursor, without repeating a revision', async () => {
    const { spaceId, trpc } = await spaceWithHistory();
    const first = await trpc.revisions.list.query({ spaceId, limit: 2 });
    expect(first.items).toHaveLength(2);
    const second = await trpc.revisions.list.query({ spaceId, limit: 2, page: first.next!.page });
    const ids = [...first.items, ...second.items].map((r) => r.id);
    expect(new Set(ids).size).toBe(4);
    expect(second.next).toBeUndefined();
    expect(second.items.at(-1)!.kind).toBe('created');
  });

  it('tells live editing, imports and merges apart from API edits', async () => {
    const { spaceId, pageId, trpc } = await spaceWithHistory();
    // Live editing: a Yjs update pushed by the editor, gathered into a revision when the writer pauses.
    const doc = new Y.Doc();
    Y.applyUpdate(doc, new Uint8Array(Buffer.from((await trpc.content.body.query({ spaceId, pageId })).update, 'base64')));
    let update: Uint8Array | undefined;
    doc.on('update', (u: Uint8Array) => (update = u));
    doc.getText('markdown').insert(0, 'Typed. ');
    await trpc.content.pushBody.mutate({ spaceId, pageId, update: Buffer.from(update!).toString('base64') });
    server.app.live.flush();

    const { jobId } = await trpc.content.startUploadImport.mutate({
      spaceId,
      source: 'markdown',
      name: 'notes.md',
      data: Buffer.from('# Notes\n\nImported.\n').toString('base64'),
    });
    await waitForImport(trpc, jobId);

    const cr = await trpc.changeRequests.create.mutate({ spaceId, subject: 'Fix typos' });
    await trpc.content.setMarkdown.mutate({ spaceId, pageId, markdown: 'Fixed text\n', changeRequestId: cr.id });
    await trpc.changeRequests.merge.mutate({ spaceId, changeRequestId: cr.id });

    const [merge, imported, live] = (await trpc.revisions.list.query({ spaceId })).items;
    expect(merge).toMatchObject({ kind: 'merge', type: 'merge', mergedFrom: { id: cr.id, number: cr.number, subject: 'Fix typos' } });
    expect(imported).toMatchObject({ kind: 'import', changes: { added: 1, sample: [{ title: 'Notes', change: 'added' }] } });
    expect(live).toMatchObject({ kind: 'live', author: { id: server.owner.id }, changes: { edited: 1 } });
  });

  it('is readable by a reader of the space and not found for anyone else', async () => {
    const { org, spaceId } = await spaceWithHistory();
    const reader = await org.member('read', 'reader');
    expect((await trpcClient(server.url, reader.token).revisions.list.query({ spaceId })).count).toBe(4);
    const stranger = server.userToken('stranger-revisions@example.com');
    expect(await trpcError(trpcClient(server.url, stranger.token).revisions.list.query({ spaceId }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a bad limit or a forged cursor with the field named', async () => {
    const { spaceId, trpc } = await spaceWithHistory();
    expect(await trpcError(trpc.revisions.list.query({ spaceId, limit: 0 }))).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^limit:/) });
    expect(await trpcError(trpc.revisions.list.query({ spaceId, page: 'forged' }))).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^page/) });
  });
});

describe('revisions.page and revisions.content', () => {
  it('answer a page as it was at an older revision, as /v1 does', async () => {
    const { spaceId, pageId, trpc, secondDraft } = await spaceWithHistory();
    const old = await trpc.revisions.page.query({ spaceId, revisionId: secondDraft, pageId });
    expect(old.page).toMatchObject({ id: pageId, title: 'Setup', kind: 'document', markdown: 'Second draft\n' });
    expect(old.revision.id).toBe(secondDraft);
    const viaRest = await server.api.get(`/v1/spaces/${spaceId}/revisions/${secondDraft}/page/${pageId}?format=markdown`);
    expect(viaRest.body.markdown).toBe(old.page!.markdown);
  });

  it('say when a page did not exist at the revision, and list the pages that did', async () => {
    const { spaceId, pageId, trpc, secondDraft } = await spaceWithHistory();
    const later = await trpc.content.createPage.mutate({ spaceId, title: 'Later', parent: pageId });
    const missing = await trpc.revisions.page.query({ spaceId, revisionId: secondDraft, pageId: later.pageId });
    expect(missing.page).toBeNull();
    const then = await trpc.revisions.content.query({ spaceId, revisionId: secondDraft });
    expect(then.pages).toEqual([{ id: pageId, title: 'Setup', path: 'setup', depth: 0, kind: 'document' }]);
    const now = await trpc.revisions.content.query({ spaceId, revisionId: later.revision! });
    expect(now.pages.map((p) => [p.title, p.depth])).toEqual([
      ['Setup', 0],
      ['Later', 1],
    ]);
  });

  it('answer not found for a revision of another space', async () => {
    const a = await spaceWithHistory();
    const b = await spaceWithHistory();
    const error = await trpcError(a.trpc.revisions.page.query({ spaceId: a.spaceId, revisionId: b.secondDraft, pageId: a.pageId }));
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/^Revision/) });
  });
});

describe('revisions.restorePage and revisions.restoreSpace', () => {
  it('restore a page and the whole space to a revision, and the history names the revision gone back to', async () => {
    const { spaceId, pageId, trpc, secondDraft } = await spaceWithHistory();
    const old = await trpc.revisions.page.query({ spaceId, revisionId: secondDraft, pageId });
    expect(old.now).toEqual({ title: 'Setup', markdown: 'Final text\n' });

    const { revision } = await trpc.revisions.restorePage.mutate({ spaceId, revisionId: secondDraft, pageId });
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`)).body.markdown).toBe('Second draft\n');
    const [restored] = (await trpc.revisions.list.query({ spaceId })).items;
    expect(restored).toMatchObject({ id: revision, kind: 'restore', current: true, restoredTo: { id: secondDraft } });

    const later = await trpc.content.createPage.mutate({ spaceId, title: 'Later' });
    const space = await trpc.revisions.restoreSpace.mutate({ spaceId, revisionId: secondDraft });
    const [rollback] = (await trpc.revisions.list.query({ spaceId })).items;
    expect(rollback).toMatchObject({ id: space.revision, kind: 'rollback', type: 'rollback', restoredTo: { id: secondDraft } });
    expect((await trpc.revisions.page.query({ spaceId, revisionId: secondDraft, pageId: later.pageId })).now).toBeNull();
  });

  it('refuse a reader, and a page that did not exist at the revision', async () => {
    const { org, spaceId, pageId, trpc, secondDraft } = await spaceWithHistory();
    const later = await trpc.content.createPage.mutate({ spaceId, title: 'Later' });
    expect(await trpcError(trpc.revisions.restorePage.mutate({ spaceId, revisionId: secondDraft, pageId: later.pageId }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^pageId:/),
    });
    const reader = trpcClient(server.url, (await org.member('read', 'reader')).token);
    expect(await trpcError(reader.revisions.restoreSpace.mutate({ spaceId, revisionId: secondDraft }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await trpcError(reader.revisions.restorePage.mutate({ spaceId, revisionId: secondDraft, pageId }))).toMatchObject({ code: 'FORBIDDEN' });
  });
});

async function waitForImport(trpc: ReturnType<typeof trpcClient>, jobId: string) {
  // A deadline, not a count of polls: on a loaded machine an import may take seconds.
  const giveUp = Date.now() + 15_000;
  for (;;) {
    const status = await trpc.content.importStatus.query({ jobId });
    if (status.state !== 'running') return status;
    if (Date.now() > giveUp) throw new Error('the import did not finish');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
