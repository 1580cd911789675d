import { listQuery } from '../../src-shared/schemas/common';
import {
  commentFormatQuery,
  listCommentsQuery,
  listRepliesQuery,
  postCommentBody,
  postReplyBody,
  updateChangeRequestReplyBody,
  updateCommentBody,
  updateReplyBody,
} from '../../src-shared/schemas/comments';
import type { CallContext } from '../app/context';
import { listEnvelope } from '../http/list';
import type { Handler, Router } from '../http/router';
import { presentMember } from '../members/presenter';
import type { CommentPlace, CommentPlaceRef } from './access';
import { type CommentView, presentComment, presentComments, presentReplies, presentReply } from './presenter';
import { deleteReplyForCaller, getReplyForCaller, listRepliesForCaller, postReply, updateReply } from './replies-service';
import {
  deleteCommentForCaller,
  getCommentForCaller,
  listCommentersForCaller,
  listCommentsForCaller,
  postComment,
  updateComment,
} from './service';

type PlaceParams = { spaceId: string; changeRequestId?: string };
type CommentParams = PlaceParams & { commentId: string };
type ReplyParams = CommentParams & { commentReplyId: string };

const listComments: Handler<PlaceParams, { query: typeof listCommentsQuery }> = ({ ctx, params, query }) => {
  const { place, page } = listCommentsForCaller(ctx, refOf(params), query);
  // Presented as a batch: one query for the users and one for the reactions of the whole page.
  const items = presentComments(page.rows, viewOf(ctx, place, query.format));
  return { status: 200, body: listEnvelope({ ...page, rows: items }, (item) => item) };
};

// GitBook answers 200 (not 201) to a posted comment or reply.
const postCommentRoute: Handler<PlaceParams, { query: typeof commentFormatQuery; body: typeof postCommentBody }> = ({ ctx, params, query, body }) => {
  const { format } = query;
  const { place, comment: row } = postComment(ctx, refOf(params), body);
  return { status: 200, body: presentComment(row, viewOf(ctx, place, format)) };
};

const getCommentRoute: Handler<CommentParams, { query: typeof commentFormatQuery }> = ({ ctx, params, query }) => {
  const { format } = query;
  const { place, comment: row } = getCommentForCaller(ctx, refOf(params), params.commentId);
  return { status: 200, body: presentComment(row, viewOf(ctx, place, format)) };
};

const updateCommentRoute: Handler<CommentParams, { query: typeof commentFormatQuery; body: typeof updateCommentBody }> = ({ ctx, params, query, body }) => {
  const { format } = query;
  const { place, comment: row } = updateComment(ctx, refOf(params), params.commentId, body);
  return { status: 200, body: presentComment(row, viewOf(ctx, place, format)) };
};

// The spec's answers: 205 when deleted, 204 when there was no such comment.
const deleteCommentRoute: Handler<CommentParams> = ({ ctx, params }) => ({
  status: deleteCommentForCaller(ctx, refOf(params), params.commentId) ? 205 : 204,
});

const listRepliesRoute: Handler<CommentParams, { query: typeof listRepliesQuery }> = ({ ctx, params, query }) => {
  const { place, comment: parent, page } = listRepliesForCaller(ctx, refOf(params), params.commentId, query);
  const items = presentReplies(page.rows, parent, viewOf(ctx, place, query.format));
  return { status: 200, body: listEnvelope({ ...page, rows: items }, (item) => item) };
};

const postReplyRoute: Handler<CommentParams, { query: typeof commentFormatQuery; body: typeof postReplyBody }> = ({ ctx, params, query, body }) => {
  const { format } = query;
  const result = postReply(ctx, refOf(params), params.commentId, body);
  return { status: 200, body: presentReply(result.reply, result.comment, viewOf(ctx, result.place, format)) };
};

const getReplyRoute: Handler<ReplyParams, { query: typeof commentFormatQuery }> = ({ ctx, params, query }) => {
  const { format } = query;
  const result = getReplyForCaller(ctx, refOf(params), params.commentId, params.commentReplyId);
  return { status: 200, body: presentReply(result.reply, result.comment, viewOf(ctx, result.place, format)) };
};

// GitBook takes `resolved` on a change request's replies (UpdateCommentSchema) but not on a space's: each route
// declares its own schema.
const updateReplyRoute: Handler<ReplyParams, { query: typeof commentFormatQuery; body: typeof updateReplyBody | typeof updateChangeRequestReplyBody }> = ({ ctx, params, query, body }) => {
  const result = updateReply(ctx, refOf(params), params.commentId, params.commentReplyId, body);
  return { status: 200, body: presentReply(result.reply, result.comment, viewOf(ctx, result.place, query.format)) };
};

const deleteReplyRoute: Handler<ReplyParams> = ({ ctx, params }) => ({
  status: deleteReplyForCaller(ctx, refOf(params), params.commentId, params.commentReplyId) ? 205 : 204,
});

const listCommentersRoute: Handler<PlaceParams, { query: typeof listQuery }> = ({ ctx, params, query }) => {
  const page = listCommentersForCaller(ctx, refOf(params), query);
  return { status: 200, body: listEnvelope(page, (member) => presentMember(member, ctx)) };
};

/** Every comment operation, on a space and on a change request of it (the description gives both). */
export function registerCommentRoutes(router: Router): void {
  router.get('/v1/spaces/{spaceId}/comments', { effect: 'read', query: listCommentsQuery, repeatedQuery: ['authors'] }, listComments);
  router.post('/v1/spaces/{spaceId}/comments', { effect: 'write', query: commentFormatQuery, body: postCommentBody }, postCommentRoute);
  router.get('/v1/spaces/{spaceId}/comments/{commentId}', { effect: 'read', query: commentFormatQuery }, getCommentRoute);
  router.put('/v1/spaces/{spaceId}/comments/{commentId}', { effect: 'write', query: commentFormatQuery, body: updateCommentBody }, updateCommentRoute);
  router.delete('/v1/spaces/{spaceId}/comments/{commentId}', { effect: 'write' }, deleteCommentRoute);
  router.get('/v1/spaces/{spaceId}/comments/{commentId}/replies', { effect: 'read', query: listRepliesQuery }, listRepliesRoute);
  router.post('/v1/spaces/{spaceId}/comments/{commentId}/replies', { effect: 'write', query: commentFormatQuery, body: postReplyBody }, postReplyRoute);
  router.get('/v1/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}', { effect: 'read', query: commentFormatQuery }, getReplyRoute);
  router.put('/v1/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}', { effect: 'write', query: commentFormatQuery, body: updateReplyBody }, updateReplyRoute);
  router.delete('/v1/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}', { effect: 'write' }, deleteReplyRoute);
  router.get('/v1/spaces/{spaceId}/commenters', { effect: 'read', query: listQuery }, listCommentersRoute);

  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments', { effect: 'read', query: listCommentsQuery, repeatedQuery: ['authors'] }, listComments);
  router.post('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments', { effect: 'write', query: commentFormatQuery, body: postCommentBody }, postCommentRoute);
  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}', { effect: 'read', query: commentFormatQuery }, getCommentRoute);
  router.put('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}', { effect: 'write', query: commentFormatQuery, body: updateCommentBody }, updateCommentRoute);
  router.delete('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}', { effect: 'write' }, deleteCommentRoute);
  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies', { effect: 'read', query: listRepliesQuery }, listRepliesRoute);
  router.post('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies', { effect: 'write', query: commentFormatQuery, body: postReplyBody }, postReplyRoute);
  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}', { effect: 'read', query: commentFormatQuery }, getReplyRoute);
  router.put(
    '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}',
    { effect: 'write', query: commentFormatQuery, body: updateChangeRequestReplyBody },
    updateReplyRoute,
  );
  router.delete('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}', { effect: 'write' }, deleteReplyRoute);
  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/commenters', { effect: 'read', query: listQuery }, listCommentersRoute);
}

function refOf(params: PlaceParams): CommentPlaceRef {
  return { spaceId: params.spaceId, ...(params.changeRequestId !== undefined ? { changeRequestId: params.changeRequestId } : {}) };
}

function viewOf(ctx: CallContext, place: CommentPlace, format: CommentView['format']): CommentView {
  return { pc: ctx, db: ctx.db, docs: ctx.docs, place, format };
}
