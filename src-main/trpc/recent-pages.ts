import { z } from 'zod';
import { listRecentPages } from '../content/recent-pages-service';
import { organizationId } from './refs';
import { procedure, router } from './trpc';

/** The writer's way back into their work: no /v1 route (GitBook has none), the app's home shows it. */
export const recentPagesRouter = router({
  /** The caller's recently edited pages in an organization, newest first. */
  list: procedure
    .input(z.object({ organizationId, limit: z.number().int().min(1).max(50).optional() }))
    .query(({ ctx, input }) => listRecentPages(ctx, input.organizationId, input.limit)),
});
