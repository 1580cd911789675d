import { documentSchemaQuery } from '../../../src-shared/schemas/content-documents';
import { computedContentBody } from '../../../src-shared/schemas/computed-content';
import type { Router } from '../../http/router';
import { computeDocument, computeRevision } from './computed-service';

/** getComputedDocument and getComputedRevision. */
export function registerComputedContentRoutes(router: Router): void {
  router.post('/v1/spaces/{spaceId}/content/computed/document', { effect: 'read', query: documentSchemaQuery, body: computedContentBody }, ({ ctx, params, body }) => {
    return { status: 200, body: computeDocument(ctx, params.spaceId, body) };
  });

  router.post('/v1/spaces/{spaceId}/content/computed/revision', { effect: 'read', body: computedContentBody }, ({ ctx, params, body }) => ({
    status: 200,
    body: computeRevision(ctx, params.spaceId, body),
  }));
}
