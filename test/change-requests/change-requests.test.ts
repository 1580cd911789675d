import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createPage, deletePage, setPageMarkdown } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();
let owner: ServiceContext;
beforeAll(() => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
});

async function spaceWithPage(markdown = 'Hello') {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body.id as string;
  const { pageId } = createPage(owner, spaceId, { title: 'Page', markdown });
  return { org, spaceId, pageId };
}

const markdownOf = async (path: string) => (await server.api.get(`${path}?format=markdown`)).body.markdown as string;
const crPath = (spaceId: string, cr: string) => `/v1/spaces/${spaceId}/change-requests/${cr}`;

describe('change requests', () => {
  it('creates a draft numbered per space, found by id or number, listed by status', async () => {
    const { spaceId } = await spaceWithPage();
    const space = (await server.api.get(`/v1/spaces/${spaceId}`)).body;
    const created = await server.api.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Fix typos' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'change-request', number: 1, status: 'draft', subject: 'Fix typos', revisionInitial: space.revision, outdated: false });
    expect(created.headers.get('location')).toBe(created.body.urls.location);
    const second = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body;
    expect(second.number).toBe(2);

    expect((await server.api.get(crPath(spaceId, '1'))).body.id).toBe(created.body.id);
    expect((await server.api.get(`/v1/spaces/${spaceId}/change-requests`)).body.items).toEqual([]);
    const drafts = await server.api.get(`/v1/spaces/${spaceId}/change-requests?status=draft`);
    expect(drafts.body.items.map((c: { number: number }) => c.number)).toEqual([2, 1]);
    const mine = await server.api.get(`/v1/spaces/${spaceId}/change-requests?status=draft&contributor=${server.owner.id}`);
    expect(mine.body.count).toBe(2);
    await server.api.patch(crPath(spaceId, '2'), { status: 'open' });
    expect((await server.api.get(`/v1/spaces/${spaceId}`)).body).toMatchObject({ changeRequests: 2, changeRequestsOpen: 1, changeRequestsDraft: 1 });
    expect((await server.api.get(crPath(spaceId, '99'))).status).toBe(404);
  });

  it('patches the subject and status, within bounds', async () => {
    const { spaceId } = await spaceWithPage();
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body;
    const res = await server.api.patch(crPath(spaceId, cr.id), { subject: 'Ready', status: 'open' });
    expect(res.body).toMatchObject({ subject: 'Ready', status: 'open' });
    expect((await server.api.get(`/v1/spaces/${spaceId}/change-requests`)).body.count).toBe(1);
    const tooLong = await server.api.patch(crPath(spaceId, cr.id), { subject: 's'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toMatch(/^subject:/);
    expect((await server.api.patch(crPath(spaceId, cr.id), { status: 'merged' })).status).toBe(400);
  });

  it('has its own content: edits stay in the change request until merged', async () => {
    const { spaceId, pageId } = await spaceWithPage('Main text');
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body;
    setPageMarkdown(owner, spaceId, pageId, 'Changed in the request', cr.id);
    createPage(owner, spaceId, { title: 'New page', markdown: 'only here' }, cr.id);

    expect(await markdownOf(`${crPath(spaceId, cr.id)}/content/page/${pageId}`)).toBe('Changed in the request');
    expect(await markdownOf(`/v1/spaces/${spaceId}/content/page/${pageId}`)).toBe('Main text');
    const crPages = (await server.api.get(`${crPath(spaceId, cr.id)}/content/pages`)).body.pages;
    expect(crPages.map((p: { title: string }) => p.title)).toEqual(['Page', 'New page']);
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages).toHaveLength(1);
    expect(await markdownOf(`${crPath(spaceId, cr.id)}/content/path/new-page`)).toBe('only here');
    const content = await server.api.get(`${crPath(spaceId, cr.id)}/content`);
    expect(content.body.id).toBe((await server.api.get(crPath(spaceId, cr.id))).body.revision);
  });

  it('is outdated exactly while main moved on since it last took main in', async () => {
    const { spaceId, pageId } = await spaceWithPage('one');
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body;
    const other = createPage(owner, spaceId, { title: 'Other', markdown: 'main only' }).pageId;
    setPageMarkdown(owner, spaceId, pageId, 'one two');
    expect((await server.api.get(crPath(spaceId, cr.id))).body.outdated).toBe(true);

    const updated = await server.api.post(`${crPath(spaceId, cr.id)}/update`);
    expect(updated.body).toMatchObject({ result: 'update', revision: expect.any(String) });
    const after = (await server.api.get(crPath(spaceId, cr.id))).body;
    expect(after).toMatchObject({ outdated: false, revisionMergedAncestor: (await server.api.get(`/v1/spaces/${spaceId}`)).body.revision });
    expect(await markdownOf(`${crPath(spaceId, cr.id)}/content/page/${pageId}`)).toBe('one two');
    expect(await markdownOf(`${crPath(spaceId, cr.id)}/content/page/${other}`)).toBe('main only');
  });
});

describe('merging', () => {
  it('keeps concurrent edits to different parts of the same page', async () => {
    const { spaceId, pageId } = await spaceWithPage('Intro.\n\nMiddle.\n\nEnd.');
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body;
    setPageMarkdown(owner, spaceId, pageId, 'Intro, rewritten on main.\n\nMiddle.\n\nEnd.');
    setPageMarkdown(owner, spaceId, pageId, 'Intro.\n\nMiddle.\n\nEnd, rewritten in the request.', cr.id);

    const merged = await server.api.post(`${crPath(spaceId, cr.id)}/merge`);
    expect(merged.body).toMatchObject({ result: 'merge', revision: expect.any(String) });
    expect(await markdownOf(`/v1/spaces/${spaceId}/content/page/${pageId}`)).toBe('Intro, rewritten on main.\n\nMiddle.\n\nEnd, rewritten in the request.');

    const after = (await server.api.get(crPath(spaceId, cr.id))).body;
    expect(after).toMatchObject({ status: 'merged', revisionMerged: merged.body.revision, outdated: false });
    const space = (await server.api.get(`/v1/spaces/${spaceId}`)).body;
    expect(space.revision).toBe(merged.body.revision);
    const revision = (await server.api.get(`/v1/spaces/${spaceId}/revisions/${merged.body.revision}`)).body;
    expect(revision).toMatchObject({ type: 'merge' });
    expect(revision.parents).toHaveLength(2);
  });

  it('keeps both words when both sides rewrote the same word', async () => {
    const { spaceId, pageId } = await spaceWithPage('The cat sat.');
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body;
    setPageMarkdown(owner, spaceId, pageId, 'The dog sat.');
    setPageMarkdown(owner, spaceId, pageId, 'The cow sat.', cr.id);
    await server.api.post(`${crPath(spaceId, cr.id)}/merge`);
    const result = await markdownOf(`/v1/spaces/${spaceId}/content/page/${pageId}`);
    expect(result).toMatch(/^The (dogcow|cowdog) sat\.$/);
  });

  it('keeps a page edited in the request that main deleted, and one main edited that the request deleted', async () => {
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, {})).body.id;
    const a = createPage(owner, spaceId, { title: 'A', markdown: 'a' }).pageId;
    const b = createPage(owner, spaceId, { title: 'B', markdown: 'b' }).pageId;
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body;
    deletePage(owner, spaceId, a);
    setPageMarkdown(owner, spaceId, a === a ? b : b, 'b edited on main');
    setPageMarkdown(owner, spaceId, a, 'a edited in the request', cr.id);
    deletePage(owner, spaceId, b, cr.id);
    await server.api.post(`${crPath(spaceId, cr.id)}/merge`);
    const pages = (await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as Array<{ id: string; markdown: string }>;
    expect(Object.fromEntries(pages.map((p) => [p.id, p.markdown]))).toEqual({ [a]: 'a edited in the request', [b]: 'b edited on main' });
  });

  it('merges a 10-page change request into a space that moved on', async () => {
    const { spaceId, pageId } = await spaceWithPage('base');
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body;
    for (let i = 0; i < 10; i += 1) createPage(owner, spaceId, { title: `Request page ${i}`, markdown: `body ${i}` }, cr.id);
    createPage(owner, spaceId, { title: 'Main page', markdown: 'main' });
    setPageMarkdown(owner, spaceId, pageId, 'base, edited on main');
    await server.api.post(`${crPath(spaceId, cr.id)}/merge`);
    const pages = (await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as Array<{ title: string; markdown: string }>;
    expect(pages).toHaveLength(12);
    expect(pages.filter((p) => p.title.startsWith('Request page')).map((p) => p.markdown).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `body ${i}`).sort(),
    );
    expect(pages.find((p) => p.title === 'Page')!.markdown).toBe('base, edited on main');
  });

  it('does not leak main edits into an open request that never touched the page', async () => {
    const { spaceId, pageId } = await spaceWithPage('original');
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body;
    setPageMarkdown(owner, spaceId, pageId, 'main moved on');
    expect(await markdownOf(`${crPath(spaceId, cr.id)}/content/page/${pageId}`)).toBe('original');
    await server.api.post(`${crPath(spaceId, cr.id)}/merge`);
    expect(await markdownOf(`/v1/spaces/${spaceId}/content/page/${pageId}`)).toBe('main moved on');
  });
});

describe('change request access and states', () => {
  it('refuses merges into a locked space and edits of a merged request', async () => {
    const { spaceId, pageId } = await spaceWithPage();
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body;
    await server.api.patch(`/v1/spaces/${spaceId}`, { editMode: 'locked' });
    expect((await server.api.post(`${crPath(spaceId, cr.id)}/merge`)).status).toBe(403);
    await server.api.patch(`/v1/spaces/${spaceId}`, { editMode: 'live' });
    expect((await server.api.post(`${crPath(spaceId, cr.id)}/merge`)).status).toBe(200);
    expect(() => setPageMarkdown(owner, spaceId, pageId, 'late', cr.id)).toThrow(/merged/);
    expect((await server.api.post(`${crPath(spaceId, cr.id)}/update`)).status).toBe(409);
    expect((await server.api.post(`${crPath(spaceId, cr.id)}/merge`)).status).toBe(409);
  });

  it('lets editors open requests, reviewers merge, and readers only read', async () => {
    const { org, spaceId } = await spaceWithPage();
    const reader = await org.member('read');
    const editor = await org.member('edit');
    const reviewer = await org.member('review');
    expect((await reader.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).status).toBe(403);
    const cr = (await editor.api.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'By an editor' })).body;
    expect((await reader.api.get(crPath(spaceId, cr.id))).status).toBe(200);
    expect((await editor.api.post(`${crPath(spaceId, cr.id)}/merge`)).status).toBe(403);
    expect((await reviewer.api.post(`${crPath(spaceId, cr.id)}/merge`)).status).toBe(200);
    const outsider = server.userToken('cr-outsider@example.com');
    expect((await server.as(outsider.token).get(crPath(spaceId, cr.id))).status).toBe(404);
  });
});

describe('links of a change request', () => {
  it('resolves links against the request content, apart from main', async () => {
    const { spaceId, pageId } = await spaceWithPage('See [the guide](guide.md).');
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body;
    expect((await server.api.get(`${crPath(spaceId, cr.id)}/links`)).body.stats.broken.total).toBe(1);
    const guide = createPage(owner, spaceId, { title: 'Guide' }, cr.id).pageId;
    expect((await server.api.get(`${crPath(spaceId, cr.id)}/links`)).body.stats.broken.total).toBe(0);
    expect((await server.api.get(`/v1/spaces/${spaceId}/links`)).body.stats.broken.total).toBe(1);
    const pageLinks = await server.api.get(`${crPath(spaceId, cr.id)}/content/page/${pageId}/links`);
    expect(pageLinks.body.items[0].targetReference.page.id).toBe(guide);
    const back = await server.api.get(`${crPath(spaceId, cr.id)}/content/page/${guide}/backlinks`);
    expect(back.body.items.map((l: { page: { id: string } }) => l.page.id)).toEqual([pageId]);
  });
});
