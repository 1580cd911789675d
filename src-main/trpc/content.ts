import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { base64Bytes } from '../../src-shared/schemas/binary';
import { mediaType } from '../../src-shared/schemas/header-values';
import { isWellFormedText, NOT_WELL_FORMED } from '../../src-shared/text/well-formed';
import { importContentBody, importUploadInput } from '../../src-shared/schemas/imports';
import { createPageInput, movePageInput, updatePageInput } from '../../src-shared/schemas/pages';
import { bodyState, pushBodyUpdate } from '../content/live-service';
import { createPage, deletePage, movePage, setPageMarkdown, updatePage } from '../content/pages-service';
import { presentPageOutline } from '../content/outline-presenter';
import { childrenIndex, presentPage, presentPageTree } from '../content/presenter';
import { contentOfTree, contentTarget, pageOfTarget, withSubtree } from '../content/read-service';
import { restorePage } from '../content/restore-page';
import { openCommentCountsByPage } from '../comments/page-counts';
import { presentFile } from '../files/presenter';
import { currentFile, uploadFile } from '../files/service';
import { checkImportRequest, importIntoSpace, importUploadIntoSpace } from '../import/service';
import { spaceId } from './refs';
import { liveProcedure, procedure, router } from './trpc';

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
  /**
   * The page tree as GET /v1/spaces/{spaceId}/content/pages answers it (a change request's with its id),
   * with the current revision id and the number of open comments on each page. `bodies: false` leaves
   * every `markdown` empty: the app's page tree never shows bodies, and a 10,000-page space's are large.
   */
  pages: procedure.input(z.object({ spaceId, ...target, bodies: z.boolean().optional() })).query(({ ctx, input }) => {
    const at = contentTarget(ctx, input.spaceId, input.changeRequestId);
    const content = contentOfTree(ctx, at.treeId, at.revisionId, { bodies: input.bodies });
    return {
      revision: content.revision.id,
      pages: presentPageTree(content.pages, ctx, at.spaceId, content.markdownOf),
      commentCounts: openCommentCountsByPage(ctx, { spaceId: at.spaceId, changeRequestId: at.changeRequestId }),
    };
  }),

  /**
   * The app's page tree: each page's id, title, type, emoji (and link target), nested in order, with the
   * open comments per page. Not GitBook's page objects: at 10,000 pages those are ~5 MB, this ~1 MB.
   */
  outline: procedure.input(z.object({ spaceId, ...target })).query(({ ctx, input }) => {
    const at = contentTarget(ctx, input.spaceId, input.changeRequestId);
    const content = contentOfTree(ctx, at.treeId, at.revisionId, { bodies: false });
    return {
      revision: content.revision.id,
      pages: presentPageOutline(content.pages),
      commentCounts: openCommentCountsByPage(ctx, { spaceId: at.spaceId, changeRequestId: at.changeRequestId }),
    };
  }),

  /** One page with its markdown, as GET /v1/spaces/{spaceId}/content/page/{pageId}?format=markdown (or a change request's). */
  page: procedure.input(pageRef.extend(target)).query(({ ctx, input }) => {
    const at = contentTarget(ctx, input.spaceId, input.changeRequestId);
    const { page, subtree, markdownOf } = withSubtree(ctx, pageOfTarget(ctx, at, input.pageId));
    return presentPage(page, ctx, { spaceId: at.spaceId, children: childrenIndex(subtree), markdownOf });
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

  /** Undoes a delete: the page and the pages deleted with it come back, same ids and bodies, in their place. */
  restorePage: procedure.input(pageRef.extend(target)).mutation(({ ctx, input }) => {
    const { revision, restored } = restorePage(ctx, input.spaceId, input.pageId, input.changeRequestId);
    return { revision: revision?.id, restored };
  }),

  setMarkdown: procedure.input(pageRef.extend({ markdown: z.string().max(5_000_000), ...target })).mutation(({ ctx, input }) => ({
    revision: setPageMarkdown(ctx, input.spaceId, input.pageId, input.markdown, input.changeRequestId)?.id,
  })),

  /**
   * What the caller's copy of a body lacks (all of it without a state vector), the server's state vector,
   * and the page's title and emoji; main content's body, or a change request's with its id.
   */
  body: liveProcedure.input(pageRef.extend({ stateVector: base64Bytes.optional(), ...target })).query(({ ctx, input }) => {
    const state = bodyState(ctx, input.spaceId, input.pageId, input.stateVector ? bytes(input.stateVector) : undefined, input.changeRequestId);
    return { update: base64(state.update), stateVector: base64(state.stateVector), title: state.title, emoji: state.emoji };
  }),

  /**
   * Adds a file (an image pasted into the editor, a file dropped on a page) to a live space, or to a change
   * request's content. A name already taken there gets a number: markdown references the answered `file.name`.
   */
  uploadFile: procedure
    .input(z.object({ spaceId, name: z.string().trim().min(1).max(255).refine(isWellFormedText, NOT_WELL_FORMED), contentType: mediaType, data: base64Bytes, ...target }))
    .mutation(({ ctx, input }) => {
      const file = { name: input.name, contentType: input.contentType, bytes: bytes(input.data) };
      const { fileId, revision } = uploadFile(ctx, input.spaceId, file, input.changeRequestId);
      const stored = currentFile(ctx, input.spaceId, fileId, input.changeRequestId);
      return { fileId, revision: revision?.id, file: presentFile(stored, { ...ctx, now: ctx.clock.now() }) };
    }),

  /** Starts an import in the background; poll importStatus for its progress and result. */
  startImport: procedure
    .input(importContentBody.safeExtend({ spaceId, parentPageId: z.string().min(1).optional(), ...target }))
    .mutation(async ({ ctx, input }) => {
      const { spaceId: id, ...request } = input;
      // A refused URL (or space) is the mutation's error, not a failed job found later.
      await checkImportRequest(ctx, id, request);
      const job = ctx.imports.start(ctx.user.id, (progress) => importIntoSpace(ctx, id, request, { onProgress: progress }));
      return { jobId: job.id };
    }),

  /** Starts the import of a file the writer chose (a zip, a .docx...), sent as bytes; polled like startImport. */
  startUploadImport: procedure
    .input(importUploadInput.safeExtend({ spaceId, parentPageId: z.string().min(1).optional(), ...target }))
    .mutation(({ ctx, input }) => {
      const { spaceId: id, data, ...request } = input;
      const job = ctx.imports.start(ctx.user.id, (progress) => importUploadIntoSpace(ctx, id, { ...request, bytes: bytes(data) }, { onProgress: progress }));
      return { jobId: job.id };
    }),

  importStatus: procedure.input(z.object({ jobId: z.string().min(1) })).query(({ ctx, input }) => {
    const job = ctx.imports.get(input.jobId, ctx.user.id);
    if (!job) throw new TRPCError({ code: 'NOT_FOUND', message: `Import "${input.jobId}" not found` });
    const { userId: _user, ...status } = job;
    return status;
  }),

  /** Applies an editor's update to a body (main's, or a change request's with its id); durable when this returns. */
  pushBody: liveProcedure.input(pageRef.extend({ update: base64Bytes, ...target })).mutation(({ ctx, input }) => {
    const { stateVector } = pushBodyUpdate(ctx, input.spaceId, input.pageId, bytes(input.update), input.changeRequestId);
    return { stateVector: base64(stateVector) };
  }),
});
