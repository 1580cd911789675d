import { describe, expect, it } from 'vitest';
import { addPage, spaceWithPage } from '../comments/setup';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from './client';

const server = useTestServer();

describe('comment procedures', () => {
  it('post, list, reply, react and resolve a page thread, answering what /v1 answers', async () => {
    const { spaceId, pageId, comments } = await spaceWithPage(server);
    addPage(server, spaceId, 'Other page');
    const trpc = trpcClient(server.url, server.owner.token);

    const posted = await trpc.comments.post.mutate({ spaceId, page: pageId, body: { markdown: 'Is this **right**?' } });
    expect(posted).toEqual((await server.api.get(`${comments}/${posted.id}`)).body);
    expect(posted).toMatchObject({ body: { markdown: 'Is this **right**?' }, status: 'open', target: { page: { id: pageId } } });
    // A thread elsewhere in the space is not one of this page's.
    await server.api.post(comments, { body: { markdown: 'On the space' } });
    const listed = await trpc.comments.list.query({ spaceId, targetPage: pageId });
    expect(listed).toEqual((await server.api.get(`${comments}?targetPage=${pageId}`)).body);
    expect(listed.items.map((c) => c.id)).toEqual([posted.id]);

    const reply = await trpc.comments.postReply.mutate({ spaceId, commentId: posted.id, body: { markdown: 'Yes.' } });
    expect(reply).toEqual((await server.api.get(`${comments}/${posted.id}/replies/${reply.id}`)).body);
    const replies = await trpc.comments.listReplies.query({ spaceId, commentId: posted.id });
    expect(replies).toEqual((await server.api.get(`${comments}/${posted.id}/replies`)).body);
    const reacted = await trpc.comments.updateReply.mutate({ spaceId, commentId: posted.id, replyId: reply.id, addedReactions: ['👍'] });
    expect(reacted.reactions).toEqual([expect.objectContaining({ emoji: '👍', count: 1 })]);

    const resolved = await trpc.comments.update.mutate({ spaceId, commentId: posted.id, resolved: true, addedReactions: ['🎉'] });
    expect(resolved).toEqual((await server.api.get(`${comments}/${posted.id}`)).body);
    expect(resolved).toMatchObject({ status: 'resolved', replies: 1, reactions: [{ emoji: '🎉', count: 1 }] });
    const reopened = await trpc.comments.update.mutate({ spaceId, commentId: posted.id, resolved: false, removedReactions: ['🎉'] });
    expect(reopened).toMatchObject({ status: 'open', reactions: [] });

    const edited = await trpc.comments.updateReply.mutate({ spaceId, commentId: posted.id, replyId: reply.id, body: { markdown: 'Yes!' } });
    expect(edited).toMatchObject({ body: { markdown: 'Yes!' }, editedAt: expect.any(String) });
    expect(await trpc.comments.deleteReply.mutate({ spaceId, commentId: posted.id, replyId: reply.id })).toEqual({ deleted: true });
    expect(await trpc.comments.delete.mutate({ spaceId, commentId: posted.id })).toEqual({ deleted: true });
    expect(await trpc.comments.delete.mutate({ spaceId, commentId: posted.id })).toEqual({ deleted: false });
    expect((await server.api.get(`${comments}?targetPage=${pageId}`)).body.count).toBe(0);
  });

  it('add the markdown beside a body presented as a JSON document', async () => {
    const { spaceId, pageId, comments } = await spaceWithPage(server);
    const trpc = trpcClient(server.url, server.owner.token);
    const posted = await trpc.comments.post.mutate({ spaceId, page: pageId, body: { markdown: 'Plain *words*' }, format: 'document' });
    const { markdown, ...presented } = posted;
    expect(markdown).toBe('Plain *words*');
    expect(presented).toEqual((await server.api.get(`${comments}/${posted.id}?format=document`)).body);
    const listed = await trpc.comments.list.query({ spaceId, format: 'document' });
    expect(listed.items[0]).toMatchObject({ markdown: 'Plain *words*', body: { document: expect.any(Object) } });
  });

  it('keep a change request’s threads apart from main’s', async () => {
    const { spaceId, comments } = await spaceWithPage(server);
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Review me' })).body;
    const crPage = addPage(server, spaceId, 'Only in the request', cr.id);
    const trpc = trpcClient(server.url, server.owner.token);

    const posted = await trpc.comments.post.mutate({ spaceId, changeRequestId: cr.id, page: crPage, body: { markdown: 'New page?' } });
    const crComments = `/v1/spaces/${spaceId}/change-requests/${cr.id}/comments`;
    expect(posted).toEqual((await server.api.get(`${crComments}/${posted.id}`)).body);
    expect(posted.target).toMatchObject({ changeRequest: cr.id, page: { id: crPage } });
    expect(await trpc.comments.list.query({ spaceId, changeRequestId: cr.id })).toEqual((await server.api.get(crComments)).body);
    expect((await trpc.comments.list.query({ spaceId })).count).toBe((await server.api.get(comments)).body.count);
    expect((await trpc.comments.list.query({ spaceId })).items.map((c) => c.id)).not.toContain(posted.id);
  });

  it('refuse what /v1 refuses, with the same words', async () => {
    const { org, spaceId, pageId, comments } = await spaceWithPage(server);
    const reader = trpcClient(server.url, (await org.member('read')).token);
    const commenter = trpcClient(server.url, (await org.member('comment')).token);
    const owners = (await server.api.post(comments, { page: pageId, body: { markdown: 'owner' } })).body;

    const refused = await trpcError(reader.comments.post.mutate({ spaceId, page: pageId, body: { markdown: 'let me in' } }));
    const viaRest = await server.as((await org.member('read')).token).post(comments, { page: pageId, body: { markdown: 'let me in' } });
    expect(refused).toMatchObject({ code: 'FORBIDDEN', message: viaRest.body.error.message });
    expect((await trpcError(reader.comments.update.mutate({ spaceId, commentId: owners.id, resolved: true }))).code).toBe('FORBIDDEN');
    // Reading is enough to see the thread.
    expect((await reader.comments.list.query({ spaceId })).count).toBe(1);

    // A commenter takes part, but edits and deletes only their own words.
    expect((await commenter.comments.update.mutate({ spaceId, commentId: owners.id, addedReactions: ['👀'] })).reactions).toHaveLength(1);
    const edit = await trpcError(commenter.comments.update.mutate({ spaceId, commentId: owners.id, body: { markdown: 'mine now' } }));
    expect(edit).toMatchObject({ code: 'FORBIDDEN', message: 'Only the author of a comment can edit it' });
    expect((await trpcError(commenter.comments.delete.mutate({ spaceId, commentId: owners.id }))).code).toBe('FORBIDDEN');

    const empty = await trpcError(commenter.comments.post.mutate({ spaceId, page: pageId, body: { markdown: '   ' } }));
    expect(empty.code).toBe('BAD_REQUEST');
    expect(empty.message).toMatch(/body/);
    const missingPage = await trpcError(commenter.comments.post.mutate({ spaceId, page: 'nope', body: { markdown: 'hi' } }));
    expect(missingPage).toMatchObject({ code: 'BAD_REQUEST', message: 'page: no page "nope" in this space' });
    const stranger = trpcClient(server.url, server.userToken('stranger-comments@example.com').token);
    expect((await trpcError(stranger.comments.list.query({ spaceId }))).code).toBe('NOT_FOUND');
  });
});
