import { embedQuery } from '../../src-shared/schemas/urls';
import type { Router } from '../http/router';
import { embedOfUrl } from './embed-service';

/** getEmbedByUrl and getEmbedByUrlInSpace: a URL as the card an embed of it shows. */
export function registerEmbedRoutes(router: Router): void {
  router.get('/v1/urls/embed', { effect: 'read', query: embedQuery }, async ({ ctx, query }) => {
    const { url } = query;
    return { status: 200, body: await embedOfUrl(ctx, url) };
  });

  router.get('/v1/spaces/{spaceId}/embed', { effect: 'read', query: embedQuery }, async ({ ctx, params, query }) => {
    const { url } = query;
    return { status: 200, body: await embedOfUrl(ctx, url, params.spaceId) };
  });
}
