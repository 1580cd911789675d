import { describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from './client';

const server = useTestServer();

interface TreePage {
  id: string;
  title: string;
  emoji?: string;
  markdown?: string;
  pages: TreePage[];
}

async function spaceWithPages() {
  const org = await newOrganization(server);
  const space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Tree' })).body as { id: string };
  const trpc = trpcClient(server.url, server.owner.token);
  const create = async (title: string, extra: { parent?: string; markdown?: string } = {}) =>
    (await trpc.content.createPage.mutate({ spaceId: space.id, title, ...extra })).pageId;
  return { org, space, trpc, create };
}

const asTree = (pages: unknown) => pages as TreePage[];
const titles = (pages: unknown) => asTree(pages).map((p) => p.title);

async function comment(path: string, page: string, text = 'Please check') {
  const res = await server.api.post(`${path}/comments`, { body: { markdown: text }, page });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

describe('page tree procedures', () => {
  it('count the open comments of each page, leaving out resolved ones and other contents', async () => {
    const { space, trpc, create } = await spaceWithPages();
    const intro = await create('Intro');
    const guide = await create('Guide');
    const base = `/v1/spaces/${space.id}`;
    await comment(base, intro);
    await comment(base, intro, 'And this');
    const resolved = await comment(base, guide);
    await server.api.put(`${base}/comments/${resolved}`, { resolved: true });
    const cr = (await server.api.post(`${base}/change-requests`, { subject: 'Edits' })).body as { id: string };
    await comment(`${base}/change-requests/${cr.id}`, guide, 'In the request');

    const main = await trpc.content.pages.query({ spaceId: space.id });
    expect(main.commentCounts).toEqual({ [intro]: 2 });
    const request = await trpc.content.pages.query({ spaceId: space.id, changeRequestId: cr.id });
    expect(request.commentCounts).toEqual({ [guide]: 1 });
  });

  it("read a change request's tree and pages when given its id", async () => {
    const { space, trpc, create } = await spaceWithPages();
    const intro = await create('Intro', { markdown: 'Main words.' });
    const cr = (await server.api.post(`/v1/spaces/${space.id}/change-requests`, {})).body as { id: string; number: number };
    const added = (await trpc.content.createPage.mutate({ spaceId: space.id, changeRequestId: cr.id, title: 'Only in the request' })).pageId;
    await trpc.content.setMarkdown.mutate({ spaceId: space.id, pageId: intro, changeRequestId: cr.id, markdown: 'Request words.' });

    expect(titles((await trpc.content.pages.query({ spaceId: space.id })).pages)).toEqual(['Intro']);
    const request = await trpc.content.pages.query({ spaceId: space.id, changeRequestId: cr.id });
    expect(titles(request.pages)).toEqual(['Intro', 'Only in the request']);
    const viaRest = await server.api.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`);
    expect(request.pages).toEqual(viaRest.body.pages);

    expect((await trpc.content.page.query({ spaceId: space.id, pageId: intro, changeRequestId: cr.id })).markdown).toBe('Request words.');
    expect((await trpc.content.page.query({ spaceId: space.id, pageId: intro })).markdown).toBe('Main words.');
    const missing = await trpcError(trpc.content.page.query({ spaceId: space.id, pageId: added }));
    expect(missing.code).toBe('NOT_FOUND');
    const unknownRequest = await trpcError(trpc.content.pages.query({ spaceId: space.id, changeRequestId: 'nope' }));
    expect(unknownRequest.code).toBe('NOT_FOUND');
  });

  it('leave bodies out of the tree when asked, keeping the rest as /v1 presents it', async () => {
    const { space, trpc, create } = await spaceWithPages();
    const parent = await create('Parent', { markdown: 'A long body.' });
    await create('Child', { parent, markdown: 'Another body.' });
    const full = await trpc.content.pages.query({ spaceId: space.id });
    const light = await trpc.content.pages.query({ spaceId: space.id, bodies: false });
    const [page] = asTree(light.pages);
    expect(page).toMatchObject({ title: 'Parent', markdown: '', pages: [{ title: 'Child', markdown: '' }] });
    expect({ ...asTree(full.pages)[0], markdown: '', pages: [] }).toEqual({ ...page, pages: [] });
  });

  it("outline the tree with only what the app's tree shows (and the paths links are written to), in the order and nesting /v1 lists", async () => {
    const { space, trpc, create } = await spaceWithPages();
    const parent = await create('Parent', { markdown: 'A long body.' });
    const child = await create('Child', { parent });
    const last = await create('Last');
    await trpc.content.updatePage.mutate({ spaceId: space.id, pageId: last, emoji: '🚀' });
    await trpc.content.movePage.mutate({ spaceId: space.id, pageId: last, before: parent });
    const { pages } = await trpc.content.outline.query({ spaceId: space.id });
    expect(pages).toEqual([
      { id: last, title: 'Last', path: 'last', type: 'document', emoji: '🚀', pages: [] },
      { id: parent, title: 'Parent', path: 'parent', type: 'document', pages: [{ id: child, title: 'Child', path: 'parent/child', type: 'document', pages: [] }] },
    ]);
    const listed = (await server.api.get(`/v1/spaces/${space.id}/content/pages`)).body.pages as TreePage[];
    expect(listed.map((p) => p.id)).toEqual(pages.map((p) => p.id));
  });

  it('set and clear an emoji without touching the title', async () => {
    const { space, trpc, create } = await spaceWithPages();
    const pageId = await create('Emoji page');
    await trpc.content.updatePage.mutate({ spaceId: space.id, pageId, emoji: '🚀' });
    let page = (await server.api.get(`/v1/spaces/${space.id}/content/page/${pageId}`)).body;
    expect(page).toMatchObject({ title: 'Emoji page', emoji: '🚀', slug: 'emoji-page' });
    await trpc.content.updatePage.mutate({ spaceId: space.id, pageId, emoji: null });
    page = (await server.api.get(`/v1/spaces/${space.id}/content/page/${pageId}`)).body;
    expect(page.title).toBe('Emoji page');
    expect(page.emoji).toBeUndefined();
  });

  it('restore a deleted page with its id, place and markdown, as /v1 then reads it', async () => {
    const { space, trpc, create } = await spaceWithPages();
    await create('Before');
    const gone = await create('Gone for a moment', { markdown: '# Keep me\n\nEvery word.' });
    const child = await create('Its child', { parent: gone, markdown: 'Child words.' });
    await create('After');
    await trpc.content.deletePage.mutate({ spaceId: space.id, pageId: gone });
    expect((await server.api.get(`/v1/spaces/${space.id}/content/page/${gone}`)).status).toBe(404);

    const { revision, restored } = await trpc.content.restorePage.mutate({ spaceId: space.id, pageId: gone });
    expect(restored).toEqual([gone, child]);
    expect((await server.api.get(`/v1/spaces/${space.id}`)).body.revision).toBe(revision);
    const page = await server.api.get(`/v1/spaces/${space.id}/content/page/${gone}?format=markdown`);
    expect(page.body).toMatchObject({ id: gone, title: 'Gone for a moment', markdown: '# Keep me\n\nEvery word.' });
    const tree = asTree((await trpc.content.pages.query({ spaceId: space.id })).pages);
    expect(titles(tree)).toEqual(['Before', 'Gone for a moment', 'After']);
    expect(tree[1]!.pages.map((p) => p.id)).toEqual([child]);
  });

  it('refuse to restore what cannot be restored, in words', async () => {
    const { org, space, trpc, create } = await spaceWithPages();
    const pageId = await create('Alive');
    expect(await trpcError(trpc.content.restorePage.mutate({ spaceId: space.id, pageId: 'never-was' }))).toMatchObject({ code: 'NOT_FOUND' });
    const alive = await trpcError(trpc.content.restorePage.mutate({ spaceId: space.id, pageId }));
    expect(alive).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/not deleted/) });
    const empty = await trpcError(trpc.content.restorePage.mutate({ spaceId: space.id, pageId: '' }));
    expect(empty).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/pageId/) });

    await trpc.content.deletePage.mutate({ spaceId: space.id, pageId });
    const reader = await org.member('read');
    const readerTrpc = trpcClient(server.url, reader.token);
    expect(await trpcError(readerTrpc.content.restorePage.mutate({ spaceId: space.id, pageId }))).toMatchObject({ code: 'FORBIDDEN' });
    expect((await server.api.get(`/v1/spaces/${space.id}/content/page/${pageId}`)).status).toBe(404);
  });
});
