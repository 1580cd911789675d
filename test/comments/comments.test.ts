import { describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { deletePage, updatePage } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { useTestServer } from '../support/server';
import { addPage, md, spaceWithPage } from './setup';

const server = useTestServer();

const ids = (res: { body: { items: Array<{ id: string }> } }) => res.body.items.map((c) => c.id);
const owner = () => serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);

describe('comments on a space', () => {
  it('posts a comment on a page, with the page as its target, and gets it back', async () => {
    const { spaceId, pageId, comments } = await spaceWithPage(server, 'Getting started');
    const space = (await server.api.get(`/v1/spaces/${spaceId}`)).body;
    // The page is `# Getting started` then `Text.`: its second block is the paragraph.
    const document = (await server.api.get(`/v1/spaces/${spaceId}/content/page/${pageId}?format=document`)).body.document;
    const paragraph = document.nodes[1].key as string;
    const res = await server.api.post(comments, { page: pageId, node: paragraph, body: md('Is this **right**?') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: 'comment',
      postedBy: { object: 'user', id: server.owner.id },
      reactions: [],
      replies: 0,
      body: { markdown: 'Is this **right**?' },
      target: {
        node: { id: paragraph, preview: 'Text.' },
        page: { id: pageId, title: 'Getting started', path: 'getting-started', outdated: false },
        space: spaceId,
        revision: space.revision,
      },
      permissions: { view: true, edit: true, reply: true, delete: true },
      status: 'open',
    });
    expect(res.body.editedAt).toBeUndefined();
    expect(res.body.resolvedAt).toBeUndefined();
    expect(res.body.target.changeRequest).toBeUndefined();
    expect(res.body.urls.location).toBe(`${server.url}${comments}/${res.body.id}`);

    const got = await server.api.get(`${comments}/${res.body.id}`);
    expect(got.body).toEqual(res.body);
    expect((await server.api.get(`${comments}/missing`)).status).toBe(404);
  });

  it('posts on the space itself, without a target page', async () => {
    const { comments, spaceId } = await spaceWithPage(server);
    const res = await server.api.post(comments, { body: md('General remark') });
    expect(res.body.target).toEqual({ space: spaceId, revision: expect.any(String) });
  });

  it('refuses a page that is not in the space, and bodies that are not markdown', async () => {
    const { comments, pageId } = await spaceWithPage(server);
    const other = await spaceWithPage(server);
    for (const [body, field] of [
      [{ page: 'nope', body: md('x') }, /^page: no page "nope" in this space/],
      [{ page: other.pageId, body: md('x') }, /^page:/],
      [{ body: md('   ') }, /^body\.markdown: a comment cannot be empty/],
      [{ body: { document: { object: 'document', nodes: [] } } }, /^body/],
      [{}, /^body:/],
      [{ node: 'n1', body: md('x') }, /^node: give the page/],
      [{ page: pageId, body: md('x'), extra: 1 }, /extra/],
    ] as const) {
      const res = await server.api.post(comments, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(field);
    }
    expect((await server.api.get(comments)).body.count).toBe(0);
  });

  it('returns the body as a GitBook document when format=document', async () => {
    const { comments } = await spaceWithPage(server);
    const posted = (await server.api.post(`${comments}?format=document`, { body: md('Hello *world*') })).body;
    expect(posted.body.document).toMatchObject({ object: 'document', nodes: [{ object: 'block', type: 'paragraph' }] });
    const got = await server.api.get(`${comments}/${posted.id}?format=document`);
    expect(got.body.body.markdown).toBeUndefined();
    const leaves = got.body.body.document.nodes[0].nodes.flatMap((n: { leaves: Array<{ text: string }> }) => n.leaves.map((l) => l.text));
    expect(leaves.join('')).toBe('Hello world');
    const listed = await server.api.get(`${comments}?format=document`);
    expect(listed.body.items[0].body.document.object).toBe('document');
    expect((await server.api.get(`${comments}/${posted.id}?format=markdown`)).body.body).toEqual({ markdown: 'Hello *world*' });
    expect((await server.api.get(`${comments}?format=html`)).status).toBe(400);
  });

  it('follows its page: renamed pages show their new title, deleted ones are outdated', async () => {
    const { spaceId, pageId, comments } = await spaceWithPage(server, 'Old title');
    const posted = (await server.api.post(comments, { page: pageId, body: md('On this page') })).body;
    updatePage(owner(), spaceId, pageId, { title: 'New title', emoji: '📘' });
    const renamed = (await server.api.get(`${comments}/${posted.id}`)).body.target.page;
    expect(renamed).toMatchObject({ title: 'New title', emoji: '📘', path: 'new-title', outdated: false });
    deletePage(owner(), spaceId, pageId);
    const gone = (await server.api.get(`${comments}/${posted.id}`)).body.target.page;
    expect(gone).toMatchObject({ id: pageId, title: 'Old title', path: 'old-title', outdated: true });
  });

  it('edits the body (author only), setting editedAt', async () => {
    const { org, comments } = await spaceWithPage(server);
    const posted = (await server.api.post(comments, { body: md('Frist') })).body;
    const edited = await server.api.put(`${comments}/${posted.id}`, { body: md('First') });
    expect(edited.status).toBe(200);
    expect(edited.body.body).toEqual({ markdown: 'First' });
    expect(edited.body.editedAt).toEqual(expect.any(String));

    const admin = await org.member('admin');
    const asAdmin = await admin.api.put(`${comments}/${posted.id}`, { body: md('Hijacked') });
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.error.message).toMatch(/author/);
    expect((await admin.api.get(`${comments}/${posted.id}`)).body).toMatchObject({
      body: { markdown: 'First' },
      permissions: { view: true, edit: false, reply: true, delete: true },
    });
  });

  it('resolves and reopens, recording when and by whom', async () => {
    const { org, spaceId, comments } = await spaceWithPage(server);
    const posted = (await server.api.post(comments, { body: md('Fix this') })).body;
    const commenter = await org.member('comment');
    const resolved = await commenter.api.put(`${comments}/${posted.id}`, { resolved: true });
    expect(resolved.body).toMatchObject({ status: 'resolved', resolvedBy: { id: commenter.id }, resolvedAt: expect.any(String) });
    expect(resolved.body.editedAt).toBeUndefined();
    expect((await server.api.get(`/v1/spaces/${spaceId}`)).body.comments).toBe(0);

    const reopened = await server.api.put(`${comments}/${posted.id}`, { resolved: false });
    expect(reopened.body.status).toBe('open');
    expect(reopened.body.resolvedAt).toBeUndefined();
    expect(reopened.body.resolvedBy).toBeUndefined();
    expect((await server.api.get(`/v1/spaces/${spaceId}`)).body.comments).toBe(1);
  });

  it('counts open comments on the space', async () => {
    const { spaceId, comments } = await spaceWithPage(server);
    const space = async () => (await server.api.get(`/v1/spaces/${spaceId}`)).body;
    expect((await space()).comments).toBe(0);
    const a = (await server.api.post(comments, { body: md('a') })).body;
    const b = (await server.api.post(comments, { body: md('b') })).body;
    await server.api.post(comments, { body: md('c') });
    expect((await space()).comments).toBe(3);
    await server.api.put(`${comments}/${a.id}`, { resolved: true });
    await server.api.delete(`${comments}/${b.id}`);
    expect((await space()).comments).toBe(1);
    const listed = (await server.api.get(`/v1/orgs/${(await space()).organization}/spaces`)).body.items;
    expect(listed[0].comments).toBe(1);
  });

  it('deletes with 205, and answers 204 for a comment that does not exist', async () => {
    const { comments } = await spaceWithPage(server);
    const posted = (await server.api.post(comments, { body: md('bye') })).body;
    await server.api.post(`${comments}/${posted.id}/replies`, { body: md('reply') });
    const res = await server.api.delete(`${comments}/${posted.id}`);
    expect(res.status).toBe(205);
    expect((await server.api.get(`${comments}/${posted.id}`)).status).toBe(404);
    expect((await server.api.get(`${comments}/${posted.id}/replies`)).status).toBe(404);
    expect((await server.api.delete(`${comments}/${posted.id}`)).status).toBe(204);
  });

  it('lets the author or an admin delete, nobody else', async () => {
    const { org, comments } = await spaceWithPage(server);
    const author = await org.member('comment');
    const other = await org.member('edit');
    const mine = (await author.api.post(comments, { body: md('mine') })).body;
    const byAdmin = (await author.api.post(comments, { body: md('admin removes this') })).body;
    expect(mine.permissions).toMatchObject({ edit: true, delete: true });
    expect((await other.api.get(`${comments}/${mine.id}`)).body.permissions).toMatchObject({ edit: false, delete: false });

    const refused = await other.api.delete(`${comments}/${mine.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/author .* or an admin/);
    expect((await author.api.delete(`${comments}/${mine.id}`)).status).toBe(205);
    expect((await server.api.delete(`${comments}/${byAdmin.id}`)).status).toBe(205);
    expect((await server.api.get(comments)).body.count).toBe(0);
  });
});

describe('reactions', () => {
  it('adds one reaction per user and emoji, with counts and users, and removes them', async () => {
    const { org, comments } = await spaceWithPage(server);
    const posted = (await server.api.post(comments, { body: md('React to me') })).body;
    const commenter = await org.member('comment');
    const path = `${comments}/${posted.id}`;

    await server.api.put(path, { addedReactions: ['👍', '🎉'] });
    await server.api.put(path, { addedReactions: ['👍'] });
    const both = await commenter.api.put(path, { addedReactions: ['👍'] });
    expect(both.body.reactions).toEqual([
      {
        emoji: '👍',
        count: 2,
        users: [
          { user: expect.objectContaining({ id: server.owner.id }), reactedAt: expect.any(String) },
          { user: expect.objectContaining({ id: commenter.id }), reactedAt: expect.any(String) },
        ],
      },
      { emoji: '🎉', count: 1, users: [{ user: expect.objectContaining({ id: server.owner.id }), reactedAt: expect.any(String) }] },
    ]);
    expect(both.body.editedAt).toBeUndefined();

    // Removing takes away only the caller's own reaction; removing an absent one is harmless.
    const after = await commenter.api.put(path, { removedReactions: ['👍', '🎉'] });
    expect(after.body.reactions.map((r: { emoji: string; count: number }) => [r.emoji, r.count])).toEqual([
      ['👍', 1],
      ['🎉', 1],
    ]);
    const none = await server.api.put(path, { removedReactions: ['👍', '🎉'] });
    expect(none.body.reactions).toEqual([]);
    expect((await server.api.put(path, { addedReactions: [''] })).status).toBe(400);
  });
});

describe('listing comments', () => {
  async function threeComments() {
    const setup = await spaceWithPage(server, 'First page');
    const second = addPage(server, setup.spaceId, 'Second page');
    const writer = await setup.org.member('comment');
    const a = (await server.api.post(setup.comments, { page: setup.pageId, body: md('a') })).body;
    const b = (await writer.api.post(setup.comments, { page: second, body: md('b') })).body;
    const c = (await server.api.post(setup.comments, { page: setup.pageId, body: md('c') })).body;
    await server.api.put(`${setup.comments}/${b.id}`, { resolved: true });
    return { ...setup, second, writer, a, b, c };
  }

  it('lists newest first by default, oldest first with order=asc', async () => {
    const { comments, a, b, c } = await threeComments();
    const res = await server.api.get(comments);
    expect(res.body.count).toBe(3);
    expect(ids(res)).toEqual([c.id, b.id, a.id]);
    expect(ids(await server.api.get(`${comments}?order=desc`))).toEqual([c.id, b.id, a.id]);
    expect(ids(await server.api.get(`${comments}?order=asc`))).toEqual([a.id, b.id, c.id]);
    expect((await server.api.get(`${comments}?order=up`)).status).toBe(400);
  });

  it('filters by status, target page and authors', async () => {
    const { comments, pageId, second, writer, a, b, c } = await threeComments();
    expect(ids(await server.api.get(`${comments}?status=open`))).toEqual([c.id, a.id]);
    expect(ids(await server.api.get(`${comments}?status=resolved`))).toEqual([b.id]);
    expect(ids(await server.api.get(`${comments}?status=all`))).toEqual([c.id, b.id, a.id]);
    expect((await server.api.get(`${comments}?status=closed`)).status).toBe(400);

    expect(ids(await server.api.get(`${comments}?targetPage=${pageId}`))).toEqual([c.id, a.id]);
    expect(ids(await server.api.get(`${comments}?targetPage=${second}`))).toEqual([b.id]);
    expect((await server.api.get(`${comments}?targetPage=elsewhere`)).body).toEqual({ items: [], count: 0 });

    expect(ids(await server.api.get(`${comments}?authors=${writer.id}`))).toEqual([b.id]);
    // GitBook's client repeats an array parameter; a comma-separated list works as well.
    const both = `${comments}?authors=${writer.id}&authors=${server.owner.id}`;
    expect(ids(await server.api.get(both))).toEqual([c.id, b.id, a.id]);
    expect(ids(await server.api.get(`${comments}?authors=${writer.id},${server.owner.id}`))).toHaveLength(3);

    const combined = await server.api.get(`${comments}?status=open&targetPage=${pageId}&authors=${server.owner.id}&order=asc`);
    expect(ids(combined)).toEqual([a.id, c.id]);
    expect(combined.body.count).toBe(2);
  });

  it('pages with limit and next.page, counting every match', async () => {
    const { comments } = await spaceWithPage(server);
    const posted: string[] = [];
    for (let i = 0; i < 5; i += 1) posted.push((await server.api.post(comments, { body: md(`n${i}`) })).body.id);
    const first = await server.api.get(`${comments}?order=asc&limit=2`);
    expect(first.body.count).toBe(5);
    expect(ids(first)).toEqual(posted.slice(0, 2));
    const second = await server.api.get(`${comments}?order=asc&limit=2&page=${first.body.next.page}`);
    const third = await server.api.get(`${comments}?order=asc&limit=2&page=${second.body.next.page}`);
    expect([...ids(second), ...ids(third)]).toEqual(posted.slice(2));
    expect(third.body.next).toBeUndefined();
    expect((await server.api.get(`${comments}?page=forged`)).status).toBe(400);
    expect((await server.api.get(`${comments}?limit=0`)).status).toBe(400);
  });

  it('keeps a space comments apart from other spaces', async () => {
    const one = await spaceWithPage(server);
    const two = await spaceWithPage(server);
    const posted = (await server.api.post(one.comments, { body: md('here') })).body;
    expect((await server.api.get(two.comments)).body.count).toBe(0);
    expect((await server.api.get(`${two.comments}/${posted.id}`)).status).toBe(404);
    expect((await server.api.put(`${two.comments}/${posted.id}`, { resolved: true })).status).toBe(404);
  });
});

describe('commenters', () => {
  it('lists the members who commented or replied, once each, in the order they first did', async () => {
    const { org, comments, spaceId } = await spaceWithPage(server);
    const a = await org.member('comment');
    const b = await org.member('comment');
    await org.member('comment'); // never comments
    const first = (await a.api.post(comments, { body: md('one') })).body;
    await server.api.post(comments, { body: md('two') });
    await a.api.post(comments, { body: md('three') });
    await b.api.post(`${comments}/${first.id}/replies`, { body: md('reply') });

    const res = await server.api.get(`/v1/spaces/${spaceId}/commenters`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.items.map((m: { id: string }) => m.id)).toEqual([a.id, server.owner.id, b.id]);
    expect(res.body.items[0]).toMatchObject({ object: 'member', role: 'comment', user: { id: a.id } });

    const page = await server.api.get(`/v1/spaces/${spaceId}/commenters?limit=2`);
    const rest = await server.api.get(`/v1/spaces/${spaceId}/commenters?limit=2&page=${page.body.next.page}`);
    expect(rest.body.items.map((m: { id: string }) => m.id)).toEqual([b.id]);
  });
});
