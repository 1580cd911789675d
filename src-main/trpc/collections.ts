import { z } from 'zod';
import { createCollectionBody, listCollectionsQuery, updateCollectionBody } from '../../src-shared/schemas/collections';
import { listQuery } from '../../src-shared/schemas/common';
import { moveBody, transferBody } from '../../src-shared/schemas/content';
import { collectionAccess } from '../collections/access';
import { presentCollection } from '../collections/presenter';
import {
  createCollection,
  deleteCollection,
  getCollectionForCaller,
  listCollectionSpaces,
  listOrganizationCollections,
  moveCollection,
  transferCollection,
  updateCollectionSettings,
} from '../collections/service';
import { listEnvelope } from '../http/list';
import { presentSpaceFor } from '../spaces/presenter';
import { collectionId, collectionRef, organizationId, orgRef } from './refs';
import { procedure, router } from './trpc';

/**
 * The /v1 collection routes (collections/routes.ts) as procedures: the same schemas, services and
 * presenters. `nested` is a real boolean here (the query string's `'true'`/`'false'` in /v1), true by
 * default as there.
 */
export const collectionsRouter = router({
  /** GET /v1/orgs/{organizationId}/collections */
  list: procedure
    .input(orgRef.extend(listCollectionsQuery.shape).extend({ nested: z.boolean().optional() }))
    .query(({ ctx, input }) => {
      const { organizationId: id, nested, ...page } = input;
      const result = listOrganizationCollections(ctx, id, { nested: nested ?? true }, page);
      return listEnvelope(result, (c) => presentCollection(c, collectionAccess(ctx, c).role, ctx));
    }),

  /** GET /v1/collections/{collectionId} */
  get: procedure.input(collectionRef).query(({ ctx, input }) => {
    const { collection, role } = getCollectionForCaller(ctx, input.collectionId);
    return presentCollection(collection, role, ctx);
  }),

  /** POST /v1/orgs/{organizationId}/collections */
  create: procedure.input(createCollectionBody.safeExtend({ organizationId })).mutation(({ ctx, input }) => {
    const { organizationId: id, ...body } = input;
    const { collection, role } = createCollection(ctx, id, body);
    return presentCollection(collection, role, ctx);
  }),

  /** PATCH /v1/collections/{collectionId} */
  update: procedure.input(updateCollectionBody.safeExtend({ collectionId })).mutation(({ ctx, input }) => {
    const { collectionId: id, ...body } = input;
    const { collection, role } = updateCollectionSettings(ctx, id, body);
    return presentCollection(collection, role, ctx);
  }),

  /**
   * DELETE /v1/collections/{collectionId}: `deleted` is false when there was no such collection (the
   * route's 204, where a deletion is its 205). Its spaces go to the trash.
   */
  delete: procedure.input(collectionRef).mutation(({ ctx, input }) => ({ deleted: deleteCollection(ctx, input.collectionId) })),

  /** GET /v1/collections/{collectionId}/spaces */
  listSpaces: procedure.input(collectionRef.extend(listQuery.shape)).query(({ ctx, input }) => {
    const { collectionId: id, ...page } = input;
    return listEnvelope(listCollectionSpaces(ctx, id, page), (space) => presentSpaceFor(ctx, space));
  }),

  /** POST /v1/collections/{collectionId}/move */
  move: procedure.input(moveBody.safeExtend({ collectionId })).mutation(({ ctx, input }) => {
    const { collectionId: id, ...body } = input;
    const { collection, role } = moveCollection(ctx, id, body);
    return presentCollection(collection, role, ctx);
  }),

  /** POST /v1/collections/{collectionId}/transfer */
  transfer: procedure.input(transferBody.safeExtend({ collectionId })).mutation(({ ctx, input }) => {
    const { collection, role } = transferCollection(ctx, input.collectionId, input.organization);
    return presentCollection(collection, role, ctx);
  }),
});
