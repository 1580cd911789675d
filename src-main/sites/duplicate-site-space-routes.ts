import { duplicateSiteSpaceBody } from '../../src-shared/schemas/site-duplicate';
import type { Router } from '../http/router';
import { duplicateSiteSpace } from './duplicate-site-space-service';
import { presentSiteSpace } from './presenter';

export function registerDuplicateSiteSpaceRoutes(router: Router): void {
  router.post('/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/duplicate', { effect: 'write', body: duplicateSiteSpaceBody, optionalBody: true }, ({ ctx, params, body }) => {
    const { site, siteSpace } = duplicateSiteSpace(ctx, params.organizationId, params.siteId, params.siteSpaceId, body);
    const location = `${ctx.baseUrl}/v1/orgs/${site.organization_id}/sites/${site.id}/site-spaces/${siteSpace.id}`;
    // `draft` is required by 0.202.0's SiteSpace; Folio has no draft site spaces.
    return { status: 201, body: { ...presentSiteSpace(siteSpace, site, ctx), draft: false }, headers: { Location: location } };
  });
}
