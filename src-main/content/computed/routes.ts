import { documentSchemaQuery } from '../../../src-shared/schemas/content-documents';
import { computedContentBody } from '../../../src-shared/schemas/computed-content';
import type { Router } from '../../http/router';
import { parseInput } from '../../http/validate';
import { computeDocument, computeRevision } from './computed-service';

/** getComputedDocument and getComputedRevision. */
export function registerComputedContentRoutes(router: Router): void {
  router.post('/v1/spaces/{spaceId}/content/computed/document', ({ ctx, params, query, body }) => {
    parseInput(documentSchemaQuery, query, 'query');
    return { status: 200, body: computeDocument(ctx, params.spaceId, parseInput(computedContentBody, body)) };
  });

  router.post('/v1/spaces/{spaceId}/content/computed/revision', ({ ctx, params, body }) => ({
    status: 200,
    body: computeRevision(ctx, params.spaceId, parseInput(computedContentBody, body)),
  }));
}
