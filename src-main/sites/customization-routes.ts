import { siteCustomizationBody, siteSpaceCustomizationBody } from '../../src-shared/schemas/site-customization';
import type { Router } from '../http/router';
import { parseInput } from '../http/validate';
import {
  deleteSiteSpaceCustomization,
  getSiteCustomizationForCaller,
  getSiteSpaceCustomizationForCaller,
  overrideSiteSpaceCustomization,
  replaceSiteCustomization,
} from './customization-service';

const SITE_CUSTOMIZATION = '/v1/orgs/{organizationId}/sites/{siteId}/customization';
const SITE_SPACE_CUSTOMIZATION = '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization';

export function registerSiteCustomizationRoutes(router: Router): void {
  router.get(SITE_CUSTOMIZATION, ({ ctx, params }) => ({
    status: 200,
    body: getSiteCustomizationForCaller(ctx, params.organizationId, params.siteId),
  }));

  router.put(SITE_CUSTOMIZATION, ({ ctx, params, body }) => ({
    status: 200,
    body: replaceSiteCustomization(ctx, params.organizationId, params.siteId, parseInput(siteCustomizationBody, body)),
  }));

  router.get(SITE_SPACE_CUSTOMIZATION, ({ ctx, params }) => ({
    status: 200,
    body: getSiteSpaceCustomizationForCaller(ctx, params.organizationId, params.siteId, params.siteSpaceId),
  }));

  router.patch(SITE_SPACE_CUSTOMIZATION, ({ ctx, params, body }) => {
    const input = parseInput(siteSpaceCustomizationBody, body);
    return { status: 200, body: overrideSiteSpaceCustomization(ctx, params.organizationId, params.siteId, params.siteSpaceId, input) };
  });

  // 205 when overrides were removed, 204 when there were none.
  router.delete(SITE_SPACE_CUSTOMIZATION, ({ ctx, params }) => ({
    status: deleteSiteSpaceCustomization(ctx, params.organizationId, params.siteId, params.siteSpaceId) ? 205 : 204,
  }));
}
