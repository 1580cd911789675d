import { z } from 'zod';
import {
  type CommentFormat,
  commentFormatQuery,
  listCommentsQuery,
  listRepliesQuery,
  postCommentBody,
  postReplyBody,
  textAnchorInput,
  updateCommentBody,
  updateReplyBody,
} from '../../src-shared/schemas/comments';
import type { CallContext } from '../app/context';
import type { CommentPlace, CommentPlaceRef } from '../comments/access';
import { type CommentView, presentComments, presentReplies } from '../comments/presenter';
import { deleteReplyForCaller, getReplyForCaller, listRepliesForCaller, postReply, updateReply } from '../comments/replies-service';
import { deleteCommentForCaller, getCommentForCaller, listCommentsForCaller, postComment, updateComment } from '../comments/service';
import { listEnvelope } from '../http/list';
import type { CommentRow } from '../store/comments';
import { spaceId } from './refs';
import { procedure, router } from './trpc';

/** Comments of a space's main content, or of one of its change requests (by id or number) when given. */
const placeRef = { spaceId, changeRequestId: z.string().min(1).optional() };
const commentRef = z.object({ ...placeRef, commentId: z.string().min(1) });
const replyRef = commentRef.extend({ replyId: z.string().min(1) });
const format = commentFormatQuery.shape.format;

/**
 * The /v1 comment routes (comments/routes.ts) as procedures: the same schemas, services (which check the
 * comment role, authorship and admin rights) and presenters. A body asked for as a JSON `document` also
 * carries its `markdown`, so the app can show it without converting.
 */
export const commentsRouter = router({
  /** GET .../comments: `targetPage` narrows to one page's threads. */
  list: procedure.input(listCommentsQuery.safeExtend(placeRef)).query(({ ctx, input }) => {
    const { spaceId: id, changeRequestId, ...query } = input;
    const { place, page } = listCommentsForCaller(ctx, refOf(id, changeRequestId), query);
    // Presented as a batch, as the route does: one query for the users and one for the reactions.
    const items = withAnchors(withMarkdown(presentComments(page.rows, viewOf(ctx, place, query.format)), page.rows, query.format), page.rows);
    return listEnvelope({ ...page, rows: items }, (c) => c);
  }),

  get: procedure.input(commentRef.extend({ format })).query(({ ctx, input }) => {
    const { place, comment } = getCommentForCaller(ctx, refOf(input.spaceId, input.changeRequestId), input.commentId);
    return presentOne(ctx, place, comment, input.format);
  }),

  /**
   * POST .../comments: `page` puts the thread on a page; the body is `{ markdown }` or a JSON `{ document }`;
   * `anchor` (the app's own) puts it on the selected words of the page.
   */
  post: procedure.input(postCommentBody.safeExtend({ ...placeRef, format, anchor: textAnchorInput.optional() })).mutation(({ ctx, input }) => {
    const { spaceId: id, changeRequestId, format: asked, ...body } = input;
    const { place, comment } = postComment(ctx, refOf(id, changeRequestId), body);
    return presentOne(ctx, place, comment, asked);
  }),

  /** PUT .../comments/{id}: edit (author), `resolved` to resolve or reopen, and the caller's reactions. */
  update: procedure.input(updateCommentBody.safeExtend({ ...commentRef.shape, format })).mutation(({ ctx, input }) => {
    const { spaceId: id, changeRequestId, commentId, format: asked, ...changes } = input;
    const { place, comment } = updateComment(ctx, refOf(id, changeRequestId), commentId, changes);
    return presentOne(ctx, place, comment, asked);
  }),

  /** DELETE .../comments/{id} with its replies (author or admin). `deleted: false` when there was none. */
  delete: procedure.input(commentRef).mutation(({ ctx, input }) => ({
    deleted: deleteCommentForCaller(ctx, refOf(input.spaceId, input.changeRequestId), input.commentId),
  })),

  listReplies: procedure.input(listRepliesQuery.safeExtend(commentRef.shape)).query(({ ctx, input }) => {
    const { spaceId: id, changeRequestId, commentId, ...query } = input;
    const { place, comment, page } = listRepliesForCaller(ctx, refOf(id, changeRequestId), commentId, query);
    const items = withMarkdown(presentReplies(page.rows, comment, viewOf(ctx, place, query.format)), page.rows, query.format);
    return listEnvelope({ ...page, rows: items }, (r) => r);
  }),

  getReply: procedure.input(replyRef.extend({ format })).query(({ ctx, input }) => {
    const result = getReplyForCaller(ctx, refOf(input.spaceId, input.changeRequestId), input.commentId, input.replyId);
    return presentOneReply(ctx, result, input.format);
  }),

  postReply: procedure.input(postReplyBody.safeExtend({ ...commentRef.shape, format })).mutation(({ ctx, input }) => {
    const { spaceId: id, changeRequestId, commentId, format: asked, ...body } = input;
    return presentOneReply(ctx, postReply(ctx, refOf(id, changeRequestId), commentId, body), asked);
  }),

  /** PUT .../replies/{id}: edit (author) and the caller's reactions. Threads resolve through `update`. */
  updateReply: procedure.input(updateReplyBody.safeExtend({ ...replyRef.shape, format })).mutation(({ ctx, input }) => {
    const { spaceId: id, changeRequestId, commentId, replyId, format: asked, ...changes } = input;
    return presentOneReply(ctx, updateReply(ctx, refOf(id, changeRequestId), commentId, replyId, changes), asked);
  }),

  deleteReply: procedure.input(replyRef).mutation(({ ctx, input }) => ({
    deleted: deleteReplyForCaller(ctx, refOf(input.spaceId, input.changeRequestId), input.commentId, input.replyId),
  })),
});

function refOf(id: string, changeRequestId: string | undefined): CommentPlaceRef {
  return { spaceId: id, ...(changeRequestId !== undefined ? { changeRequestId } : {}) };
}

function viewOf(ctx: CallContext, place: CommentPlace, asked: CommentFormat | undefined): CommentView {
  return { pc: ctx, db: ctx.db, docs: ctx.docs, place, format: asked };
}

/** Adds the stored markdown beside a presented JSON document; a markdown body already is it. */
function withMarkdown<T extends object>(items: T[], rows: Array<{ markdown: string }>, asked: CommentFormat | undefined): Array<T & { markdown?: string }> {
  return asked === 'document' ? items.map((item, i) => ({ ...item, markdown: rows[i]!.markdown })) : items;
}

/**
 * Adds where a comment on words is (its relative positions, as posted), which the editor resolves against its
 * own copy of the body to highlight the words as they move. `/v1` has no field for it.
 */
function withAnchors<T extends object>(items: T[], rows: CommentRow[]): Array<T & { anchor?: { start: string; end: string } }> {
  return items.map((item, i) => {
    const row = rows[i]!;
    return row.anchor_start && row.anchor_end ? { ...item, anchor: { start: row.anchor_start, end: row.anchor_end } } : item;
  });
}

function presentOne(ctx: CallContext, place: CommentPlace, comment: CommentRow, asked: CommentFormat | undefined) {
  return withAnchors(withMarkdown(presentComments([comment], viewOf(ctx, place, asked)), [comment], asked), [comment])[0]!;
}

function presentOneReply(ctx: CallContext, result: ReturnType<typeof getReplyForCaller>, asked: CommentFormat | undefined) {
  return withMarkdown(presentReplies([result.reply], result.comment, viewOf(ctx, result.place, asked)), [result.reply], asked)[0]!;
}
