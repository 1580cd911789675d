import { z } from 'zod';
import { listQuery } from '../../src-shared/schemas/common';
import { presentRevisionEntry, presentRevisionHeader, presentRevisionOutline, presentRevisionPage } from '../content/revisions-presenter';
import { listSpaceRevisions, pageAtRevision } from '../content/revisions-service';
import { contentAtRevision } from '../content/read-service';
import { listEnvelope } from '../http/list';
import { spaceId } from './refs';
import { procedure, router } from './trpc';

const revisionRef = z.object({ spaceId, revisionId: z.string().min(1) });

/**
 * A space's revision history for the app: the list of revisions with who made them and what they
 * changed, and read-only reads of any revision (the same reads as /v1's revision routes).
 */
export const revisionsRouter = router({
  /** The space's revisions, newest first (`page` is the cursor of `next.page`). */
  list: procedure.input(listQuery.safeExtend({ spaceId })).query(({ ctx, input }) => {
    const { spaceId: id, ...page } = input;
    const result = listSpaceRevisions(ctx, id, { limit: page.limit ?? 20, page: page.page });
    return listEnvelope(result, (entry) => presentRevisionEntry(entry, ctx, result.currentId));
  }),

  /** A page as it was at a revision; `page` is null when it did not exist then (the outline lists those that did). */
  page: procedure.input(revisionRef.extend({ pageId: z.string().min(1) })).query(({ ctx, input }) => {
    const { snapshot, view } = pageAtRevision(ctx, input.spaceId, input.revisionId, input.pageId);
    return { revision: presentRevisionHeader(snapshot), page: view ? presentRevisionPage(view, snapshot) : null };
  }),

  /** The page tree at a revision, flattened in tree order with depths. */
  pages: procedure.input(revisionRef).query(({ ctx, input }) => {
    const snapshot = contentAtRevision(ctx, input.spaceId, input.revisionId);
    return { revision: presentRevisionHeader(snapshot), pages: presentRevisionOutline(snapshot) };
  }),
});
