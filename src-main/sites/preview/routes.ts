import { sitePreviewQuery } from '../../../src-shared/schemas/site-preview';
import type { Router } from '../../http/router';
import { getSitePreviewUrl } from './preview-link';

export function registerSitePreviewRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/sites/{siteId}/publishing/preview', { effect: 'read', query: sitePreviewQuery }, async ({ ctx, params, query }) => {
    const { url } = await getSitePreviewUrl(ctx, params.organizationId, params.siteId, query);
    return { status: 200, body: { url } };
  });
}
