import { describe, expect, it } from 'vitest';
import { submitChangeRequestReview } from '../../src-main/change-requests/reviews-service';
import { createChangeRequest, editChangeRequest, mergeChangeRequest } from '../../src-main/change-requests/service';
import { createPage } from '../../src-main/content/pages-service';
import { createSpace } from '../../src-main/spaces/service';
import { insertReview } from '../../src-main/store/change-request-reviews';
import { getChangeRequest } from '../../src-main/store/change-requests';
import { getSpaceMergeRules, setSpaceMergeRules } from '../../src-main/store/merge-rules';
import { changesInState } from '../../src-main/store/sync-changes';
import { useReplicas } from '../support/replicas';

const { serverAndWorkstation } = useReplicas();

const APPROVAL_REQUIRED = { type: 'rules' as const, rules: [{ rule: 'require_at_least_one_approved_review' as const }] };

async function openChangeRequestOnBoth() {
  const replicas = await serverAndWorkstation();
  const { server } = replicas;
  const { space } = createSpace(server.ctx, server.orgId, { title: 'Docs' }) as unknown as { space: { id: string } };
  createPage(server.ctx, space.id, { title: 'Page', markdown: 'Hello' });
  const cr = createChangeRequest(server.ctx, space.id, 'Offline work');
  editChangeRequest(server.ctx, space.id, cr.id, { status: 'open' });
  const client = replicas.attach(server.token);
  await client.syncOnce();
  return { ...replicas, spaceId: space.id, crId: cr.id, client };
}

describe('reviews and merge rules sync between a team server and a workstation', () => {
  it("refuse a workstation's offline merge that the space's merge rules forbid", async () => {
    const { server, workstation, asOwnerThere, spaceId, crId, client } = await openChangeRequestOnBoth();
    // The rule arrives on the server while the workstation is offline: its merge passes locally.
    setSpaceMergeRules(server.db, spaceId, APPROVAL_REQUIRED, new Date().toISOString());
    mergeChangeRequest(asOwnerThere(), spaceId, crId);
    expect(getChangeRequest(workstation.db, crId)?.status).toBe('merged');
    await client.syncOnce();

    expect(getChangeRequest(server.db, crId)?.status).toBe('open');
    const refused = changesInState(workstation.db, 'refused', 50).filter((c) => c.dataset === 'change_requests' && c.column === 'status');
    expect(refused.map((c) => c.refusal)).toEqual([expect.stringMatching(/require_at_least_one_approved_review/)]);
    // The rules came the other way.
    expect(getSpaceMergeRules(workstation.db, spaceId)).toEqual(APPROVAL_REQUIRED);
  });

  it('accept an offline merge whose approval travels in the same push, and carry the review to the server', async () => {
    const { server, workstation, asOwnerThere, spaceId, crId, client } = await openChangeRequestOnBoth();
    setSpaceMergeRules(server.db, spaceId, APPROVAL_REQUIRED, new Date().toISOString());
    await client.syncOnce();
    const here = asOwnerThere();
    expect(() => mergeChangeRequest(here, spaceId, crId)).toThrow(/require_at_least_one_approved_review/);
    const review = submitChangeRequestReview(here, spaceId, crId, { status: 'approved' });
    mergeChangeRequest(here, spaceId, crId);
    await client.syncOnce();

    expect(getChangeRequest(server.db, crId)?.status).toBe('merged');
    expect(server.db.prepare('SELECT reviewer_id, status FROM change_request_reviews WHERE id = ?').get(review.id)).toEqual({
      reviewer_id: server.owner.id,
      status: 'approved',
    });
    expect(changesInState(workstation.db, 'refused', 50)).toEqual([]);
  });

  it("refuse a review written in someone else's name", async () => {
    const { server, workstation, spaceId, crId, client } = await openChangeRequestOnBoth();
    const forged = insertReview(workstation.db, {
      changeRequestId: crId,
      reviewerId: workstation.owner.id,
      status: 'approved',
      revisionId: 'r',
      commentId: null,
      requestedBy: null,
      now: new Date().toISOString(),
    });
    await client.syncOnce();
    expect(server.db.prepare('SELECT 1 FROM change_request_reviews WHERE id = ?').get(forged.id)).toBeUndefined();
    const refused = changesInState(workstation.db, 'refused', 50).filter((c) => c.dataset === 'change_request_reviews');
    expect(refused[0]?.refusal).toMatch(/written by its reviewer/);
    expect(spaceId).toEqual(expect.any(String));
  });
});
