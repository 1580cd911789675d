import { searchQuery } from '../../src-shared/schemas/search';
import { listEnvelope } from '../http/list';
import { presentPageHits, presentSpaceHits } from '../search/presenter';
import { searchOrganization, searchSpace } from '../search/service';
import { getSpace } from '../store/spaces';
import { organizationId, spaceId } from './refs';
import { procedure, router } from './trpc';

/**
 * The /v1 search routes as procedures, for the command palette: the same service (only spaces the caller
 * reads) and presenters, so each section carries its heading's anchor in `id` and `path` (`page#anchor`).
 */
export const searchRouter = router({
  /** GET /v1/orgs/{organizationId}/search: spaces, each with its best pages and their matching sections. */
  searchOrganization: procedure.input(searchQuery.safeExtend({ organizationId })).query(({ ctx, input }) => {
    const { organizationId: id, ...query } = input;
    const result = searchOrganization(ctx, id, query);
    return listEnvelope({ rows: result.items, total: result.total, next: result.next }, (space) =>
      presentSpaceHits(space, getSpace(ctx.db, space.spaceId)?.title ?? '', ctx),
    );
  }),

  /** GET /v1/spaces/{spaceId}/search: pages with their matching sections. */
  searchSpace: procedure.input(searchQuery.safeExtend({ spaceId })).query(({ ctx, input }) => {
    const { spaceId: id, ...query } = input;
    const result = searchSpace(ctx, id, query);
    return listEnvelope({ rows: result.items, total: result.total, next: result.next }, (hits) => presentPageHits(hits, id, ctx));
  }),
});
