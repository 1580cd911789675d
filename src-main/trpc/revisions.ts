import { z } from 'zod';
import { listQuery } from '../../src-shared/schemas/common';
import { presentRevisionEntry, presentRevisionHeader, presentRevisionOutline, presentRevisionPage } from '../content/revisions-presenter';
import { listSpaceRevisions, pageAtRevision, pageNow } from '../content/revisions-service';
import { contentAtRevision } from '../content/read-service';
import { restorePageToRevision, restoreSpaceToRevision } from '../content/restore-revision';
import { listEnvelope } from '../http/list';
import { spaceId } from './refs';
import { procedure, router } from './trpc';

const revisionRef = z.object({ spaceId, revisionId: z.string().min(1) });

/**
 * A space's revision history for the app: the list of revisions with who made them and what they
 * changed, read-only reads of any revision (the same reads as /v1's revision routes), and restoring a
 * page or the whole space to one (GitBook's API has no restore operation, so the app's only).
 */
export const revisionsRouter = router({
  /** The space's revisions, newest first (`page` is the cursor of `next.page`). */
  list: procedure.input(listQuery.safeExtend({ spaceId })).query(({ ctx, input }) => {
    const { spaceId: id, ...page } = input;
    const result = listSpaceRevisions(ctx, id, { limit: page.limit ?? 20, page: page.page });
    return listEnvelope(result, (entry) => presentRevisionEntry(entry, ctx, result.currentId));
  }),

  /**
   * A page as it was at a revision; `page` is null when it did not exist then (the outline lists those that
   * did). `now` is the same page in the current content (null when deleted), for comparing the two.
   */
  page: procedure.input(revisionRef.extend({ pageId: z.string().min(1) })).query(({ ctx, input }) => {
    const { snapshot, view } = pageAtRevision(ctx, input.spaceId, input.revisionId, input.pageId);
    const current = pageNow(ctx, input.spaceId, input.pageId);
    return {
      revision: presentRevisionHeader(snapshot),
      page: view ? presentRevisionPage(view, snapshot) : null,
      now: current ? { title: current.title, markdown: current.kind === 'group' ? '' : current.markdown } : null,
    };
  }),

  /** The page tree at a revision, flattened in tree order with depths. */
  content: procedure.input(revisionRef).query(({ ctx, input }) => {
    const snapshot = contentAtRevision(ctx, input.spaceId, input.revisionId);
    return { revision: presentRevisionHeader(snapshot), pages: presentRevisionOutline(snapshot) };
  }),

  /** Puts one page back as it was at a revision (a new revision; `revision` absent when nothing differed). */
  restorePage: procedure.input(revisionRef.extend({ pageId: z.string().min(1) })).mutation(({ ctx, input }) => ({
    revision: restorePageToRevision(ctx, input.spaceId, input.pageId, input.revisionId).revision?.id,
  })),

  /** Puts the whole space's content back as it was at a revision (a new `rollback` revision). */
  restoreSpace: procedure.input(revisionRef).mutation(({ ctx, input }) => ({
    revision: restoreSpaceToRevision(ctx, input.spaceId, input.revisionId).revision?.id,
  })),
});
