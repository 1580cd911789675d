import { applyTemplateBody } from '../../src-shared/schemas/content-documents';
import type { Router } from '../http/router';
import { applyTemplateToSpace } from './templates-service';

/** POST /v1/spaces/{spaceId}/content/template (applyTemplateToSpace): 201 without a body, as GitBook answers. */
export function registerTemplateRoutes(router: Router): void {
  router.post('/v1/spaces/{spaceId}/content/template', { effect: 'write', body: applyTemplateBody }, ({ ctx, params, body }) => {
    const { revision } = applyTemplateToSpace(ctx, params.spaceId, body);
    return { status: 201, headers: { Location: `${ctx.baseUrl}/v1/spaces/${params.spaceId}/revisions/${revision}` } };
  });
}
