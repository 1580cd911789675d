import { siteCustomizationBody, siteSpaceCustomizationBody } from '../../src-shared/schemas/site-customization';
import type { Router } from '../http/router';
import {
  deleteSiteSpaceCustomization,
  getSiteCustomizationForCaller,
  getSiteSpaceCustomizationForCaller,
  overrideSiteSpaceCustomization,
  replaceSiteCustomization,
} from './customization-service';

export function registerSiteCustomizationRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/sites/{siteId}/customization', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: getSiteCustomizationForCaller(ctx, params.organizationId, params.siteId),
  }));

  router.put('/v1/orgs/{organizationId}/sites/{siteId}/customization', { effect: 'write', body: siteCustomizationBody }, ({ ctx, params, body }) => ({
    status: 200,
    body: replaceSiteCustomization(ctx, params.organizationId, params.siteId, body),
  }));

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: getSiteSpaceCustomizationForCaller(ctx, params.organizationId, params.siteId, params.siteSpaceId),
  }));

  router.patch('/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization', { effect: 'write', body: siteSpaceCustomizationBody }, ({ ctx, params, body }) => {
    const input = body;
    return { status: 200, body: overrideSiteSpaceCustomization(ctx, params.organizationId, params.siteId, params.siteSpaceId, input) };
  });

  // 205 when overrides were removed, 204 when there were none.
  router.delete('/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization', { effect: 'write' }, ({ ctx, params }) => ({
    status: deleteSiteSpaceCustomization(ctx, params.organizationId, params.siteId, params.siteSpaceId) ? 205 : 204,
  }));
}
