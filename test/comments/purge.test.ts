import { describe, expect, it } from 'vitest';
import { runMaintenance } from '../../src-main/app/app';
import { manualClock } from '../support/clock';
import { useTestServer } from '../support/server';
import { md, spaceWithPage } from './setup';

const clock = manualClock();
const server = useTestServer({ clock });

/** Rows of a comment's thread still stored: the comment, its replies, and reactions on either. */
const threadRows = (commentId: string) =>
  ['comments WHERE id = ?', 'comment_replies WHERE comment_id = ?', 'comment_reactions WHERE comment_id = ?'].map(
    (from) => (server.app.db.prepare(`SELECT COUNT(*) AS n FROM ${from}`).get(commentId) as { n: number }).n,
  );

describe('comments with a hand-moved clock', () => {
  it('orders comments posted at the same instant by when they were stored', async () => {
    const { comments } = await spaceWithPage(server);
    const a = (await server.api.post(comments, { body: md('a') })).body;
    const b = (await server.api.post(comments, { body: md('b') })).body;
    expect(a.postedAt).toBe(b.postedAt);
    expect((await server.api.get(comments)).body.items.map((c: { id: string }) => c.id)).toEqual([b.id, a.id]);
    const first = await server.api.get(`${comments}?order=asc&limit=1`);
    const second = await server.api.get(`${comments}?order=asc&limit=1&page=${first.body.next.page}`);
    expect([first.body.items[0].id, second.body.items[0].id]).toEqual([a.id, b.id]);
  });

  it('leave with their space when it is purged, replies and reactions included', async () => {
    const { spaceId, comments } = await spaceWithPage(server);
    const comment = (await server.api.post(comments, { body: md('doomed') })).body;
    const reply = (await server.api.post(`${comments}/${comment.id}/replies`, { body: md('also') })).body;
    await server.api.put(`${comments}/${comment.id}`, { addedReactions: ['👋'] });
    await server.api.put(`${comments}/${comment.id}/replies/${reply.id}`, { addedReactions: ['👋'] });
    expect(threadRows(comment.id)).toEqual([1, 1, 2]);

    await server.api.delete(`/v1/spaces/${spaceId}`);
    clock.advanceDays(8);
    runMaintenance(server.app);
    expect(threadRows(comment.id)).toEqual([0, 0, 0]);
  });
});
