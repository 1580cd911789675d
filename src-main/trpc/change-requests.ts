import { z } from 'zod';
import { createChangeRequestBody, listChangeRequestsQuery, updateChangeRequestBody } from '../../src-shared/schemas/change-requests';
import { presentChangeRequest } from '../change-requests/presenter';
import { changeRequestChanges } from '../change-requests/semantic-changes';
import { presentChangesWithDiffs } from '../change-requests/semantic-changes-presenter';
import {
  createChangeRequest,
  editChangeRequest,
  getChangeRequestForCaller,
  listSpaceChangeRequests,
  mergeChangeRequest,
  updateFromMain,
} from '../change-requests/service';
import { listEnvelope } from '../http/list';
import { spaceId } from './refs';
import { procedure, router } from './trpc';

const crRef = z.object({ spaceId, changeRequestId: z.string().min(1) });

/**
 * The /v1 change-request routes as procedures, so the desktop app opens, edits, updates and merges
 * change requests offline. Editing a change request's pages goes through the content procedures
 * with a `changeRequestId`.
 */
export const changeRequestsRouter = router({
  list: procedure.input(listChangeRequestsQuery.safeExtend({ spaceId })).query(({ ctx, input }) => {
    const { spaceId: id, status, contributor, ...page } = input;
    return listEnvelope(listSpaceChangeRequests(ctx, id, { status, contributor }, page), (cr) => presentChangeRequest(cr, ctx));
  }),
  get: procedure.input(crRef).query(({ ctx, input }) =>
    presentChangeRequest(getChangeRequestForCaller(ctx, input.spaceId, input.changeRequestId), ctx),
  ),
  create: procedure.input(createChangeRequestBody.safeExtend({ spaceId })).mutation(({ ctx, input }) =>
    presentChangeRequest(createChangeRequest(ctx, input.spaceId, input.subject), ctx),
  ),
  edit: procedure.input(updateChangeRequestBody.safeExtend(crRef.shape)).mutation(({ ctx, input }) => {
    const { spaceId: id, changeRequestId, ...changes } = input;
    return presentChangeRequest(editChangeRequest(ctx, id, changeRequestId, changes), ctx);
  }),
  /** Pulls main content into the change request. */
  updateFromMain: procedure.input(crRef).mutation(({ ctx, input }) => updateFromMain(ctx, input.spaceId, input.changeRequestId)),
  merge: procedure.input(crRef).mutation(({ ctx, input }) => mergeChangeRequest(ctx, input.spaceId, input.changeRequestId)),
  /**
   * What the change request changes (GET .../changes), each page change with its line diff. Archiving
   * and reopening are `edit` with a status, as PATCH does.
   */
  changes: procedure.input(crRef.extend({ limit: z.number().int().min(1).max(1000).optional() })).query(({ ctx, input }) => {
    const { changes } = changeRequestChanges(ctx, input.spaceId, input.changeRequestId);
    return presentChangesWithDiffs(changes, ctx, input.limit ?? 200);
  }),
});
