import { describe, expect, it, vi } from 'vitest';
import {
  type ChangeRequestReviewsClient,
  type ChangeRequestReviewsState,
  type Review,
  createChangeRequestReviewsStore,
  requiresApproval,
} from '../../../../src-renderer/src/components/change-requests/change-request-reviews-store';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import { serverError, space, unauthorizedError, user } from '../../fake-client';

const RULE_MESSAGE = 'Merge rule "require_at_least_one_approved_review" is not met: the change request needs at least one approved review';

/** The review procedures over plain data: reviews approve the change request; each procedure is a vi.fn. */
function fakeClient() {
  const reviews: Review[] = [];
  const requested: Array<{ object: 'change-request-requested-reviewer'; revision: string; requestedBy: ReturnType<typeof user>; createdAt: string; kind: 'user'; user: ReturnType<typeof user> }> = [];
  const rita = user('u-rita', 'rita@example.com', 'Reviewer Rita');
  const client = {
    changeRequestReviews: {
      getReviewsByChangeRequestId: { query: vi.fn(async () => ({ items: [...reviews].reverse(), count: reviews.length })) },
      submitChangeRequestReview: {
        mutate: vi.fn(async (input: { status: Review['status']; comment?: { markdown: string } }) => {
          const review = {
            object: 'change-request-review',
            id: `rv-${reviews.length + 1}`,
            revision: 'rev-1',
            reviewer: user(),
            status: input.status,
            outdated: false,
            createdAt: '2025-03-12T10:00:00.000Z',
            updatedAt: '2025-03-12T10:00:00.000Z',
            urls: { location: 'http://folio.test/v1/x' },
          } as Review;
          reviews.forEach((earlier) => (earlier.outdated = true));
          reviews.push(review);
          return review;
        }),
      },
      getRequestedReviewersByChangeRequestId: { query: vi.fn(async () => ({ items: requested, count: requested.length })) },
      requestReviewersForChangeRequest: {
        mutate: vi.fn(async (input: { users: string[] }) => {
          if (!input.users.includes(rita.id)) throw serverError(`users[0]: user "${input.users[0]}" cannot review this space`, 'BAD_REQUEST', 400);
          requested.push({ object: 'change-request-requested-reviewer', revision: 'rev-1', requestedBy: user(), createdAt: '2025-03-12T10:00:00.000Z', kind: 'user', user: rita });
          return { users: requested };
        }),
      },
      removeRequestedReviewerFromChangeRequest: {
        mutate: vi.fn(async () => ({ removed: requested.splice(0).length > 0 })),
      },
      listReviewCandidates: { query: vi.fn(async () => [rita]) },
      getMergeRuleStatus: {
        query: vi.fn(async () =>
          reviews.some((r) => r.status === 'approved' && !r.outdated)
            ? ({ mergeable: true } as const)
            : ({ mergeable: false, rule: 'require_at_least_one_approved_review', message: RULE_MESSAGE } as const),
        ),
      },
    },
    spaces: {
      update: {
        mutate: vi.fn(async (input: { spaceId: string; mergeRules?: unknown }) => space(input.spaceId, 'Docs', { mergeRules: input.mergeRules as never })),
      },
    },
  };
  return { client, rita };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const statuses = (state: ChangeRequestReviewsState) =>
  state.reviews.status === 'ready' ? state.reviews.items.map((r) => `${r.status}${r.outdated ? ' (outdated)' : ''}`) : state.reviews.status;

async function onChangeRequest() {
  const { client, rita } = fakeClient();
  const navigation = createNavigationStore();
  const onUnauthorized = vi.fn();
  const store = createChangeRequestReviewsStore({ client: client as unknown as ChangeRequestReviewsClient, navigation, onUnauthorized });
  navigation.getState().enterSpace('s-docs');
  navigation.getState().openChangeRequest('cr-1');
  await settle();
  return { client, rita, navigation, store, onUnauthorized };
}

describe('the change request reviews store', () => {
  it("loads the open change request's reviews, requests and merge status, and forgets them on leaving it", async () => {
    const { store, navigation } = await onChangeRequest();
    expect(store.getState().reviews).toEqual({ status: 'ready', items: [] });
    expect(store.getState().mergeStatus).toMatchObject({ status: 'ready', result: { mergeable: false, message: RULE_MESSAGE } });
    navigation.getState().openChangeRequest(undefined);
    await settle();
    expect(store.getState().reviews.status).toBe('idle');
    expect(store.getState().mergeStatus.status).toBe('idle');
  });

  it('submits reviews with an optional comment, and the merge status follows', async () => {
    const { store, client } = await onChangeRequest();
    expect(await store.getState().submit('changes-requested', '  Unclear  ')).toBe(true);
    expect(client.changeRequestReviews.submitChangeRequestReview.mutate).toHaveBeenLastCalledWith({
      spaceId: 's-docs',
      changeRequestId: 'cr-1',
      status: 'changes-requested',
      comment: { markdown: 'Unclear' },
    });
    expect(store.getState().notice).toBe('You requested changes.');
    await store.getState().submit('approved', '');
    expect(client.changeRequestReviews.submitChangeRequestReview.mutate).toHaveBeenLastCalledWith({ spaceId: 's-docs', changeRequestId: 'cr-1', status: 'approved' });
    expect(statuses(store.getState())).toEqual(['approved', 'changes-requested (outdated)']);
    expect(store.getState().mergeStatus).toMatchObject({ status: 'ready', result: { mergeable: true } });
  });

  it("asks and withdraws reviewers, and says why the server refused one in its words", async () => {
    const { store, rita } = await onChangeRequest();
    await store.getState().loadCandidates();
    expect(store.getState().candidates).toMatchObject({ status: 'ready', items: [{ id: rita.id }] });
    expect(await store.getState().requestReviewers(['u-editor'])).toBe(false);
    expect(store.getState().errors.request).toBe('users[0]: user "u-editor" cannot review this space');
    expect(await store.getState().requestReviewers([rita.id])).toBe(true);
    expect(store.getState().errors.request).toBeUndefined();
    expect(store.getState().requested).toMatchObject({ status: 'ready', items: [{ user: { id: rita.id } }] });
    await store.getState().removeReviewer(rita.id);
    expect(store.getState().requested).toEqual({ status: 'ready', items: [] });
  });

  it('sets the space rule behind the "approved review" checkbox, and signs out on 401', async () => {
    const { store, client, onUnauthorized } = await onChangeRequest();
    const updated = await store.getState().setRequireApproval('s-docs', true);
    expect(client.spaces.update.mutate).toHaveBeenLastCalledWith({ spaceId: 's-docs', mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_approved_review' }] } });
    expect(requiresApproval(updated?.mergeRules)).toBe(true);
    await store.getState().setRequireApproval('s-docs', false);
    expect(client.spaces.update.mutate).toHaveBeenLastCalledWith({ spaceId: 's-docs', mergeRules: { type: 'inherit' } });

    client.spaces.update.mutate.mockRejectedValueOnce(unauthorizedError());
    expect(await store.getState().setRequireApproval('s-docs', true)).toBeUndefined();
    expect(onUnauthorized).toHaveBeenCalledWith('Missing or invalid API token');
    expect(store.getState().errors.mergeRules).toBe('Missing or invalid API token');
  });
});
