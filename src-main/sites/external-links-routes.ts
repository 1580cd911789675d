import { addSiteExternalLinkBody, updateSiteExternalLinkBody } from '../../src-shared/schemas/site-external-links';
import type { Router } from '../http/router';
import { presentSiteExternalLink } from './external-links-presenter';
import { addExternalLinkToSite, deleteSiteExternalLinkById, listSiteExternalLinks, updateSiteExternalLinkById } from './external-links-service';

export function registerSiteExternalLinkRoutes(router: Router): void {
  router.post('/v1/orgs/{organizationId}/sites/{siteId}/external-links', { effect: 'write', body: addSiteExternalLinkBody }, ({ ctx, params, body }) => {
    const { site, link } = addExternalLinkToSite(ctx, params.organizationId, params.siteId, body);
    const location = `${ctx.baseUrl}/v1/orgs/${site.organization_id}/sites/${site.id}/external-links/${link.id}`;
    return { status: 201, body: presentSiteExternalLink(link), headers: { Location: location } };
  });

  // A Folio extension (docs/folio-extensions.openapi.json): the links in display order, drafts included.
  router.get('/v1/orgs/{organizationId}/sites/{siteId}/external-links', { effect: 'read' }, ({ ctx, params }) => {
    const { links } = listSiteExternalLinks(ctx, params.organizationId, params.siteId);
    return { status: 200, body: { items: links.map(presentSiteExternalLink), count: links.length } };
  });

  router.patch('/v1/orgs/{organizationId}/sites/{siteId}/external-links/{siteExternalLinkId}', { effect: 'write', body: updateSiteExternalLinkBody }, ({ ctx, params, body, req }) => {
    const input = body;
    const { link } = updateSiteExternalLinkById(ctx, params.organizationId, params.siteId, params.siteExternalLinkId, input);
    // `Prefer: return=minimal` (GitBook's returnPreference): 204 without the link.
    if (/\breturn=minimal\b/.test(String(req.headers.prefer ?? ''))) return { status: 204, headers: { 'Preference-Applied': 'return=minimal' } };
    return { status: 200, body: presentSiteExternalLink(link) };
  });

  // 205 when the link was deleted, 204 when there was none.
  router.delete('/v1/orgs/{organizationId}/sites/{siteId}/external-links/{siteExternalLinkId}', { effect: 'write' }, ({ ctx, params }) => ({
    status: deleteSiteExternalLinkById(ctx, params.organizationId, params.siteId, params.siteExternalLinkId) ? 205 : 204,
  }));
}
