import { beforeAll, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { cutRevision, refreshTreeRows, treeDocId } from '../../src-main/content/engine';
import { createPage, setPageMarkdown } from '../../src-main/content/pages-service';
import { filesOf, pagesOf } from '../../src-main/content/tree-model';
import { getUserById } from '../../src-main/store/users';
import { pngImage } from '../support/images';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

// Every response below is checked against GitBook's spec by server.api (test/support/api.ts).
const server = useTestServer();
let owner: ServiceContext;
beforeAll(() => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
});

async function space() {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body.id as string;
  return { org, spaceId };
}

async function openRequest(spaceId: string) {
  const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Edits' })).body;
  return { cr, base: `/v1/spaces/${spaceId}/change-requests/${cr.id}` };
}

const changesOf = async (base: string, query = '') => (await server.api.get(`${base}/changes${query}`)).body;
const edit = (base: string, changes: unknown[]) => server.api.post(`${base}/content`, { changes });

/**
 * No /v1 operation renames or deletes a file, or removes a page's emoji; a replica's sync can, by
 * editing the tree document as this does.
 */
function editTreeDocument(spaceId: string, treeId: string, change: (doc: Y.Doc) => void) {
  owner.docs.write((writer) => {
    writer.change(treeDocId(treeId), change);
    refreshTreeRows(owner, { spaceId, treeId });
    cutRevision(owner, { spaceId, treeId }, 'edits', owner.user.id);
  });
}

describe('GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/changes', () => {
  it('lists nothing for a change request that changes nothing', async () => {
    const { spaceId } = await space();
    createPage(owner, spaceId, { title: 'Intro', markdown: 'Hello' });
    const { base } = await openRequest(spaceId);
    expect(await changesOf(base)).toEqual({ changes: [] });
  });

  it('lists created, edited, moved and deleted pages in reading order', async () => {
    const { spaceId } = await space();
    const guide = createPage(owner, spaceId, { title: 'Guide', markdown: 'Read me.' }).pageId;
    const install = createPage(owner, spaceId, { title: 'Install', emoji: '1f680', markdown: 'Run it.' }).pageId;
    const old = createPage(owner, spaceId, { title: 'Old', markdown: 'Gone soon.' }).pageId;
    const { base } = await openRequest(spaceId);

    await edit(base, [
      { operation: 'update_page', page: guide, title: 'User guide', slug: 'user-guide', document: { markdown: 'Read me first.' } },
      { operation: 'update_page', page: install, into: guide },
      { operation: 'delete_page', page: old },
      { operation: 'insert_page', title: 'New', document: { markdown: 'Fresh.' } },
    ]);
    const { changes } = await changesOf(base);
    const newPage = changes.find((c: { type: string }) => c.type === 'page_created').page;
    expect(changes).toEqual([
      {
        type: 'page_edited',
        page: { id: guide, type: 'document', title: 'User guide', path: 'user-guide' },
        attributes: {
          title: { before: 'Guide', after: 'User guide' },
          slug: { before: 'guide', after: 'user-guide' },
          document: { before: expect.stringMatching(/^[0-9a-f]{64}$/), after: expect.stringMatching(/^[0-9a-f]{64}$/) },
        },
      },
      {
        type: 'page_moved',
        page: { id: install, type: 'document', title: 'Install', path: 'user-guide/install' },
        parent: { after: { id: guide, type: 'document', title: 'User guide', path: 'user-guide' } },
      },
      { type: 'page_created', page: { id: newPage.id, type: 'document', title: 'New', path: 'new' } },
      { type: 'page_deleted', page: { id: old, type: 'document', title: 'Old', path: 'old' } },
    ]);
  });

  it('reports an emoji added, changed or removed as attributes with only the sides that exist', async () => {
    const { spaceId } = await space();
    const a = createPage(owner, spaceId, { title: 'A' }).pageId;
    const b = createPage(owner, spaceId, { title: 'B', emoji: '1f600' }).pageId;
    const { cr, base } = await openRequest(spaceId);
    await edit(base, [{ operation: 'update_page', page: a, emoji: '1f680' }]);
    editTreeDocument(spaceId, cr.id, (doc) => pagesOf(doc).get(b)!.delete('emoji'));
    const { changes } = await changesOf(base);
    expect(changes.map((c: { attributes: unknown }) => c.attributes)).toEqual([{ emoji: { after: '1f680' } }, { emoji: { before: '1f600' } }]);
  });

  it("compares with the base the request was updated from, so main's later edits are not shown", async () => {
    const { spaceId } = await space();
    const page = createPage(owner, spaceId, { title: 'Page', markdown: 'one' }).pageId;
    const { base } = await openRequest(spaceId);
    await edit(base, [{ operation: 'insert_page', title: 'Mine', document: {} }]);
    // Main moves on: neither its new page nor its edit is something the request changes.
    setPageMarkdown(owner, spaceId, page, 'one, edited on main');
    createPage(owner, spaceId, { title: 'Theirs' });
    expect((await changesOf(base)).changes.map((c: { type: string; page: { title: string } }) => [c.type, c.page.title])).toEqual([
      ['page_created', 'Mine'],
    ]);
    expect((await server.api.post(`${base}/update`)).status).toBe(200);
    expect((await changesOf(base)).changes.map((c: { type: string; page: { title: string } }) => [c.type, c.page.title])).toEqual([
      ['page_created', 'Mine'],
    ]);
  });

  it('lists files created, edited and deleted', async () => {
    const { spaceId } = await space();
    // Main gets two files through a merged request, so the next request starts with them.
    const first = await openRequest(spaceId);
    await edit(first.base, [
      { operation: 'insert_files', files: [{ name: 'keep.png', contentType: 'image/png', base64: pngImage(2, 2).toString('base64') }] },
      { operation: 'insert_files', files: [{ name: 'drop.txt', contentType: 'text/plain', base64: Buffer.from('bye').toString('base64') }] },
    ]);
    await server.api.post(`${first.base}/merge`);
    const { cr, base } = await openRequest(spaceId);
    const files = (await server.api.get(`/v1/spaces/${spaceId}/content/files`)).body.items as Array<{ id: string; name: string }>;
    const keep = files.find((f) => f.name === 'keep.png')!.id;
    const drop = files.find((f) => f.name === 'drop.txt')!.id;

    await edit(base, [{ operation: 'insert_files', files: [{ name: 'new.txt', contentType: 'text/plain', base64: Buffer.from('hi').toString('base64') }] }]);
    editTreeDocument(spaceId, cr.id, (doc) => {
      filesOf(doc).get(keep)!.set('name', 'kept.png');
      filesOf(doc).delete(drop);
    });
    const { changes } = await changesOf(base);
    expect(changes).toEqual([
      {
        type: 'file_edited',
        file: { id: keep, name: 'kept.png', contentType: 'image/png', downloadURL: expect.stringContaining('/files/') },
        attributes: { name: { before: 'keep.png', after: 'kept.png' } },
      },
      { type: 'file_created', file: expect.objectContaining({ name: 'new.txt', contentType: 'text/plain' }) },
      { type: 'file_deleted', file: expect.objectContaining({ id: drop, name: 'drop.txt' }) },
    ]);
  });

  it('lists 10 changes by default and counts the rest in `more`', async () => {
    const { spaceId } = await space();
    const { base } = await openRequest(spaceId);
    await edit(base, Array.from({ length: 12 }, (_, i) => ({ operation: 'insert_page', title: `Page ${i + 1}`, document: {} })));
    const all = await changesOf(base);
    expect(all.changes).toHaveLength(10);
    expect(all.more).toBe(2);
    const three = await changesOf(base, '?limit=3');
    expect(three.changes.map((c: { page: { title: string } }) => c.page.title)).toEqual(['Page 1', 'Page 2', 'Page 3']);
    expect(three.more).toBe(9);
    expect((await changesOf(base, '?limit=50')).more).toBeUndefined();
    const bad = await server.api.get(`${base}/changes?limit=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^limit:/);
  });

  it('keeps listing what a merged request changed', async () => {
    const { spaceId } = await space();
    const { base } = await openRequest(spaceId);
    await edit(base, [{ operation: 'insert_page', title: 'Merged page', document: {} }]);
    await server.api.post(`${base}/merge`);
    expect((await changesOf(base)).changes).toEqual([expect.objectContaining({ type: 'page_created' })]);
  });

  it('answers 404 for an unknown request and to whoever cannot read the space', async () => {
    const { org, spaceId } = await space();
    const { base } = await openRequest(spaceId);
    expect((await server.api.get(`/v1/spaces/${spaceId}/change-requests/nope/changes`)).status).toBe(404);
    const reader = await org.member('read', 'reader');
    expect((await reader.api.get(`${base}/changes`)).status).toBe(200);
    const outsider = server.userToken('outsider-changes@example.com');
    expect((await server.as(outsider.token).get(`${base}/changes`)).status).toBe(404);
  });
});
