import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { AppRouter } from '../../api/types';
import type { FeatureDependencies } from '../../stores/feature-dependencies';

type Inputs = inferRouterInputs<AppRouter>['changeRequestReviews'];
type Outputs = inferRouterOutputs<AppRouter>['changeRequestReviews'];
type SpaceInputs = inferRouterInputs<AppRouter>['spaces'];
type SpaceOutputs = inferRouterOutputs<AppRouter>['spaces'];

/** The review procedures the change request's Review section calls, and the space update its merge rule uses. */
export interface ChangeRequestReviewsClient {
  changeRequestReviews: {
    getReviewsByChangeRequestId: { query(input: Inputs['getReviewsByChangeRequestId']): Promise<Outputs['getReviewsByChangeRequestId']> };
    submitChangeRequestReview: { mutate(input: Inputs['submitChangeRequestReview']): Promise<Outputs['submitChangeRequestReview']> };
    getRequestedReviewersByChangeRequestId: {
      query(input: Inputs['getRequestedReviewersByChangeRequestId']): Promise<Outputs['getRequestedReviewersByChangeRequestId']>;
    };
    requestReviewersForChangeRequest: { mutate(input: Inputs['requestReviewersForChangeRequest']): Promise<Outputs['requestReviewersForChangeRequest']> };
    removeRequestedReviewerFromChangeRequest: {
      mutate(input: Inputs['removeRequestedReviewerFromChangeRequest']): Promise<Outputs['removeRequestedReviewerFromChangeRequest']>;
    };
    listReviewCandidates: { query(input: Inputs['listReviewCandidates']): Promise<Outputs['listReviewCandidates']> };
    getMergeRuleStatus: { query(input: Inputs['getMergeRuleStatus']): Promise<Outputs['getMergeRuleStatus']> };
  };
  spaces: { update: { mutate(input: SpaceInputs['update']): Promise<SpaceOutputs['update']> } };
}

export type Review = Outputs['submitChangeRequestReview'];
type RequestedReviewer = Outputs['getRequestedReviewersByChangeRequestId']['items'][number];
type ReviewCandidate = Outputs['listReviewCandidates'][number];
type MergeRuleStatus = Outputs['getMergeRuleStatus'];
export type ReviewAction = 'submit' | 'request' | 'remove' | 'mergeRules';

type Loadable<T> = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | ({ status: 'ready' } & T);

export interface ChangeRequestReviewsState {
  /** The open change request's reviews, newest first. */
  reviews: Loadable<{ items: Review[] }>;
  requested: Loadable<{ items: RequestedReviewer[] }>;
  /** Members who could be asked (their role on the space lets them review), loaded when the picker opens. */
  candidates: Loadable<{ items: ReviewCandidate[] }>;
  /** Whether the space's merge rules let it merge now, and the failing rule's words when not. */
  mergeStatus: Loadable<{ result: MergeRuleStatus }>;
  pending: Partial<Record<ReviewAction, true>>;
  errors: Partial<Record<ReviewAction, string>>;
  notice?: string;

  load(): Promise<void>;
  loadCandidates(): Promise<void>;
  /** Approves or requests changes, with an optional comment posted in the change request's discussion. */
  submit(status: Review['status'], comment: string): Promise<boolean>;
  requestReviewers(userIds: string[]): Promise<boolean>;
  removeReviewer(userId: string): Promise<boolean>;
  /** Turns the space's "an approved review before merging" rule on or off; resolves to the updated space. */
  setRequireApproval(spaceId: string, required: boolean): Promise<SpaceOutputs['update'] | undefined>;
}

export type ChangeRequestReviewsStore = StoreApi<ChangeRequestReviewsState>;

/** The rule the space setting's checkbox stands for. */
const APPROVAL_RULE = 'require_at_least_one_approved_review';

export function createChangeRequestReviewsStore({ client, onUnauthorized, navigation }: FeatureDependencies<ChangeRequestReviewsClient>): ChangeRequestReviewsStore {
  const explain = (error: unknown): string => {
    const described = describeError(error);
    if (described.unauthorized) onUnauthorized(described.message);
    return described.message;
  };
  const ref = () => {
    const { spaceId, changeRequestId } = navigation.getState();
    return spaceId && changeRequestId ? { spaceId, changeRequestId } : undefined;
  };
  // An answer for another change request than the one open now is dropped.
  let generation = 0;
  const idle = { reviews: { status: 'idle' }, requested: { status: 'idle' }, candidates: { status: 'idle' }, mergeStatus: { status: 'idle' } } as const;

  return createStore<ChangeRequestReviewsState>()((set, get) => {
    async function load() {
      const current = ref();
      const tag = ++generation;
      if (!current) return set({ ...idle });
      const fail = (error: unknown) => ({ status: 'error' as const, message: explain(error) });
      const [reviews, requested, mergeStatus] = await Promise.all([
        client.changeRequestReviews.getReviewsByChangeRequestId.query({ ...current, limit: 100 }).then((r) => ({ status: 'ready' as const, items: r.items }), fail),
        client.changeRequestReviews.getRequestedReviewersByChangeRequestId.query({ ...current, limit: 100 }).then((r) => ({ status: 'ready' as const, items: r.items }), fail),
        client.changeRequestReviews.getMergeRuleStatus.query(current).then((result) => ({ status: 'ready' as const, result }), fail),
      ]);
      if (tag === generation) set({ reviews, requested, mergeStatus });
    }

    async function act(action: ReviewAction, call: () => Promise<unknown>, notice: string): Promise<boolean> {
      set((state) => ({ pending: { ...state.pending, [action]: true }, errors: { ...state.errors, [action]: undefined }, notice: undefined }));
      try {
        await call();
        set((state) => ({ pending: { ...state.pending, [action]: undefined }, notice }));
        await load();
        return true;
      } catch (error) {
        const message = explain(error);
        set((state) => ({ pending: { ...state.pending, [action]: undefined }, errors: { ...state.errors, [action]: message } }));
        return false;
      }
    }

    navigation.subscribe((state, previous) => {
      if (state.spaceId !== previous.spaceId || state.changeRequestId !== previous.changeRequestId) {
        set({ ...idle, pending: {}, errors: {}, notice: undefined });
        if (state.changeRequestId) void load();
      } else if (state.contentVersion !== previous.contentVersion && state.changeRequestId) {
        void load();
      }
    });

    return {
      ...idle,
      pending: {},
      errors: {},
      load,

      async loadCandidates() {
        const current = ref();
        if (!current) return;
        set({ candidates: { status: 'loading' } });
        try {
          set({ candidates: { status: 'ready', items: await client.changeRequestReviews.listReviewCandidates.query(current) } });
        } catch (error) {
          set({ candidates: { status: 'error', message: explain(error) } });
        }
      },

      submit(status, comment) {
        const current = ref();
        if (!current) return Promise.resolve(false);
        const text = comment.trim();
        return act(
          'submit',
          () => client.changeRequestReviews.submitChangeRequestReview.mutate({ ...current, status, ...(text ? { comment: { markdown: text } } : {}) }),
          status === 'approved' ? 'You approved this change request.' : 'You requested changes.',
        );
      },

      requestReviewers(userIds) {
        const current = ref();
        if (!current || userIds.length === 0) return Promise.resolve(false);
        return act(
          'request',
          () => client.changeRequestReviews.requestReviewersForChangeRequest.mutate({ ...current, users: userIds }),
          userIds.length === 1 ? 'Asked for a review.' : `Asked ${userIds.length} people for a review.`,
        );
      },

      removeReviewer(userId) {
        const current = ref();
        if (!current) return Promise.resolve(false);
        return act('remove', () => client.changeRequestReviews.removeRequestedReviewerFromChangeRequest.mutate({ ...current, userId }), 'Review request withdrawn.');
      },

      async setRequireApproval(spaceId, required) {
        set((state) => ({ pending: { ...state.pending, mergeRules: true }, errors: { ...state.errors, mergeRules: undefined } }));
        try {
          const mergeRules = required ? { type: 'rules' as const, rules: [{ rule: APPROVAL_RULE }] } : { type: 'inherit' as const };
          const space = await client.spaces.update.mutate({ spaceId, mergeRules });
          set((state) => ({ pending: { ...state.pending, mergeRules: undefined } }));
          if (get().mergeStatus.status !== 'idle') await load();
          return space;
        } catch (error) {
          const message = explain(error);
          set((state) => ({ pending: { ...state.pending, mergeRules: undefined }, errors: { ...state.errors, mergeRules: message } }));
          return undefined;
        }
      },
    };
  });
}

/** Whether a space's own rules ask for an approved review (the space setting's checkbox). */
export function requiresApproval(mergeRules: { type: string; rules?: Array<{ rule: string }> } | undefined): boolean {
  return mergeRules?.type === 'rules' && (mergeRules.rules ?? []).some((rule) => rule.rule === APPROVAL_RULE);
}
