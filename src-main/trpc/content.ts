import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { base64Bytes } from '../../src-shared/schemas/binary';
import { importContentBody } from '../../src-shared/schemas/imports';
import { createPageInput, movePageInput, updatePageInput } from '../../src-shared/schemas/pages';
import { bodyState, pushBodyUpdate } from '../content/live-service';
import { createPage, deletePage, movePage, setPageMarkdown, updatePage } from '../content/pages-service';
import { childrenIndex, presentPage, presentPageTree } from '../content/presenter';
import { currentContent, currentPage, withSubtree } from '../content/read-service';
import { presentFile } from '../files/presenter';
import { currentFile, uploadFile } from '../files/service';
import { importIntoSpace } from '../import/service';
import { spaceId } from './refs';
import { procedure, router } from './trpc';

const pageRef = z.object({ spaceId, pageId: z.string().min(1) });
/** Edits go to main content, or to a change request's when its id is given. */
const target = { changeRequestId: z.string().min(1).optional() };
const bytes = (value: string) => new Uint8Array(Buffer.from(value, 'base64'));
const base64 = (value: Uint8Array) => Buffer.from(value).toString('base64');

/**
 * The desktop editor's content procedures: the page tree and pages as /v1 presents them, page
 * edits of a live space, and the Yjs sync of a page body (binary as base64).
 */
export const contentRouter = router({
  /** The page tree as GET /v1/spaces/{spaceId}/content/pages answers it, with the current revision id. */
  pages: procedure.input(z.object({ spaceId })).query(({ ctx, input }) => {
    const content = currentContent(ctx, input.spaceId);
    return { revision: content.revision.id, pages: presentPageTree(content.pages, ctx, input.spaceId, content.markdownOf) };
  }),

  /** One page with its markdown, as GET /v1/spaces/{spaceId}/content/page/{pageId}?format=markdown. */
  page: procedure.input(pageRef).query(({ ctx, input }) => {
    const { page, subtree, markdownOf } = withSubtree(ctx, currentPage(ctx, input.spaceId, input.pageId));
    return presentPage(page, ctx, { spaceId: input.spaceId, children: childrenIndex(subtree), markdownOf });
  }),

  createPage: procedure.input(createPageInput.safeExtend({ spaceId, ...target })).mutation(({ ctx, input }) => {
    const { spaceId: id, changeRequestId, ...page } = input;
    const { pageId, revision } = createPage(ctx, id, page, changeRequestId);
    return { pageId, revision: revision?.id };
  }),

  updatePage: procedure.input(updatePageInput.safeExtend({ ...pageRef.shape, ...target })).mutation(({ ctx, input }) => {
    const { spaceId: id, pageId, changeRequestId, ...changes } = input;
    return { revision: updatePage(ctx, id, pageId, changes, changeRequestId)?.id };
  }),

  movePage: procedure.input(movePageInput.safeExtend({ ...pageRef.shape, ...target })).mutation(({ ctx, input }) => {
    const { spaceId: id, pageId, changeRequestId, ...placement } = input;
    return { revision: movePage(ctx, id, pageId, placement, changeRequestId)?.id };
  }),

  deletePage: procedure.input(pageRef.extend(target)).mutation(({ ctx, input }) => ({
    revision: deletePage(ctx, input.spaceId, input.pageId, input.changeRequestId)?.id,
  })),

  setMarkdown: procedure.input(pageRef.extend({ markdown: z.string().max(5_000_000), ...target })).mutation(({ ctx, input }) => ({
    revision: setPageMarkdown(ctx, input.spaceId, input.pageId, input.markdown, input.changeRequestId)?.id,
  })),

  /** What the caller's copy of a body lacks (all of it without a state vector), and the server's state vector. */
  body: procedure.input(pageRef.extend({ stateVector: base64Bytes.optional() })).query(({ ctx, input }) => {
    const state = bodyState(ctx, input.spaceId, input.pageId, input.stateVector ? bytes(input.stateVector) : undefined);
    return { update: base64(state.update), stateVector: base64(state.stateVector) };
  }),

  /** Adds a file (an image pasted into the editor, a file dropped on a page) to a live space. */
  uploadFile: procedure
    .input(z.object({ spaceId, name: z.string().trim().min(1).max(255), contentType: z.string().min(1).max(255), data: base64Bytes }))
    .mutation(({ ctx, input }) => {
      const { fileId, revision } = uploadFile(ctx, input.spaceId, { name: input.name, contentType: input.contentType, bytes: bytes(input.data) });
      return { fileId, revision: revision?.id, file: presentFile(currentFile(ctx, input.spaceId, fileId), { ...ctx, now: ctx.clock.now() }) };
    }),

  /** Starts an import in the background; poll importStatus for its progress and result. */
  startImport: procedure
    .input(importContentBody.safeExtend({ spaceId, parentPageId: z.string().min(1).optional() }))
    .mutation(({ ctx, input }) => {
      const { spaceId: id, ...request } = input;
      const job = ctx.imports.start(ctx.user.id, (progress) => importIntoSpace(ctx, id, request, { onProgress: progress }));
      return { jobId: job.id };
    }),

  importStatus: procedure.input(z.object({ jobId: z.string().min(1) })).query(({ ctx, input }) => {
    const job = ctx.imports.get(input.jobId, ctx.user.id);
    if (!job) throw new TRPCError({ code: 'NOT_FOUND', message: `Import "${input.jobId}" not found` });
    const { userId: _user, ...status } = job;
    return status;
  }),

  /** Applies an editor's update to a body; durable when this returns. */
  pushBody: procedure.input(pageRef.extend({ update: base64Bytes })).mutation(({ ctx, input }) => {
    const { stateVector } = pushBodyUpdate(ctx, input.spaceId, input.pageId, bytes(input.update));
    return { stateVector: base64(stateVector) };
  }),
});
