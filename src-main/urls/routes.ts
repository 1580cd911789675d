import { contentByUrlQuery, publishedByUrlBody, publishedByUrlQuery } from '../../src-shared/schemas/urls';
import type { Router } from '../http/router';
import { contentByUrl } from './content-by-url';
import { publishedContentByUrl } from './published-by-url';

/** Addresses resolved to what they show: getContentByUrl, getPublishedContentByUrl, resolvePublishedContentByUrl. */
export function registerUrlRoutes(router: Router): void {
  router.get('/v1/urls/content', { effect: 'read', query: contentByUrlQuery }, ({ ctx, query }) => {
    const { url } = query;
    return { status: 200, body: contentByUrl(ctx, url) };
  });

  router.get('/v1/urls/published', { effect: 'read', query: publishedByUrlQuery }, async ({ ctx, query }) => {
    const { url, visitorAuthToken, redirectOnError } = query;
    return { status: 200, body: await publishedContentByUrl(ctx, { url, token: visitorAuthToken, redirectOnError: redirectOnError === 'true' }) };
  });

  router.post('/v1/urls/published', { effect: 'write', body: publishedByUrlBody }, async ({ ctx, body }) => {
    const { url, redirectOnError, visitor } = body;
    const input = { url, token: visitor?.jwtToken, unsignedClaims: visitor?.unsignedClaims, redirectOnError };
    return { status: 200, body: await publishedContentByUrl(ctx, input) };
  });
}
