import { importContentBody } from '../../src-shared/schemas/imports';
import type { Handler, Router } from '../http/router';
import { importIntoSpace } from './service';

export function registerImportRoutes(router: Router): void {
  // The same for main content and, under a change request's prefix, for its content.
  const importRoute =
    (withPage: boolean): Handler<{ spaceId: string; pageId?: string; changeRequestId?: string }, { body: typeof importContentBody }> =>
    async ({ ctx, params, body }) => {
      const outcome = await importIntoSpace(ctx, params.spaceId, {
        ...body,
        parentPageId: withPage ? params.pageId : undefined,
        changeRequestId: params.changeRequestId,
      });
      return {
        status: 201,
        body: { revision: outcome.revision, importedResources: outcome.importedResources, totalResources: outcome.totalResources },
        headers: { Location: `${ctx.baseUrl}/v1/spaces/${params.spaceId}/revisions/${outcome.revision}` },
      };
    };
  router.post('/v1/spaces/{spaceId}/content/import', { effect: 'write', body: importContentBody }, importRoute(false));
  router.post('/v1/spaces/{spaceId}/content/page/{pageId}/import', { effect: 'write', body: importContentBody }, importRoute(true));
  router.post('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/import', { effect: 'write', body: importContentBody }, importRoute(false));
  router.post('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/import', { effect: 'write', body: importContentBody }, importRoute(true));
}
