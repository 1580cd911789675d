import {
  bulkUpsertSiteRedirectsBody,
  createSiteRedirectBody,
  getSiteRedirectBySourceQuery,
  listSiteRedirectsQuery,
  updateSiteRedirectBody,
} from '../../src-shared/schemas/site-redirects';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { presentSiteRedirect } from './redirects-presenter';
import {
  bulkUpsertSiteRedirects,
  createSiteRedirect,
  deleteSiteRedirectById,
  getSiteRedirectBySource,
  listSiteRedirects,
  updateSiteRedirectById,
} from './redirects-service';

export function registerSiteRedirectRoutes(router: Router): void {
  router.post('/v1/orgs/{organizationId}/sites/{siteId}/redirects', { effect: 'write', body: createSiteRedirectBody }, ({ ctx, params, body }) => {
    const { redirect } = createSiteRedirect(ctx, params.organizationId, params.siteId, body);
    return { status: 201, body: presentSiteRedirect(redirect) };
  });

  router.put('/v1/orgs/{organizationId}/sites/{siteId}/redirects', { effect: 'write', body: bulkUpsertSiteRedirectsBody }, ({ ctx, params, body }) => {
    const { redirects } = body;
    return { status: 200, body: bulkUpsertSiteRedirects(ctx, params.organizationId, params.siteId, redirects) };
  });

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/redirects', { effect: 'read', query: listSiteRedirectsQuery }, ({ ctx, params, query }) => {
    const { page } = listSiteRedirects(ctx, params.organizationId, params.siteId, query);
    return { status: 200, body: listEnvelope(page, presentSiteRedirect) };
  });

  router.patch('/v1/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}', { effect: 'write', body: updateSiteRedirectBody }, ({ ctx, params, body }) => {
    const input = body;
    const { redirect } = updateSiteRedirectById(ctx, params.organizationId, params.siteId, params.siteRedirectId, input);
    return { status: 200, body: presentSiteRedirect(redirect) };
  });

  // 205 when the redirect was deleted, 204 when there was none.
  router.delete('/v1/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}', { effect: 'write' }, ({ ctx, params }) => ({
    status: deleteSiteRedirectById(ctx, params.organizationId, params.siteId, params.siteRedirectId) ? 205 : 204,
  }));

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/redirect', { effect: 'read', query: getSiteRedirectBySourceQuery }, ({ ctx, params, query }) => {
    const { source, shareKey } = query;
    const { redirect, target } = getSiteRedirectBySource(ctx, params.organizationId, params.siteId, source, shareKey);
    return { status: 200, body: { redirect: presentSiteRedirect(redirect), target } };
  });
}
