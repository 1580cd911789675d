import { searchSiteContentBody, searchSiteContentQuery } from '../../src-shared/schemas/site-search';
import { listEnvelope } from '../http/list';
import type { Router } from '../http/router';
import { presentSiteSearchSpace } from './search-presenter';
import { searchSiteContent } from './search-service';

// prewarmSiteSearch is not served: Folio's index (SQLite FTS5) is always built as content changes, so there is
// nothing to warm up.
export function registerSiteSearchRoutes(router: Router): void {
  router.post('/v1/orgs/{organizationId}/sites/{siteId}/search', { effect: 'read', query: searchSiteContentQuery, body: searchSiteContentBody }, ({ ctx, params, body, query }) => {
    const input = body;
    const result = searchSiteContent(ctx, params.organizationId, params.siteId, input, query);
    return { status: 200, body: listEnvelope({ rows: result.items, total: result.total, next: result.next }, (space) => presentSiteSearchSpace(space, ctx)) };
  });
}
