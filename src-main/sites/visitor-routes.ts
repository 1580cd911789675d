import {
  createShareLinkBody,
  listShareLinksQuery,
  publishedSiteQuery,
  unsignedClaimsFromQuery,
  updateAdaptiveSchemaBody,
  updatePublishingAuthBody,
  updateShareLinkBody,
} from '../../src-shared/schemas/site-visitors';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { getAdaptiveSchema, listTemplateConditions, presentAdaptiveSchema, replaceAdaptiveSchema } from './adaptive-schema-service';
import { getPublishedContentSite } from './published-service';
import { getPublishingAuth, presentPublishingAuth, regeneratePublishingAuth, updatePublishingAuth } from './publishing-auth-service';
import { createSiteShareLink, deleteSiteShareLink, listSiteShareLinks, presentShareLink, updateSiteShareLink } from './share-links-service';

/** Who may visit a published site: share links, visitor authentication, the visitor schema, and the published profile. */
export function registerSiteVisitorRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/sites/{siteId}/share-links', { effect: 'read', query: listShareLinksQuery }, ({ ctx, params, query }) => {
    const { site, page } = listSiteShareLinks(ctx, params.organizationId, params.siteId, query);
    return { status: 200, body: listEnvelope(page, (row) => presentShareLink(row, site, ctx)) };
  });

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/share-links', { effect: 'write', body: createShareLinkBody }, ({ ctx, params, body }) => {
    const { site, shareLink } = createSiteShareLink(ctx, params.organizationId, params.siteId, body);
    // No GET of one share link exists: the Location names the link under the list it belongs to.
    const location = `${ctx.baseUrl}/v1/orgs/${site.organization_id}/sites/${site.id}/share-links/${shareLink.id}`;
    return { status: 201, body: presentShareLink(shareLink, site, ctx), headers: { Location: location } };
  });

  router.patch('/v1/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}', { effect: 'write', body: updateShareLinkBody }, ({ ctx, params, body }) => {
    const { site, shareLink } = updateSiteShareLink(ctx, params.organizationId, params.siteId, params.shareLinkId, body);
    return { status: 200, body: presentShareLink(shareLink, site, ctx) };
  });

  // As for site spaces: 205 when the link was deleted, 204 when it did not exist.
  router.delete('/v1/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}', { effect: 'write' }, ({ ctx, params }) => ({
    status: deleteSiteShareLink(ctx, params.organizationId, params.siteId, params.shareLinkId) ? 205 : 204,
  }));

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: presentPublishingAuth(getPublishingAuth(ctx, params.organizationId, params.siteId)),
  }));

  router.patch('/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth', { effect: 'write', body: updatePublishingAuthBody }, ({ ctx, params, body }) => ({
    status: 200,
    body: presentPublishingAuth(updatePublishingAuth(ctx, params.organizationId, params.siteId, body)),
  }));

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth/regenerate', { effect: 'write' }, ({ ctx, params }) => ({
    status: 200,
    body: presentPublishingAuth(regeneratePublishingAuth(ctx, params.organizationId, params.siteId)),
  }));

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: presentAdaptiveSchema(getAdaptiveSchema(ctx, params.organizationId, params.siteId)),
  }));

  router.put('/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema', { effect: 'write', body: updateAdaptiveSchemaBody }, ({ ctx, params, body }) => {
    return { status: 200, body: presentAdaptiveSchema(replaceAdaptiveSchema(ctx, params.organizationId, params.siteId, body)) };
  });

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema/template-conditions', { effect: 'read' }, ({ ctx, params }) => ({
    status: 200,
    body: { items: listTemplateConditions(ctx, params.organizationId, params.siteId) },
  }));

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/published', { effect: 'read', query: publishedSiteQuery }, async ({ ctx, params, query }) => {
    const { shareKey, visitorAuthToken, jwt_token } = query;
    const body = await getPublishedContentSite(ctx, params.organizationId, params.siteId, {
      shareKey,
      token: visitorAuthToken ?? jwt_token,
      unsignedClaims: unsignedClaimsFromQuery(query),
    });
    return { status: 200, body };
  });
}
