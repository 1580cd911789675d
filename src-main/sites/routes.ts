import {
  addSiteSpaceBody,
  createSiteBody,
  listSitesQuery,
  listSiteSpacesQuery,
  updateSiteBody,
  updateSiteSpaceBody,
} from '../../src-shared/schemas/sites';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { parseInput } from '../http/validate';
import { presentSite, presentSiteSpace } from './presenter';
import { createSite, deleteSite, getSiteForCaller, listOrganizationSites, setSitePublished, updateSiteSettings } from './service';
import { addSiteSpace, listSiteSpacesForCaller, removeSiteSpace, updateSiteSpaceSettings } from './site-spaces-service';

export function registerSiteRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/sites', ({ ctx, params, query }) => {
    const page = listOrganizationSites(ctx, params.organizationId, parseInput(listSitesQuery, query, 'query'));
    return { status: 200, body: listEnvelope(page, (site) => presentSite(site, ctx)) };
  });

  router.post('/v1/orgs/{organizationId}/sites', ({ ctx, params, body }) => {
    const presented = presentSite(createSite(ctx, params.organizationId, parseInput(createSiteBody, body ?? {})), ctx);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  });

  router.get('/v1/orgs/{organizationId}/sites/{siteId}', ({ ctx, params }) => ({
    status: 200,
    body: presentSite(getSiteForCaller(ctx, params.organizationId, params.siteId), ctx),
  }));

  router.patch('/v1/orgs/{organizationId}/sites/{siteId}', ({ ctx, params, body }) => {
    const site = updateSiteSettings(ctx, params.organizationId, params.siteId, parseInput(updateSiteBody, body));
    return { status: 200, body: presentSite(site, ctx) };
  });

  // As for collections: 205 when the site was deleted, 204 when it did not exist.
  router.delete('/v1/orgs/{organizationId}/sites/{siteId}', ({ ctx, params }) => ({ status: deleteSite(ctx, params.organizationId, params.siteId) ? 205 : 204 }));

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/publish', ({ ctx, params }) => ({
    status: 200,
    body: presentSite(setSitePublished(ctx, params.organizationId, params.siteId, true), ctx),
  }));

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/unpublish', ({ ctx, params }) => ({
    status: 200,
    body: presentSite(setSitePublished(ctx, params.organizationId, params.siteId, false), ctx),
  }));

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/site-spaces', ({ ctx, params, body }) => {
    const { site, siteSpace } = addSiteSpace(ctx, params.organizationId, params.siteId, parseInput(addSiteSpaceBody, body));
    const location = `${ctx.baseUrl}/v1/orgs/${site.organization_id}/sites/${site.id}/site-spaces/${siteSpace.id}`;
    return { status: 201, body: presentSiteSpace(siteSpace, site, ctx), headers: { Location: location } };
  });

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/site-spaces', ({ ctx, params, query }) => {
    const { page, limit, default: isDefault } = parseInput(listSiteSpacesQuery, query, 'query');
    const result = listSiteSpacesForCaller(ctx, params.organizationId, params.siteId, { isDefault }, { page, limit });
    return { status: 200, body: listEnvelope(result.page, (row) => presentSiteSpace(row, result.site, ctx)) };
  });

  router.patch('/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}', ({ ctx, params, body }) => {
    const input = parseInput(updateSiteSpaceBody, body);
    const { site, siteSpace } = updateSiteSpaceSettings(ctx, params.organizationId, params.siteId, params.siteSpaceId, input);
    return { status: 200, body: presentSiteSpace(siteSpace, site, ctx) };
  });

  router.delete('/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}', ({ ctx, params }) => ({
    status: removeSiteSpace(ctx, params.organizationId, params.siteId, params.siteSpaceId) ? 205 : 204,
  }));
}
