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
import { presentSite, presentSiteSpace } from './presenter';
import { createSite, deleteSite, getSiteForCaller, listOrganizationSites, publishSite, unpublishSite, updateSiteSettings } from './service';
import { addSiteSpace, listSiteSpacesForCaller, removeSiteSpace, updateSiteSpaceSettings } from './site-spaces-service';

export function registerSiteRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/sites', { effect: 'read', query: listSitesQuery }, ({ ctx, params, query }) => {
    const page = listOrganizationSites(ctx, params.organizationId, query);
    return { status: 200, body: listEnvelope(page, (site) => presentSite(site, ctx)) };
  });

  router.post('/v1/orgs/{organizationId}/sites', { effect: 'write', body: createSiteBody, optionalBody: true }, ({ ctx, params, body }) => {
    const presented = presentSite(createSite(ctx, params.organizationId, body), ctx);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  });

  router.get('/v1/orgs/{organizationId}/sites/{siteId}', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: presentSite(getSiteForCaller(ctx, params.organizationId, params.siteId), ctx),
  }));

  router.patch('/v1/orgs/{organizationId}/sites/{siteId}', { effect: 'write', body: updateSiteBody }, ({ ctx, params, body }) => {
    const site = updateSiteSettings(ctx, params.organizationId, params.siteId, body);
    return { status: 200, body: presentSite(site, ctx) };
  });

  // As for collections: 205 when the site was deleted, 204 when it did not exist.
  router.delete('/v1/orgs/{organizationId}/sites/{siteId}', { effect: 'write' }, ({ ctx, params }) => ({ status: deleteSite(ctx, params.organizationId, params.siteId) ? 205 : 204 }));

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/publish', { effect: 'write' }, ({ ctx, params }) => ({
    status: 200,
    body: presentSite(publishSite(ctx, params.organizationId, params.siteId), ctx),
  }));

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/unpublish', { effect: 'write' }, ({ ctx, params }) => ({
    status: 200,
    body: presentSite(unpublishSite(ctx, params.organizationId, params.siteId), ctx),
  }));

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/site-spaces', { effect: 'write', body: addSiteSpaceBody }, ({ ctx, params, body }) => {
    const { site, siteSpace } = addSiteSpace(ctx, params.organizationId, params.siteId, body);
    const location = `${ctx.baseUrl}/v1/orgs/${site.organization_id}/sites/${site.id}/site-spaces/${siteSpace.id}`;
    return { status: 201, body: presentSiteSpace(siteSpace, site, ctx), headers: { Location: location } };
  });

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/site-spaces', { effect: 'read', query: listSiteSpacesQuery }, ({ ctx, params, query }) => {
    const { page, limit, default: isDefault } = query;
    const result = listSiteSpacesForCaller(ctx, params.organizationId, params.siteId, { isDefault }, { page, limit });
    return { status: 200, body: listEnvelope(result.page, (row) => presentSiteSpace(row, result.site, ctx)) };
  });

  router.patch('/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}', { effect: 'write', body: updateSiteSpaceBody }, ({ ctx, params, body }) => {
    const { site, siteSpace } = updateSiteSpaceSettings(ctx, params.organizationId, params.siteId, params.siteSpaceId, body);
    return { status: 200, body: presentSiteSpace(siteSpace, site, ctx) };
  });

  router.delete('/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}', { effect: 'write' }, ({ ctx, params }) => ({
    status: removeSiteSpace(ctx, params.organizationId, params.siteId, params.siteSpaceId) ? 205 : 204,
  }));
}
