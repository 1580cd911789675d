import type { ImplementedMergeRule } from '../../src-shared/schemas/merge-rules';
import { conflict } from '../errors';
import { allRequestedReviewers, type ReviewStatus } from '../store/change-request-reviews';
import type { ChangeRequestRow } from '../store/change-requests';
import type { Db } from '../store/database';
import { effectiveMergeRules, getChangeRequestDescription } from '../store/merge-rules';
import { getSpace } from '../store/spaces';

/** A review as the rules see it: a stored row, or one a workstation pushes in the same batch as its merge. */
export interface ReviewFact {
  id: string;
  reviewerId: string;
  status: ReviewStatus | string;
  createdAt: string;
}

interface RequestFact {
  userId: string;
  createdAt: string;
}

interface MergeRuleFailure {
  rule: ImplementedMergeRule;
  message: string;
}

/**
 * Why the change request may not merge yet, or undefined when every rule of its space passes. The ONE
 * place the rules are judged: the API's and the app's merge (service.ts mergeChangeRequest) and a
 * workstation's merge arriving by sync (sync/review-rules.ts) all ask here. Git Sync's merges of import
 * change requests do not: they record what the repository already holds (git-sync/merge-commits.ts).
 */
export function failingMergeRule(
  db: Db,
  cr: Pick<ChangeRequestRow, 'id' | 'space_id' | 'subject'>,
  pending: { reviews?: ReviewFact[]; description?: unknown } = {},
): MergeRuleFailure | undefined {
  const space = getSpace(db, cr.space_id);
  if (!space) return undefined;
  const config = effectiveMergeRules(db, space);
  if (config.type !== 'rules' || config.rules.length === 0) return undefined;
  const reviews = [...storedReviews(db, cr.id), ...(pending.reviews ?? [])];
  const requests = allRequestedReviewers(db, cr.id).map((r) => ({ userId: r.user_id, createdAt: r.created_at }));
  const current = currentReviewsOf(reviews, requests);
  for (const { rule } of config.rules) {
    const failure = judge(rule, { cr, current, requests, description: pending.description ?? getChangeRequestDescription(db, cr.id) });
    if (failure) return { rule, message: `Merge rule "${rule}" is not met: ${failure}` };
  }
  return undefined;
}

/** Throws the refusal the API answers (409: the change request's state conflicts with its space's rules). */
export function assertMergeRulesPass(db: Db, cr: ChangeRequestRow): void {
  const failure = failingMergeRule(db, cr);
  if (failure) throw conflict(failure.message);
}

function storedReviews(db: Db, changeRequestId: string): ReviewFact[] {
  return (
    db.prepare('SELECT id, reviewer_id, status, created_at FROM change_request_reviews WHERE change_request_id = ?').all(changeRequestId) as Array<{
      id: string;
      reviewer_id: string;
      status: string;
      created_at: string;
    }>
  ).map((r) => ({ id: r.id, reviewerId: r.reviewer_id, status: r.status, createdAt: r.created_at }));
}

/**
 * Each reviewer's latest review, unless they were asked again after it (the same meaning of outdated as
 * store/change-request-reviews.ts gives the API).
 */
function currentReviewsOf(reviews: ReviewFact[], requests: RequestFact[]): ReviewFact[] {
  const latest = new Map<string, ReviewFact>();
  for (const review of reviews) {
    const seen = latest.get(review.reviewerId);
    if (!seen || review.createdAt > seen.createdAt || (review.createdAt === seen.createdAt && review.id > seen.id)) latest.set(review.reviewerId, review);
  }
  return [...latest.values()].filter((review) => !requests.some((q) => q.userId === review.reviewerId && q.createdAt > review.createdAt));
}

interface Facts {
  cr: Pick<ChangeRequestRow, 'subject'>;
  current: ReviewFact[];
  requests: RequestFact[];
  description: unknown;
}

/** What the rule lacks, in words, or undefined when it passes. */
function judge(rule: ImplementedMergeRule, facts: Facts): string | undefined {
  switch (rule) {
    case 'require_at_least_one_review':
      return facts.current.length ? undefined : 'the change request needs at least one review';
    case 'require_at_least_one_approved_review':
      return facts.current.some((r) => r.status === 'approved') ? undefined : 'the change request needs at least one approved review';
    case 'require_all_reviews_approved': {
      // Vacuously true without reviews or requests (require_at_least_one_approved_review asks for one): a
      // reviewer who asked for changes blocks, and so does a reviewer asked who has not approved since.
      if (facts.current.some((r) => r.status !== 'approved')) return 'a reviewer requested changes';
      const waiting = facts.requests.filter((q) => !facts.current.some((r) => r.reviewerId === q.userId && r.status === 'approved'));
      return waiting.length ? 'a requested reviewer has not approved it yet' : undefined;
    }
    case 'require_change_request_subject':
      return facts.cr.subject.trim() ? undefined : 'the change request needs a subject';
    case 'require_change_request_description':
      return documentHasText(facts.description) ? undefined : 'the change request needs a description';
  }
}

/** Whether a GitBook JSON document holds any text (its leaves' `text`, wherever they are nested). */
function documentHasText(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(documentHasText);
  if (!node || typeof node !== 'object') return false;
  const record = node as Record<string, unknown>;
  if (typeof record.text === 'string' && record.text.trim()) return true;
  return Object.values(record).some((value) => typeof value === 'object' && documentHasText(value));
}
