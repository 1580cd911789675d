import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server';
import { changeRequestToReview } from './review-fixtures';

const server = useTestServer();

describe('change request reviews', () => {
  it("records an approval against the change request's current revision, found by id and listed", async () => {
    const { path, cr } = await changeRequestToReview(server);
    const submitted = await server.api.post(`${path}/reviews`, { status: 'approved' });
    expect(submitted.status).toBe(201);
    expect(submitted.body).toMatchObject({
      object: 'change-request-review',
      status: 'approved',
      outdated: false,
      revision: (await server.api.get(path)).body.revision,
      reviewer: { id: server.owner.id },
    });
    expect(submitted.body.requestedBy).toBeUndefined();
    expect(submitted.headers.get('location')).toBe(submitted.body.urls.location);
    expect((await server.api.get(`${path}/reviews/${submitted.body.id}`)).body).toEqual(submitted.body);
    const list = await server.api.get(`${path}/reviews`);
    expect(list.body).toMatchObject({ count: 1, items: [{ id: submitted.body.id }] });
    expect((await server.api.get(`${path}/reviews/nope`)).status).toBe(404);
    expect((await server.api.get(`/v1/spaces/${cr.id}/change-requests/1/reviews`)).status).toBe(404);
  });

  it("posts a review's comment in the change request's discussion", async () => {
    const { path } = await changeRequestToReview(server);
    const review = await server.api.post(`${path}/reviews`, { status: 'changes-requested', comment: { markdown: 'Please fix the intro' } });
    expect(review.status).toBe(201);
    expect(review.body.comment).toMatchObject({ object: 'comment', body: { markdown: 'Please fix the intro' } });
    const comments = (await server.api.get(`${path}/comments`)).body;
    expect(comments.items.map((c: { id: string }) => c.id)).toEqual([review.body.comment.id]);
    const asDocument = await server.api.get(`${path}/reviews/${review.body.id}?format=document`);
    expect(asDocument.body.comment.body.document).toMatchObject({ object: 'document' });
  });

  it("outdates a reviewer's earlier review when they review again", async () => {
    const { path } = await changeRequestToReview(server);
    const first = (await server.api.post(`${path}/reviews`, { status: 'changes-requested' })).body;
    const second = (await server.api.post(`${path}/reviews`, { status: 'approved' })).body;
    expect((await server.api.get(`${path}/reviews/${first.id}`)).body.outdated).toBe(true);
    expect(second.outdated).toBe(false);
    const current = await server.api.get(`${path}/reviews?outdated=false`);
    expect(current.body.items.map((r: { id: string }) => r.id)).toEqual([second.id]);
    const outdated = await server.api.get(`${path}/reviews?outdated=true`);
    expect(outdated.body.items.map((r: { id: string }) => r.id)).toEqual([first.id]);
  });

  it('needs the review role, a known status, and an unmerged change request', async () => {
    const { org, path } = await changeRequestToReview(server);
    const editor = await org.member('edit', 'editor');
    const refused = await editor.api.post(`${path}/reviews`, { status: 'approved' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/"review" role/);
    const reviewer = await org.member('review', 'reviewer');
    expect((await reviewer.api.post(`${path}/reviews`, { status: 'approved' })).status).toBe(201);
    expect((await editor.api.get(`${path}/reviews`)).body.count).toBe(1);

    const bad = await server.api.post(`${path}/reviews`, { status: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^status/);
    expect((await server.as(undefined).get(`${path}/reviews`)).status).toBe(401);
    const outsider = server.userToken('outsider-reviews@example.com');
    expect((await server.as(outsider.token).get(`${path}/reviews`)).status).toBe(404);

    expect((await server.api.post(`${path}/merge`)).status).toBe(200);
    const late = await server.api.post(`${path}/reviews`, { status: 'approved' });
    expect(late.status).toBe(409);
  });
});
