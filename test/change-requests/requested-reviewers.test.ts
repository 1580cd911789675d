import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server';
import { changeRequestToReview } from './review-fixtures';

const server = useTestServer();

describe('requested reviewers of a change request', () => {
  it('asks members who can review, lists them, and withdraws a request', async () => {
    const { org, path } = await changeRequestToReview(server);
    const reviewer = await org.member('review', 'reviewer');
    const asked = await server.api.post(`${path}/requested-reviewers`, { users: [reviewer.id], subject: 'Ready for review' });
    expect(asked.status).toBe(200);
    expect(asked.body.users).toEqual([
      expect.objectContaining({ object: 'change-request-requested-reviewer', kind: 'user', user: expect.objectContaining({ id: reviewer.id }), requestedBy: expect.objectContaining({ id: server.owner.id }) }),
    ]);
    expect(asked.body.users[0].revision).toBe((await server.api.get(path)).body.revision);
    expect((await server.api.get(path)).body.subject).toBe('Ready for review');
    const listed = await server.api.get(`${path}/requested-reviewers`);
    expect(listed.body).toMatchObject({ count: 1, items: [{ user: { id: reviewer.id } }] });

    // The review answers the request: it names who asked.
    const review = await reviewer.api.post(`${path}/reviews`, { status: 'approved' });
    expect(review.body.requestedBy).toMatchObject({ id: server.owner.id });

    expect((await server.api.delete(`${path}/requested-reviewers/${reviewer.id}`)).status).toBe(205);
    expect((await server.api.delete(`${path}/requested-reviewers/${reviewer.id}`)).status).toBe(204);
    expect((await server.api.get(`${path}/requested-reviewers`)).body.count).toBe(0);
  });

  it("asking a reviewer again outdates the review they gave before", async () => {
    const { org, path } = await changeRequestToReview(server);
    const reviewer = await org.member('review', 'reviewer');
    const review = (await reviewer.api.post(`${path}/reviews`, { status: 'changes-requested' })).body;
    await server.api.post(`${path}/requested-reviewers`, { users: [reviewer.id] });
    expect((await server.api.get(`${path}/reviews/${review.id}`)).body.outdated).toBe(true);
  });

  it('refuses someone who cannot review the space, naming the field, and callers without edit', async () => {
    const { org, path } = await changeRequestToReview(server);
    const editor = await org.member('edit', 'editor');
    const reviewer = await org.member('review', 'reviewer');
    const refused = await server.api.post(`${path}/requested-reviewers`, { users: [reviewer.id, editor.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^users\[1\]: .*cannot review/);
    expect((await server.api.get(`${path}/requested-reviewers`)).body.count).toBe(0);
    const unknown = await server.api.post(`${path}/requested-reviewers`, { users: ['nobody'] });
    expect(unknown.status).toBe(400);
    expect((await server.api.post(`${path}/requested-reviewers`, { users: [] })).status).toBe(400);

    const commenter = await org.member('comment', 'commenter');
    expect((await commenter.api.post(`${path}/requested-reviewers`, { users: [reviewer.id] })).status).toBe(403);
    // An editor asks; the reviewer may decline their own request.
    expect((await editor.api.post(`${path}/requested-reviewers`, { users: [reviewer.id] })).status).toBe(200);
    expect((await commenter.api.delete(`${path}/requested-reviewers/${reviewer.id}`)).status).toBe(403);
    expect((await reviewer.api.delete(`${path}/requested-reviewers/${reviewer.id}`)).status).toBe(205);
  });
});
