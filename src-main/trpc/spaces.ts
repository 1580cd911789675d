import { listQuery } from '../../src-shared/schemas/common';
import { moveBody, transferBody } from '../../src-shared/schemas/content';
import { createSpaceBody, updateSpaceBody } from '../../src-shared/schemas/spaces';
import { listEnvelope } from '../http/list';
import { presentSpace } from '../spaces/presenter';
import { presentSpaceFor } from '../spaces/presenter';
import {
  createSpace,
  deleteSpace,
  duplicateSpace,
  getSpaceForCaller,
  listOrganizationSpaces,
  moveSpace,
  restoreSpace,
  transferSpace,
  updateSpaceSettings,
} from '../spaces/service';
import { organizationId, orgRef, spaceId, spaceRef } from './refs';
import { procedure, router } from './trpc';

/**
 * The /v1 space routes (spaces/routes.ts) as procedures: the same schemas, services and presenters.
 * A body's fields sit beside the id (`{spaceId, title}`); `safeExtend` keeps the body's strictness
 * and refinements, so the same inputs are refused with the same field names.
 */
export const spacesRouter = router({
  /** GET /v1/orgs/{organizationId}/spaces */
  list: procedure.input(orgRef.extend(listQuery.shape)).query(({ ctx, input }) => {
    const { organizationId: id, ...page } = input;
    return listEnvelope(listOrganizationSpaces(ctx, id, page), (space) => presentSpaceFor(ctx, space));
  }),

  /** GET /v1/spaces/{spaceId} */
  get: procedure.input(spaceRef).query(({ ctx, input }) => {
    const { space, role } = getSpaceForCaller(ctx, input.spaceId);
    return presentSpace(space, role, ctx);
  }),

  /** POST /v1/orgs/{organizationId}/spaces */
  create: procedure.input(createSpaceBody.safeExtend({ organizationId })).mutation(({ ctx, input }) => {
    const { organizationId: id, ...body } = input;
    const { space, role } = createSpace(ctx, id, body);
    return presentSpace(space, role, ctx);
  }),

  /** PATCH /v1/spaces/{spaceId} */
  update: procedure.input(updateSpaceBody.safeExtend({ spaceId })).mutation(({ ctx, input }) => {
    const { spaceId: id, ...body } = input;
    const { space, role } = updateSpaceSettings(ctx, id, body);
    return presentSpace(space, role, ctx);
  }),

  /** DELETE /v1/spaces/{spaceId}: to the trash, restorable for 7 days. Answers nothing, as the route's 204. */
  delete: procedure.input(spaceRef).mutation(({ ctx, input }) => {
    deleteSpace(ctx, input.spaceId);
  }),

  /** POST /v1/spaces/{spaceId}/restore */
  restore: procedure.input(spaceRef).mutation(({ ctx, input }) => {
    const { space, role } = restoreSpace(ctx, input.spaceId);
    return presentSpace(space, role, ctx);
  }),

  /** POST /v1/spaces/{spaceId}/duplicate */
  duplicate: procedure.input(spaceRef).mutation(({ ctx, input }) => {
    const { space, role } = duplicateSpace(ctx, input.spaceId);
    return presentSpace(space, role, ctx);
  }),

  /** POST /v1/spaces/{spaceId}/move */
  move: procedure.input(moveBody.safeExtend({ spaceId })).mutation(({ ctx, input }) => {
    const { spaceId: id, ...body } = input;
    const { space, role } = moveSpace(ctx, id, body);
    return presentSpace(space, role, ctx);
  }),

  /** POST /v1/spaces/{spaceId}/transfer */
  transfer: procedure.input(transferBody.safeExtend({ spaceId })).mutation(({ ctx, input }) => {
    const { space, role } = transferSpace(ctx, input.spaceId, input.organization);
    return presentSpace(space, role, ctx);
  }),
});
