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
import { parseInput } from '../http/validate';
import { getAdaptiveSchema, listTemplateConditions, presentAdaptiveSchema, replaceAdaptiveSchema } from './adaptive-schema-service';
import { getPublishedContentSite } from './published-service';
import { getPublishingAuth, presentPublishingAuth, regeneratePublishingAuth, updatePublishingAuth } from './publishing-auth-service';
import { createSiteShareLink, deleteSiteShareLink, listSiteShareLinks, presentShareLink, updateSiteShareLink } from './share-links-service';

/** Who may visit a published site: share links, visitor authentication, the visitor schema, and the published profile. */
export function registerSiteVisitorRoutes(router: Router): void {
  router.get('/v1/orgs/{organizationId}/sites/{siteId}/share-links', ({ ctx, params, query }) => {
    const { site, page } = listSiteShareLinks(ctx, params.organizationId, params.siteId, parseInput(listShareLinksQuery, query, 'query'));
    return { status: 200, body: listEnvelope(page, (row) => presentShareLink(row, site, ctx)) };
  });

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/share-links', ({ ctx, params, body }) => {
    const { site, shareLink } = createSiteShareLink(ctx, params.organizationId, params.siteId, parseInput(createShareLinkBody, body));
    // No GET of one share link exists: the Location names the link under the list it belongs to.
    const location = `${ctx.baseUrl}/v1/orgs/${site.organization_id}/sites/${site.id}/share-links/${shareLink.id}`;
    return { status: 201, body: presentShareLink(shareLink, site, ctx), headers: { Location: location } };
  });

  router.patch('/v1/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}', ({ ctx, params, body }) => {
    const input = parseInput(updateShareLinkBody, body);
    const { site, shareLink } = updateSiteShareLink(ctx, params.organizationId, params.siteId, params.shareLinkId, input);
    return { status: 200, body: presentShareLink(shareLink, site, ctx) };
  });

  // As for site spaces: 205 when the link was deleted, 204 when it did not exist.
  router.delete('/v1/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}', ({ ctx, params }) => ({
    status: deleteSiteShareLink(ctx, params.organizationId, params.siteId, params.shareLinkId) ? 205 : 204,
  }));

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth', ({ ctx, params }) => ({
    status: 200,
    body: presentPublishingAuth(getPublishingAuth(ctx, params.organizationId, params.siteId)),
  }));

  router.patch('/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth', ({ ctx, params, body }) => ({
    status: 200,
    body: presentPublishingAuth(updatePublishingAuth(ctx, params.organizationId, params.siteId, parseInput(updatePublishingAuthBody, body))),
  }));

  router.post('/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth/regenerate', ({ ctx, params }) => ({
    status: 200,
    body: presentPublishingAuth(regeneratePublishingAuth(ctx, params.organizationId, params.siteId)),
  }));

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema', ({ ctx, params }) => ({
    status: 200,
    body: presentAdaptiveSchema(getAdaptiveSchema(ctx, params.organizationId, params.siteId)),
  }));

  router.put('/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema', ({ ctx, params, body }) => {
    const input = parseInput(updateAdaptiveSchemaBody, body);
    return { status: 200, body: presentAdaptiveSchema(replaceAdaptiveSchema(ctx, params.organizationId, params.siteId, input)) };
  });

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema/template-conditions', ({ ctx, params }) => ({
    status: 200,
    body: { items: listTemplateConditions(ctx, params.organizationId, params.siteId) },
  }));

  router.get('/v1/orgs/{organizationId}/sites/{siteId}/published', async ({ ctx, params, query }) => {
    const { shareKey, visitorAuthToken, jwt_token } = parseInput(publishedSiteQuery, query, 'query');
    const body = await getPublishedContentSite(ctx, params.organizationId, params.siteId, {
      shareKey,
      token: visitorAuthToken ?? jwt_token,
      unsignedClaims: unsignedClaimsFromQuery(query),
    });
    return { status: 200, body };
  });
}
