import { spacePermissions } from '../../src-shared/access';
import type { MemberRoleOrGuest } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import { failingMergeRule, type ReviewFact } from '../change-requests/merge-rules';
import { getChangeRequest } from '../store/change-requests';
import type { FieldChange } from '../store/sync-changes';
import { changeRequestSpace } from '../store/sync-scope';
import type { BatchValues } from './authorize';
import { DELETED_COLUMN } from '../store/synced-datasets';

type SpaceRoleOf = (spaceId: unknown) => MemberRoleOrGuest | undefined;
type Value = (column: string) => unknown;

const REVIEW_STATUSES = ['approved', 'changes-requested'];

/** The rows of one dataset a push carries, by row key. */
function batchRows(batch: BatchValues, dataset: string): Array<[string[], Map<string, unknown>]> {
  const rows: Array<[string[], Map<string, unknown>]> = [];
  for (const [key, values] of batch) {
    const [name, rowKey] = key.split('\u0000') as [string, string];
    if (name === dataset) rows.push([JSON.parse(rowKey) as string[], values]);
  }
  return rows;
}

/** The space of a change request known here, or arriving in the same push. */
function spaceOfChangeRequest(ctx: ServiceContext, batch: BatchValues, changeRequestId: unknown): unknown {
  if (typeof changeRequestId !== 'string') return undefined;
  return changeRequestSpace(ctx.db, changeRequestId) ?? batch.get(`change_requests\u0000${JSON.stringify([changeRequestId])}`)?.get('space_id');
}

/**
 * As /v1 (change-requests/reviews-service.ts): a review is written by the reviewer themselves, with the
 * "review" role on the space; reviewers are asked (or the request withdrawn) with "edit", and a reviewer may
 * decline their own request; a description changes with "edit".
 */
export function reviewRefusal(ctx: ServiceContext, change: FieldChange, key: string[], value: Value, batch: BatchValues, spaceRoleOf: SpaceRoleOf): string | undefined {
  switch (change.dataset) {
    case 'change_request_reviews': {
      const existing = ctx.db.prepare('SELECT reviewer_id, change_request_id FROM change_request_reviews WHERE id = ?').get(key[0]) as
        | { reviewer_id: string; change_request_id: string }
        | undefined;
      if ((existing?.reviewer_id ?? value('reviewer_id')) !== ctx.user.id) return 'A review is written by its reviewer';
      if (change.column === 'status' && !REVIEW_STATUSES.includes(String(value('status')))) return `A review's status is one of ${REVIEW_STATUSES.join(', ')}`;
      const spaceId = spaceOfChangeRequest(ctx, batch, existing?.change_request_id ?? value('change_request_id'));
      return spacePermissions(spaceRoleOf(spaceId)).review ? undefined : 'You need the "review" role on this space to review its change requests';
    }
    case 'change_request_requested_reviewers': {
      if (change.column === DELETED_COLUMN && key[1] === ctx.user.id) return undefined;
      const spaceId = spaceOfChangeRequest(ctx, batch, key[0]);
      return spacePermissions(spaceRoleOf(spaceId)).edit ? undefined : 'You need the "edit" role on this space to request reviews';
    }
    case 'change_request_descriptions': {
      const spaceId = spaceOfChangeRequest(ctx, batch, key[0]);
      return spacePermissions(spaceRoleOf(spaceId)).edit ? undefined : 'You need the "edit" role on this space to change its change requests';
    }
    default:
      return undefined;
  }
}

/**
 * A workstation's merge arrives as the change request's status becoming `merged`: it passes only if the
 * space's merge rules pass here, on the server's reviews plus the reviews and description pushed with it
 * (a reviewer who approves and merges offline sends both at once). The judge is the one /v1 and the app use.
 */
export function mergeRulesRefusal(ctx: ServiceContext, changeRequestId: string, value: Value, batch: BatchValues): string | undefined {
  const existing = getChangeRequest(ctx.db, changeRequestId);
  const spaceId = existing?.space_id ?? value('space_id');
  if (typeof spaceId !== 'string') return undefined;
  const subject = value('subject');
  const reviews: ReviewFact[] = batchRows(batch, 'change_request_reviews')
    .filter(([, row]) => row.get('change_request_id') === changeRequestId && row.get('reviewer_id') === ctx.user.id)
    .map(([rowKey, row]) => ({ id: rowKey[0]!, reviewerId: ctx.user.id, status: String(row.get('status')), createdAt: String(row.get('created_at')) }));
  const description = batch.get(`change_request_descriptions\u0000${JSON.stringify([changeRequestId])}`)?.get('document');
  const failure = failingMergeRule(
    ctx.db,
    { id: changeRequestId, space_id: spaceId, subject: typeof subject === 'string' ? subject : (existing?.subject ?? '') },
    { reviews, description: typeof description === 'string' ? JSON.parse(description) : undefined },
  );
  return failure?.message;
}
