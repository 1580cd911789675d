import { z } from 'zod';
import { createReusableContentInput, reusableContentTitle } from '../../src-shared/schemas/reusable-contents';
import { createReusableContent, deleteReusableContent, listReusableContents, renameReusableContent } from '../content/reusable-contents-service';
import { findReusableContent } from '../content/reusable-contents';
import { spaceId } from './refs';
import { procedure, router } from './trpc';

const changeRequestId = z.string().min(1).optional();
const reusableRef = z.object({ spaceId, changeRequestId, id: z.string().min(1) });

/** A reusable content for the app: what includes name it by (its slug) and its markdown. */
const present = (row: { reusable_id: string; title: string; slug: string }) => ({ id: row.reusable_id, title: row.title, slug: row.slug });

/**
 * The app's reusable contents (content/reusable-contents-service.ts): list, read, create, rename, delete. Their
 * bodies are edited live like a page's, through content.bodyState / content.pushBody with the reusable content's id.
 */
export const reusableContentsRouter = router({
  list: procedure.input(z.object({ spaceId, changeRequestId })).query(({ ctx, input }) =>
    listReusableContents(ctx, input.spaceId, input.changeRequestId).map(present),
  ),
  find: procedure.input(reusableRef).query(({ ctx, input }) => {
    const found = findReusableContent(ctx, { spaceId: input.spaceId, changeRequestId: input.changeRequestId }, input.id);
    return { ...present(found.view), markdown: found.markdown };
  }),
  create: procedure
    .input(z.object({ spaceId, changeRequestId, ...createReusableContentInput.shape }))
    .mutation(({ ctx, input }) => createReusableContent(ctx, input.spaceId, { title: input.title, markdown: input.markdown }, input.changeRequestId)),
  rename: procedure
    .input(reusableRef.extend({ title: reusableContentTitle }))
    .mutation(({ ctx, input }) => ({ revision: renameReusableContent(ctx, input.spaceId, input.id, input.title, input.changeRequestId) })),
  delete: procedure
    .input(reusableRef)
    .mutation(({ ctx, input }) => ({ revision: deleteReusableContent(ctx, input.spaceId, input.id, input.changeRequestId) })),
});
