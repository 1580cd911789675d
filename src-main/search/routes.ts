import { searchQuery } from '../../src-shared/schemas/search';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { getSpace } from '../store/spaces';
import { presentPageHits, presentSpaceHits } from './presenter';
import { searchOrganization, searchSpace } from './service';

export function registerSearchRoutes(router: Router): void {
  router.get('/v1/spaces/{spaceId}/search', { effect: 'read', query: searchQuery }, ({ ctx, params, query }) => {
    const result = searchSpace(ctx, params.spaceId, query);
    return {
      status: 200,
      body: listEnvelope({ rows: result.items, total: result.total, next: result.next }, (hits) =>
        presentPageHits(hits, params.spaceId, ctx),
      ),
    };
  });

  router.get('/v1/orgs/{organizationId}/search', { effect: 'read', query: searchQuery }, ({ ctx, params, query }) => {
    const result = searchOrganization(ctx, params.organizationId, query);
    return {
      status: 200,
      body: listEnvelope({ rows: result.items, total: result.total, next: result.next }, (space) =>
        presentSpaceHits(space, getSpace(ctx.db, space.spaceId)?.title ?? '', ctx),
      ),
    };
  });
}
