import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server';
import { md, spaceWithPage } from './setup';

const server = useTestServer();

describe('who may comment', () => {
  it('lets the comment role post, reply, react and resolve, but not edit or delete what others wrote', async () => {
    const { org, comments, pageId } = await spaceWithPage(server);
    const commenter = await org.member('comment');
    const theirs = (await server.api.post(comments, { body: md('owner') })).body;
    const posted = await commenter.api.post(comments, { page: pageId, body: md('mine') });
    expect(posted.status).toBe(200);
    expect(posted.body.permissions).toEqual({ view: true, edit: true, reply: true, delete: true });

    const path = `${comments}/${theirs.id}`;
    expect((await commenter.api.get(path)).body.permissions).toEqual({ view: true, edit: false, reply: true, delete: false });
    expect((await commenter.api.post(`${path}/replies`, { body: md('reply') })).status).toBe(200);
    expect((await commenter.api.put(path, { addedReactions: ['👍'], resolved: true })).body.status).toBe('resolved');
    expect((await commenter.api.put(path, { body: md('edit') })).status).toBe(403);
    expect((await commenter.api.delete(path)).status).toBe(403);
  });

  it('lets the read role see comments but not take part (403)', async () => {
    const { org, comments, spaceId } = await spaceWithPage(server);
    const reader = await org.member('read');
    const comment = (await server.api.post(comments, { body: md('hello') })).body;
    const path = `${comments}/${comment.id}`;
    const reply = (await server.api.post(`${path}/replies`, { body: md('reply') })).body;

    expect((await reader.api.get(comments)).body.count).toBe(1);
    expect((await reader.api.get(path)).body.permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
    expect((await reader.api.get(`${path}/replies/${reply.id}`)).body.permissions).toMatchObject({ reply: false });
    expect((await reader.api.get(`/v1/spaces/${spaceId}/commenters`)).body.count).toBe(1);

    const refused = await reader.api.post(comments, { body: md('let me in') });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/"comment" role/);
    for (const res of [
      await reader.api.post(`${path}/replies`, { body: md('reply') }),
      await reader.api.put(path, { addedReactions: ['👍'] }),
      await reader.api.put(path, { resolved: true }),
      await reader.api.put(`${path}/replies/${reply.id}`, { addedReactions: ['👍'] }),
      await reader.api.delete(path),
      await reader.api.delete(`${path}/replies/${reply.id}`),
    ]) {
      expect(res.status).toBe(403);
    }
    // An update that changes nothing is only a read.
    expect((await reader.api.put(path, {})).status).toBe(200);
    expect((await server.api.get(path)).body).toMatchObject({ status: 'open', reactions: [], replies: 1 });
  });

  it('raises a reader to comment through the space default level', async () => {
    const { org, comments, spaceId } = await spaceWithPage(server);
    const reader = await org.member('read');
    await server.api.patch(`/v1/spaces/${spaceId}`, { defaultLevel: 'comment' });
    expect((await reader.api.post(comments, { body: md('now I can') })).status).toBe(200);
  });

  it('answers 404 to outsiders and guests, whatever they try', async () => {
    const { org, comments, spaceId } = await spaceWithPage(server);
    const comment = (await server.api.post(comments, { body: md('secret') })).body;
    const reply = (await server.api.post(`${comments}/${comment.id}/replies`, { body: md('r') })).body;
    const outsider = server.as(server.userToken('outsider-comments@example.com').token);
    const guest = (await org.member(null)).api;
    for (const api of [outsider, guest]) {
      const path = `${comments}/${comment.id}`;
      for (const res of [
        await api.get(comments),
        await api.post(comments, { body: md('x') }),
        await api.get(path),
        await api.put(path, { resolved: true }),
        await api.delete(path),
        await api.get(`${path}/replies`),
        await api.post(`${path}/replies`, { body: md('x') }),
        await api.get(`${path}/replies/${reply.id}`),
        await api.put(`${path}/replies/${reply.id}`, { addedReactions: ['👍'] }),
        await api.delete(`${path}/replies/${reply.id}`),
        await api.get(`/v1/spaces/${spaceId}/commenters`),
      ]) {
        expect(res.status).toBe(404);
      }
    }
    expect((await server.api.get(`${comments}/${comment.id}`)).body).toMatchObject({ status: 'open', reactions: [], replies: 1 });
  });

  it('takes an author who lost the comment role out of the discussion', async () => {
    const { org, comments } = await spaceWithPage(server);
    const author = await org.member('comment');
    const comment = (await author.api.post(comments, { body: md('mine') })).body;
    await server.api.patch(`/v1/orgs/${org.id}/members/${author.id}`, { role: 'read' });
    expect((await author.api.get(`${comments}/${comment.id}`)).body.permissions).toEqual({
      view: true,
      edit: false,
      reply: false,
      delete: false,
    });
    const edit = await author.api.put(`${comments}/${comment.id}`, { body: md('changed') });
    expect(edit.status).toBe(403);
    expect((await author.api.delete(`${comments}/${comment.id}`)).status).toBe(403);
  });

  it('reads the comments of a space in the trash, but takes no new ones', async () => {
    const { comments, spaceId } = await spaceWithPage(server);
    const comment = (await server.api.post(comments, { body: md('before') })).body;
    await server.api.delete(`/v1/spaces/${spaceId}`);
    expect((await server.api.get(comments)).body.count).toBe(1);
    expect((await server.api.get(`${comments}/${comment.id}`)).status).toBe(200);
    expect((await server.api.post(comments, { body: md('after') })).status).toBe(404);
    expect((await server.api.put(`${comments}/${comment.id}`, { resolved: true })).status).toBe(404);
    expect((await server.api.delete(`${comments}/${comment.id}`)).status).toBe(404);
  });
});
