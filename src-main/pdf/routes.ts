import { spacePdfQuery } from '../../src-shared/schemas/content-documents';
import type { Router } from '../http/router';
import { spacePdfUrl } from './space-pdf';

/** GET /v1/spaces/{spaceId}/pdf (getSpacePDF): a signed link to the space's main content as a PDF. */
export function registerSpacePdfRoute(router: Router): void {
  router.get('/v1/spaces/{spaceId}/pdf', { effect: 'read', query: spacePdfQuery }, ({ ctx, params, query }) => {
    const { only, page } = query;
    return { status: 200, body: { url: spacePdfUrl(ctx, params.spaceId, { only, page }) } };
  });
}
