import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from '../trpc/client';
import { changeRequestToReview } from './review-fixtures';

const server = useTestServer();

const rules = (...names: string[]) => ({ mergeRules: { type: 'rules', rules: names.map((rule) => ({ rule })) } });

describe('merge rules', () => {
  it('are read on the space (inherit by default) and set through the space update', async () => {
    const { spaceId } = await changeRequestToReview(server);
    expect((await server.api.get(`/v1/spaces/${spaceId}`)).body.mergeRules).toEqual({ type: 'inherit' });
    const updated = await server.api.patch(`/v1/spaces/${spaceId}`, rules('require_at_least_one_approved_review'));
    expect(updated.status).toBe(200);
    expect(updated.body.mergeRules).toEqual({ type: 'rules', rules: [{ rule: 'require_at_least_one_approved_review' }] });
    expect((await server.api.get(`/v1/spaces/${spaceId}`)).body.mergeRules).toEqual(updated.body.mergeRules);
    expect((await server.api.patch(`/v1/spaces/${spaceId}`, { mergeRules: { type: 'none' } })).body.mergeRules).toEqual({ type: 'none' });
  });

  it('refuses a rule Folio does not enforce, naming it', async () => {
    const { org, spaceId } = await changeRequestToReview(server);
    const refused = await server.api.patch(`/v1/spaces/${spaceId}`, rules('require_at_least_one_review', 'require_author_to_merge'));
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/mergeRules.*require_author_to_merge/);
    expect((await server.api.get(`/v1/spaces/${spaceId}`)).body.mergeRules).toEqual({ type: 'inherit' });
    const forOrg = await server.api.patch(`/v1/orgs/${org.id}`, rules('require_agent_review'));
    expect(forOrg.status).toBe(400);
    expect(forOrg.body.error.message).toMatch(/require_agent_review/);
  });

  it('refuse a merge without an approval on /v1 and tRPC alike, and allow it once approved', async () => {
    const { org, spaceId, cr, path } = await changeRequestToReview(server);
    await server.api.patch(`/v1/spaces/${spaceId}`, rules('require_at_least_one_approved_review'));
    const refused = await server.api.post(`${path}/merge`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/require_at_least_one_approved_review/);
    const trpc = trpcClient(server.url, server.owner.token);
    const viaApp = await trpcError(trpc.changeRequests.merge.mutate({ spaceId, changeRequestId: cr.id }));
    expect(viaApp.code).toBe('CONFLICT');
    expect(viaApp.message).toMatch(/require_at_least_one_approved_review/);
    expect(await trpc.changeRequestReviews.getMergeRuleStatus.query({ spaceId, changeRequestId: cr.id })).toMatchObject({
      mergeable: false,
      rule: 'require_at_least_one_approved_review',
    });

    const reviewer = await org.member('review', 'reviewer');
    await reviewer.api.post(`${path}/reviews`, { status: 'changes-requested' });
    expect((await server.api.post(`${path}/merge`)).status).toBe(409);
    await trpc.changeRequestReviews.submitChangeRequestReview.mutate({ spaceId, changeRequestId: cr.id, status: 'approved' });
    expect(await trpc.changeRequestReviews.getMergeRuleStatus.query({ spaceId, changeRequestId: cr.id })).toEqual({ mergeable: true });
    expect(await trpc.changeRequests.merge.mutate({ spaceId, changeRequestId: cr.id })).toMatchObject({ result: 'merge' });
  });

  it('block a merge on requested changes under require_all_reviews_approved until the reviewer approves', async () => {
    const { org, spaceId, path } = await changeRequestToReview(server);
    await server.api.patch(`/v1/spaces/${spaceId}`, rules('require_all_reviews_approved'));
    const first = await org.member('review', 'first');
    const second = await org.member('review', 'second');
    await first.api.post(`${path}/reviews`, { status: 'approved' });
    await second.api.post(`${path}/reviews`, { status: 'changes-requested' });
    const refused = await server.api.post(`${path}/merge`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/require_all_reviews_approved.*requested changes/);
    await second.api.post(`${path}/reviews`, { status: 'approved' });
    // A reviewer asked again must approve again.
    await server.api.post(`${path}/requested-reviewers`, { users: [first.id] });
    expect((await server.api.post(`${path}/merge`)).body.error.message).toMatch(/has not approved/);
    await first.api.post(`${path}/reviews`, { status: 'approved' });
    expect((await server.api.post(`${path}/merge`)).status).toBe(200);
  });

  it('require any review, a subject and a description when asked', async () => {
    const { org, spaceId, path } = await changeRequestToReview(server, '');
    await server.api.patch(`/v1/spaces/${spaceId}`, rules('require_change_request_subject', 'require_change_request_description', 'require_at_least_one_review'));
    expect((await server.api.post(`${path}/merge`)).body.error.message).toMatch(/require_change_request_subject/);
    const reviewer = await org.member('review', 'reviewer');
    await server.api.post(`${path}/requested-reviewers`, { users: [reviewer.id], subject: 'Intro rewrite' });
    expect((await server.api.post(`${path}/merge`)).body.error.message).toMatch(/require_change_request_description/);
    const description = { object: 'document', nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Why', marks: [] }] }] }] };
    await server.api.post(`${path}/requested-reviewers`, { users: [reviewer.id], description });
    expect((await server.api.post(`${path}/merge`)).body.error.message).toMatch(/require_at_least_one_review/);
    await reviewer.api.post(`${path}/reviews`, { status: 'changes-requested' });
    expect((await server.api.post(`${path}/merge`)).status).toBe(200);
  });

  it("apply the organization's rules to a space that inherits them", async () => {
    const { org, spaceId, path } = await changeRequestToReview(server);
    const updated = await server.api.patch(`/v1/orgs/${org.id}`, rules('require_at_least_one_approved_review'));
    expect(updated.body.mergeRules).toEqual({ type: 'rules', rules: [{ rule: 'require_at_least_one_approved_review' }] });
    expect((await server.api.post(`${path}/merge`)).status).toBe(409);
    await server.api.patch(`/v1/spaces/${spaceId}`, { mergeRules: { type: 'none' } });
    expect((await server.api.post(`${path}/merge`)).status).toBe(200);
  });
});
