import { contentByUrlQuery, publishedByUrlBody, publishedByUrlQuery } from '../../src-shared/schemas/urls';
import type { Router } from '../http/router';
import { parseInput } from '../http/validate';
import { contentByUrl } from './content-by-url';
import { publishedContentByUrl } from './published-by-url';

/** Addresses resolved to what they show: getContentByUrl, getPublishedContentByUrl, resolvePublishedContentByUrl. */
export function registerUrlRoutes(router: Router): void {
  router.get('/v1/urls/content', ({ ctx, query }) => {
    const { url } = parseInput(contentByUrlQuery, query, 'query');
    return { status: 200, body: contentByUrl(ctx, url) };
  });

  router.get('/v1/urls/published', async ({ ctx, query }) => {
    const { url, visitorAuthToken, redirectOnError } = parseInput(publishedByUrlQuery, query, 'query');
    return { status: 200, body: await publishedContentByUrl(ctx, { url, token: visitorAuthToken, redirectOnError: redirectOnError === 'true' }) };
  });

  router.post('/v1/urls/published', async ({ ctx, body }) => {
    const { url, redirectOnError, visitor } = parseInput(publishedByUrlBody, body);
    const input = { url, token: visitor?.jwtToken, unsignedClaims: visitor?.unsignedClaims, redirectOnError };
    return { status: 200, body: await publishedContentByUrl(ctx, input) };
  });
}
