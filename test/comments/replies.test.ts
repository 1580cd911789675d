import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server';
import { md, spaceWithPage } from './setup';

const server = useTestServer();

async function thread() {
  const setup = await spaceWithPage(server);
  const comment = (await server.api.post(setup.comments, { body: md('Question?') })).body;
  return { ...setup, comment, replies: `${setup.comments}/${comment.id}/replies` };
}

describe('replies', () => {
  it('posts, gets and lists replies in the order they were posted, counting them on the comment', async () => {
    const { org, comments, comment, replies } = await thread();
    const member = await org.member('comment');
    const first = await member.api.post(replies, { body: md('Answer') });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      object: 'comment-reply',
      postedBy: { id: member.id },
      reactions: [],
      body: { markdown: 'Answer' },
      permissions: { view: true, edit: true, reply: true, delete: true },
    });
    expect(first.body.urls.location).toBe(`${server.url}${replies}/${first.body.id}`);
    const second = (await server.api.post(replies, { body: md('Thanks') })).body;

    expect((await server.api.get(`${replies}/${first.body.id}`)).body).toMatchObject({
      id: first.body.id,
      permissions: { edit: false, delete: true },
    });
    const listed = await server.api.get(replies);
    expect(listed.body.count).toBe(2);
    expect(listed.body.items.map((r: { id: string }) => r.id)).toEqual([first.body.id, second.id]);
    const paged = await server.api.get(`${replies}?limit=1`);
    const next = await server.api.get(`${replies}?limit=1&page=${paged.body.next.page}`);
    expect(next.body.items.map((r: { id: string }) => r.id)).toEqual([second.id]);
    expect((await server.api.get(`${comments}/${comment.id}`)).body.replies).toBe(2);
    expect((await server.api.get(`${replies}/missing`)).status).toBe(404);
    expect((await server.api.post(`${comments}/missing/replies`, { body: md('x') })).status).toBe(404);
  });

  it('returns reply bodies as documents when asked', async () => {
    const { replies } = await thread();
    const posted = (await server.api.post(replies, { body: md('A **bold** reply') })).body;
    const got = await server.api.get(`${replies}/${posted.id}?format=document`);
    expect(got.body.body.document).toMatchObject({ object: 'document', nodes: [{ type: 'paragraph' }] });
    expect((await server.api.get(`${replies}?format=document`)).body.items[0].body.document.object).toBe('document');
  });

  it('edits a reply (author only) and takes reactions from anyone who can comment', async () => {
    const { org, replies } = await thread();
    const author = await org.member('comment');
    const other = await org.member('comment');
    const posted = (await author.api.post(replies, { body: md('Typo hree') })).body;
    const path = `${replies}/${posted.id}`;

    const edited = await author.api.put(path, { body: md('Typo here') });
    expect(edited.body).toMatchObject({ body: { markdown: 'Typo here' }, editedAt: expect.any(String) });
    expect((await other.api.put(path, { body: md('Mine now') })).status).toBe(403);

    await other.api.put(path, { addedReactions: ['❤️'] });
    const reacted = await author.api.put(path, { addedReactions: ['❤️', '❤️'] });
    expect(reacted.body.reactions).toEqual([
      {
        emoji: '❤️',
        count: 2,
        users: [
          { user: expect.objectContaining({ id: other.id }), reactedAt: expect.any(String) },
          { user: expect.objectContaining({ id: author.id }), reactedAt: expect.any(String) },
        ],
      },
    ]);
    const removed = await other.api.put(path, { removedReactions: ['❤️'] });
    expect(removed.body.reactions[0]).toMatchObject({ count: 1, users: [{ user: { id: author.id } }] });
    // A space's replies have no status of their own (UpdateCommentReplySchema has no `resolved`).
    const resolved = await author.api.put(path, { resolved: true });
    expect(resolved.status).toBe(400);
    expect(resolved.body.error.message).toMatch(/resolved/);
  });

  it('keeps reactions on a reply apart from those on its comment', async () => {
    const { comments, comment, replies } = await thread();
    const reply = (await server.api.post(replies, { body: md('r') })).body;
    await server.api.put(`${replies}/${reply.id}`, { addedReactions: ['👀'] });
    expect((await server.api.get(`${comments}/${comment.id}`)).body.reactions).toEqual([]);
    await server.api.put(`${comments}/${comment.id}`, { addedReactions: ['👍'] });
    expect((await server.api.get(`${replies}/${reply.id}`)).body.reactions.map((r: { emoji: string }) => r.emoji)).toEqual(['👀']);
  });

  it('deletes a reply (author or admin) with 205, 204 when it does not exist', async () => {
    const { org, comments, comment, replies } = await thread();
    const author = await org.member('comment');
    const other = await org.member('edit');
    const mine = (await author.api.post(replies, { body: md('mine') })).body;
    const forAdmin = (await author.api.post(replies, { body: md('admin removes this') })).body;

    expect((await other.api.delete(`${replies}/${mine.id}`)).status).toBe(403);
    expect((await author.api.delete(`${replies}/${mine.id}`)).status).toBe(205);
    expect((await server.api.delete(`${replies}/${forAdmin.id}`)).status).toBe(205);
    expect((await server.api.delete(`${replies}/${forAdmin.id}`)).status).toBe(204);
    expect((await server.api.get(`${replies}/${mine.id}`)).status).toBe(404);
    expect((await server.api.get(`${comments}/${comment.id}`)).body.replies).toBe(0);
  });
});
