import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createPage, deletePage, movePage, setPageMarkdown, updatePage } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();
let owner: ServiceContext;
beforeAll(() => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
});

async function newSpace() {
  const org = await newOrganization(server);
  return (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body as { id: string; revision: string };
}

const titles = (pages: Array<{ title: string; pages: unknown[] }>): unknown =>
  pages.map((p) => (p.pages.length ? [p.title, titles(p.pages as typeof pages)] : p.title));

describe('space content', () => {
  it('lists the page tree in order with nested pages and paths', async () => {
    const space = await newSpace();
    const intro = createPage(owner, space.id, { title: 'Introduction', markdown: '# Hello' }).pageId;
    const guide = createPage(owner, space.id, { title: 'Guide' }).pageId;
    createPage(owner, space.id, { title: 'Install', parent: guide });
    createPage(owner, space.id, { title: 'First', before: intro });

    const res = await server.api.get(`/v1/spaces/${space.id}/content/pages`);
    expect(titles(res.body.pages)).toEqual(['First', 'Introduction', ['Guide', ['Install']]]);
    expect(res.body.pages[2].pages[0]).toMatchObject({ path: 'guide/install', slug: 'install', type: 'document' });
  });

  it('reads one page with its markdown, by id and by path', async () => {
    const space = await newSpace();
    const parent = createPage(owner, space.id, { title: 'Getting started' }).pageId;
    const { pageId } = createPage(owner, space.id, { title: 'Install Folio', parent, markdown: 'Run `npm ci`.\n' });

    const byId = await server.api.get(`/v1/spaces/${space.id}/content/page/${pageId}?format=markdown`);
    expect(byId.body).toMatchObject({ id: pageId, title: 'Install Folio', markdown: 'Run `npm ci`.\n', path: 'getting-started/install-folio' });
    const byPath = await server.api.get(`/v1/spaces/${space.id}/content/path/getting-started/install-folio?format=markdown`);
    expect(byPath.body.id).toBe(pageId);
    expect((await server.api.get(`/v1/spaces/${space.id}/content/path/nowhere`)).status).toBe(404);
    expect((await server.api.get(`/v1/spaces/${space.id}/content/page/missing`)).status).toBe(404);
  });

  it('makes every write a revision that Space.revision points at', async () => {
    const space = await newSpace();
    const { revision } = createPage(owner, space.id, { title: 'A page' });
    const current = await server.api.get(`/v1/spaces/${space.id}`);
    expect(current.body.revision).toBe(revision!.id);
    const content = await server.api.get(`/v1/spaces/${space.id}/content`);
    expect(content.body).toMatchObject({ object: 'revision', id: revision!.id, type: 'edits', parents: [space.revision] });
  });

  it('reads a past revision exactly after later edits', async () => {
    const space = await newSpace();
    const { pageId, revision: first } = createPage(owner, space.id, { title: 'Page', markdown: 'version one' });
    setPageMarkdown(owner, space.id, pageId, 'version two');
    updatePage(owner, space.id, pageId, { title: 'Renamed' });
    const other = createPage(owner, space.id, { title: 'Other' }).pageId;
    deletePage(owner, space.id, pageId);

    const old = await server.api.get(`/v1/spaces/${space.id}/revisions/${first!.id}/page/${pageId}?format=markdown`);
    expect(old.body).toMatchObject({ title: 'Page', markdown: 'version one' });
    const oldTree = await server.api.get(`/v1/spaces/${space.id}/revisions/${first!.id}/pages`);
    expect(titles(oldTree.body.pages)).toEqual(['Page']);
    const now = await server.api.get(`/v1/spaces/${space.id}/content/pages`);
    expect(now.body.pages.map((p: { id: string }) => p.id)).toEqual([other]);
    expect((await server.api.get(`/v1/spaces/${space.id}/revisions/unknown`)).status).toBe(404);
  });

  it('moves a page under another and refuses a move under its own child', async () => {
    const space = await newSpace();
    const a = createPage(owner, space.id, { title: 'A' }).pageId;
    const b = createPage(owner, space.id, { title: 'B', parent: a }).pageId;
    expect(() => movePage(owner, space.id, a, { parent: b })).toThrow(/cannot be moved under itself/);
    movePage(owner, space.id, b, { parent: null, before: a });
    const res = await server.api.get(`/v1/spaces/${space.id}/content/pages`);
    expect(titles(res.body.pages)).toEqual(['B', 'A']);
  });

  it('refuses writes to a locked space and changes nothing', async () => {
    const space = await newSpace();
    createPage(owner, space.id, { title: 'Before lock' });
    await server.api.patch(`/v1/spaces/${space.id}`, { editMode: 'locked' });
    expect(() => createPage(owner, space.id, { title: 'After lock' })).toThrow(/locked/);
    const res = await server.api.get(`/v1/spaces/${space.id}/content/pages`);
    expect(titles(res.body.pages)).toEqual(['Before lock']);
  });

  it('answers format=document with a JSON document, and 400 naming the parameter for an unknown format', async () => {
    const space = await newSpace();
    const { pageId } = createPage(owner, space.id, { title: 'P', markdown: 'Hello' });
    const res = await server.api.get(`/v1/spaces/${space.id}/content/page/${pageId}?format=document`);
    expect(res.status).toBe(200);
    expect(res.body.document).toMatchObject({ object: 'document', nodes: [{ object: 'block', type: 'paragraph' }] });
    expect(res.body.markdown).toBeUndefined();
    const html = await server.api.get(`/v1/spaces/${space.id}/content/page/${pageId}?format=html`);
    expect(html.status).toBe(400);
    expect(html.body.error.message).toMatch(/^format:/);
  });

  it('hides content from callers who cannot read the space', async () => {
    const space = await newSpace();
    const outsider = server.userToken('content-outsider@example.com');
    expect((await server.as(outsider.token).get(`/v1/spaces/${space.id}/content`)).status).toBe(404);
  });
});

describe('duplicating a space', () => {
  it('copies every page with its body into the copy, which then lives its own life', async () => {
    const space = await newSpace();
    const guide = createPage(owner, space.id, { title: 'Guide', markdown: '# Guide\n' }).pageId;
    createPage(owner, space.id, { title: 'Install', parent: guide, markdown: 'npm ci' });
    const copy = (await server.api.post(`/v1/spaces/${space.id}/duplicate`)).body;

    const pages = await server.api.get(`/v1/spaces/${copy.id}/content/pages`);
    expect(titles(pages.body.pages)).toEqual([['Guide', ['Install']]]);
    const install = await server.api.get(`/v1/spaces/${copy.id}/content/path/guide/install?format=markdown`);
    expect(install.body.markdown).toBe('npm ci');
    const content = await server.api.get(`/v1/spaces/${copy.id}/content`);
    expect(content.body.id).toBe(copy.revision);
    expect(copy.revision).not.toBe((await server.api.get(`/v1/spaces/${space.id}`)).body.revision);

    setPageMarkdown(owner, copy.id, guide, '# Changed in the copy\n');
    const original = await server.api.get(`/v1/spaces/${space.id}/content/page/${guide}?format=markdown`);
    expect(original.body.markdown).toBe('# Guide\n');
  });
});
