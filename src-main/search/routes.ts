import { searchQuery } from '../../src-shared/schemas/search';
import type { Router } from '../http/router';
import { parseInput } from '../http/validate';
import { getSpace } from '../store/spaces';
import { presentPageHits } from './presenter';
import { searchOrganization, searchSpace } from './service';

const envelope = <T>(result: { items: T[]; total: number; next?: string }) => ({
  items: result.items,
  count: result.total,
  ...(result.next ? { next: { page: result.next } } : {}),
});

export function registerSearchRoutes(router: Router): void {
  router.get('/v1/spaces/{spaceId}/search', ({ ctx, params, query }) => {
    const result = searchSpace(ctx, params.spaceId!, parseInput(searchQuery, query, 'query'));
    return {
      status: 200,
      body: envelope({ ...result, items: result.items.map((hits) => presentPageHits(hits, params.spaceId!, ctx)) }),
    };
  });

  router.get('/v1/orgs/{organizationId}/search', ({ ctx, params, query }) => {
    const result = searchOrganization(ctx, params.organizationId!, parseInput(searchQuery, query, 'query'));
    const items = result.items.map((space) => ({
      id: space.spaceId,
      title: getSpace(ctx.db, space.spaceId)?.title ?? '',
      pages: space.pages.map((hits) => presentPageHits(hits, space.spaceId, ctx)),
    }));
    return { status: 200, body: envelope({ ...result, items }) };
  });
}
