import { listQuery } from '../../src-shared/schemas/common';
import { createCollectionBody, listCollectionsQuery, updateCollectionBody } from '../../src-shared/schemas/collections';
import { moveBody, transferBody } from '../../src-shared/schemas/content';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { presentSpaceFor } from '../spaces/presenter';
import { collectionAccess } from './access';
import { presentCollection } from './presenter';
import {
  createCollection,
  deleteCollection,
  getCollectionForCaller,
  listCollectionSpaces,
  listOrganizationCollections,
  moveCollection,
  transferCollection,
  updateCollectionSettings,
} from './service';

export function registerCollectionRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/collections', { effect: 'read', query: listCollectionsQuery }, ({ ctx, params, query }) => {
    const { nested, ...page } = query;
    const result = listOrganizationCollections(ctx, params.organizationId, { nested: nested ?? true }, page);
    return {
      status: 200,
      body: listEnvelope(result, (c) => presentCollection(c, collectionAccess(ctx, c).role, ctx)),
    };
  });

  router.post('/v1/orgs/{organizationId}/collections', { effect: 'write', body: createCollectionBody, optionalBody: true }, ({ ctx, params, body }) => {
    const { collection, role } = createCollection(ctx, params.organizationId, body);
    return { status: 201, body: presentCollection(collection, role, ctx) };
  });

  router.get('/v1/collections/{collectionId}', { effect: 'read' }, ({ ctx, params }) => {
    const { collection, role } = getCollectionForCaller(ctx, params.collectionId);
    return { status: 200, body: presentCollection(collection, role, ctx) };
  });

  router.patch('/v1/collections/{collectionId}', { effect: 'write', body: updateCollectionBody }, ({ ctx, params, body }) => {
    const { collection, role } = updateCollectionSettings(ctx, params.collectionId, body);
    return { status: 200, body: presentCollection(collection, role, ctx) };
  });

  // GitBook answers 205 when the collection was deleted and 204 when it did not exist.
  router.delete('/v1/collections/{collectionId}', { effect: 'write' }, ({ ctx, params }) => ({ status: deleteCollection(ctx, params.collectionId) ? 205 : 204 }));

  router.get('/v1/collections/{collectionId}/spaces', { effect: 'read', query: listQuery }, ({ ctx, params, query }) => {
    const page = listCollectionSpaces(ctx, params.collectionId, query);
    return { status: 200, body: listEnvelope(page, (space) => presentSpaceFor(ctx, space)) };
  });

  router.post('/v1/collections/{collectionId}/move', { effect: 'write', body: moveBody }, ({ ctx, params, body }) => {
    const { collection, role } = moveCollection(ctx, params.collectionId, body);
    return { status: 200, body: presentCollection(collection, role, ctx) };
  });

  router.post('/v1/collections/{collectionId}/transfer', { effect: 'write', body: transferBody }, ({ ctx, params, body }) => {
    const { organization } = body;
    const { collection, role } = transferCollection(ctx, params.collectionId, organization);
    return { status: 200, body: presentCollection(collection, role, ctx) };
  });
}
