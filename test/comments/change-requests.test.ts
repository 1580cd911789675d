import { describe, expect, it } from 'vitest';
import { countOpenComments } from '../../src-main/store/comments';
import { useTestServer } from '../support/server';
import { addPage, md, spaceWithPage } from './setup';

const server = useTestServer();

async function changeRequest() {
  const setup = await spaceWithPage(server, 'Shared page');
  const cr = (await server.api.post(`/v1/spaces/${setup.spaceId}/change-requests`, { subject: 'Edits' })).body;
  const prefix = `/v1/spaces/${setup.spaceId}/change-requests/${cr.id}`;
  return { ...setup, cr, prefix, crComments: `${prefix}/comments` };
}

describe('comments on a change request', () => {
  it('posts on a page of the change request, naming the change request in the target', async () => {
    const { spaceId, pageId, cr, crComments } = await changeRequest();
    const res = await server.api.post(crComments, { page: pageId, body: md('In review') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      target: { changeRequest: cr.id, space: spaceId, page: { id: pageId, title: 'Shared page', outdated: false } },
      status: 'open',
    });
    expect(res.body.urls.location).toBe(`${server.url}${crComments}/${res.body.id}`);
    expect(res.body.target.revision).toBe(cr.revision);
    // Either the id or the number addresses the change request.
    const byNumber = await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr.number}/comments/${res.body.id}`);
    expect(byNumber.body).toEqual(res.body);
    expect((await server.api.get(`/v1/spaces/${spaceId}/change-requests/99/comments`)).status).toBe(404);
  });

  it('targets pages that exist only in the change request', async () => {
    const { spaceId, cr, crComments, comments } = await changeRequest();
    const draft = addPage(server, spaceId, 'Draft page', cr.id);
    expect((await server.api.post(crComments, { page: draft, body: md('ok') })).status).toBe(200);
    const inSpace = await server.api.post(comments, { page: draft, body: md('not here') });
    expect(inSpace.status).toBe(400);
    expect(inSpace.body.error.message).toMatch(/^page:/);
  });

  it('keeps the discussions of the space and of its change requests apart', async () => {
    const { spaceId, cr, comments, crComments, prefix } = await changeRequest();
    const inCr = (await server.api.post(crComments, { body: md('cr') })).body;
    const inSpace = (await server.api.post(comments, { body: md('space') })).body;
    expect((await server.api.get(crComments)).body.items.map((c: { id: string }) => c.id)).toEqual([inCr.id]);
    expect((await server.api.get(comments)).body.items.map((c: { id: string }) => c.id)).toEqual([inSpace.id]);
    expect((await server.api.get(`${comments}/${inCr.id}`)).status).toBe(404);
    expect((await server.api.get(`${crComments}/${inSpace.id}`)).status).toBe(404);

    expect((await server.api.get(`/v1/spaces/${spaceId}`)).body.comments).toBe(1);
    expect(countOpenComments(server.app.db, spaceId, cr.id)).toBe(1);
    await server.api.put(`${crComments}/${inCr.id}`, { resolved: true });
    expect(countOpenComments(server.app.db, spaceId, cr.id)).toBe(0);
    expect((await server.api.get(`${crComments}?status=resolved`)).body.count).toBe(1);
    expect((await server.api.get(`${prefix}/commenters`)).body.items.map((m: { id: string }) => m.id)).toEqual([server.owner.id]);
  });

  it('replies, and resolves the thread through a reply', async () => {
    const { org, crComments } = await changeRequest();
    const comment = (await server.api.post(crComments, { body: md('Please check') })).body;
    const replies = `${crComments}/${comment.id}/replies`;
    const reviewer = await org.member('review');
    const reply = await reviewer.api.post(`${replies}?format=document`, { body: md('Done') });
    expect(reply.status).toBe(200);
    expect(reply.body.body.document.object).toBe('document');
    expect(reply.body.urls.location).toBe(`${server.url}${replies}/${reply.body.id}`);

    const updated = await reviewer.api.put(`${replies}/${reply.body.id}`, { resolved: true, addedReactions: ['✅'] });
    expect(updated.status).toBe(200);
    expect(updated.body.reactions[0]).toMatchObject({ emoji: '✅', count: 1 });
    expect((await server.api.get(`${crComments}/${comment.id}`)).body).toMatchObject({
      status: 'resolved',
      resolvedBy: { id: reviewer.id },
      replies: 1,
    });
    expect((await reviewer.api.delete(`${replies}/${reply.body.id}`)).status).toBe(205);
    expect((await server.api.delete(`${crComments}/${comment.id}`)).status).toBe(205);
  });

  it('applies the space roles: read gets 403, outsiders 404', async () => {
    const { org, crComments } = await changeRequest();
    const reader = await org.member('read');
    const commenter = await org.member('comment');
    const outsider = server.as(server.userToken('outsider-cr-comments@example.com').token);
    expect((await commenter.api.post(crComments, { body: md('yes') })).status).toBe(200);
    expect((await reader.api.post(crComments, { body: md('no') })).status).toBe(403);
    expect((await reader.api.get(crComments)).body.count).toBe(1);
    expect((await outsider.get(crComments)).status).toBe(404);
    expect((await outsider.post(crComments, { body: md('no') })).status).toBe(404);
  });
});
