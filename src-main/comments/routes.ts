import type { IncomingMessage } from 'node:http';
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
import { parseInput } from '../http/validate';
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

const listComments: Handler<PlaceParams> = ({ ctx, params, query, req }) => {
  const input = parseInput(listCommentsQuery, { ...query, authors: repeatedParam(req, 'authors') }, 'query');
  const { place, page } = listCommentsForCaller(ctx, refOf(params), input);
  // Presented as a batch: one query for the users and one for the reactions of the whole page.
  const items = presentComments(page.rows, viewOf(ctx, place, input.format));
  return { status: 200, body: listEnvelope({ ...page, rows: items }, (item) => item) };
};

// GitBook answers 200 (not 201) to a posted comment or reply.
const postCommentRoute: Handler<PlaceParams> = ({ ctx, params, query, body }) => {
  const { format } = parseInput(commentFormatQuery, query, 'query');
  const { place, comment: row } = postComment(ctx, refOf(params), parseInput(postCommentBody, body));
  return { status: 200, body: presentComment(row, viewOf(ctx, place, format)) };
};

const getCommentRoute: Handler<CommentParams> = ({ ctx, params, query }) => {
  const { format } = parseInput(commentFormatQuery, query, 'query');
  const { place, comment: row } = getCommentForCaller(ctx, refOf(params), params.commentId);
  return { status: 200, body: presentComment(row, viewOf(ctx, place, format)) };
};

const updateCommentRoute: Handler<CommentParams> = ({ ctx, params, query, body }) => {
  const { format } = parseInput(commentFormatQuery, query, 'query');
  const { place, comment: row } = updateComment(ctx, refOf(params), params.commentId, parseInput(updateCommentBody, body));
  return { status: 200, body: presentComment(row, viewOf(ctx, place, format)) };
};

// The spec's answers: 205 when deleted, 204 when there was no such comment.
const deleteCommentRoute: Handler<CommentParams> = ({ ctx, params }) => ({
  status: deleteCommentForCaller(ctx, refOf(params), params.commentId) ? 205 : 204,
});

const listRepliesRoute: Handler<CommentParams> = ({ ctx, params, query }) => {
  const input = parseInput(listRepliesQuery, query, 'query');
  const { place, comment: parent, page } = listRepliesForCaller(ctx, refOf(params), params.commentId, input);
  const items = presentReplies(page.rows, parent, viewOf(ctx, place, input.format));
  return { status: 200, body: listEnvelope({ ...page, rows: items }, (item) => item) };
};

const postReplyRoute: Handler<CommentParams> = ({ ctx, params, query, body }) => {
  const { format } = parseInput(commentFormatQuery, query, 'query');
  const result = postReply(ctx, refOf(params), params.commentId, parseInput(postReplyBody, body));
  return { status: 200, body: presentReply(result.reply, result.comment, viewOf(ctx, result.place, format)) };
};

const getReplyRoute: Handler<ReplyParams> = ({ ctx, params, query }) => {
  const { format } = parseInput(commentFormatQuery, query, 'query');
  const result = getReplyForCaller(ctx, refOf(params), params.commentId, params.commentReplyId);
  return { status: 200, body: presentReply(result.reply, result.comment, viewOf(ctx, result.place, format)) };
};

// GitBook takes `resolved` on a change request's replies (UpdateCommentSchema) but not on a space's.
const updateReplyRoute =
  (schema: typeof updateReplyBody | typeof updateChangeRequestReplyBody): Handler<ReplyParams> =>
  ({ ctx, params, query, body }) => {
    const { format } = parseInput(commentFormatQuery, query, 'query');
    const result = updateReply(ctx, refOf(params), params.commentId, params.commentReplyId, parseInput(schema, body));
    return { status: 200, body: presentReply(result.reply, result.comment, viewOf(ctx, result.place, format)) };
  };

const deleteReplyRoute: Handler<ReplyParams> = ({ ctx, params }) => ({
  status: deleteReplyForCaller(ctx, refOf(params), params.commentId, params.commentReplyId) ? 205 : 204,
});

const listCommentersRoute: Handler<PlaceParams> = ({ ctx, params, query }) => {
  const page = listCommentersForCaller(ctx, refOf(params), parseInput(listQuery, query, 'query'));
  return { status: 200, body: listEnvelope(page, (member) => presentMember(member, ctx)) };
};

/** Every comment operation, on a space and on a change request of it (the description gives both). */
export function registerCommentRoutes(router: Router): void {
  router.get('/v1/spaces/{spaceId}/comments', listComments);
  router.post('/v1/spaces/{spaceId}/comments', postCommentRoute);
  router.get('/v1/spaces/{spaceId}/comments/{commentId}', getCommentRoute);
  router.put('/v1/spaces/{spaceId}/comments/{commentId}', updateCommentRoute);
  router.delete('/v1/spaces/{spaceId}/comments/{commentId}', deleteCommentRoute);
  router.get('/v1/spaces/{spaceId}/comments/{commentId}/replies', listRepliesRoute);
  router.post('/v1/spaces/{spaceId}/comments/{commentId}/replies', postReplyRoute);
  router.get('/v1/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}', getReplyRoute);
  router.put('/v1/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}', updateReplyRoute(updateReplyBody));
  router.delete('/v1/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}', deleteReplyRoute);
  router.get('/v1/spaces/{spaceId}/commenters', listCommentersRoute);

  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments', listComments);
  router.post('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments', postCommentRoute);
  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}', getCommentRoute);
  router.put('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}', updateCommentRoute);
  router.delete('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}', deleteCommentRoute);
  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies', listRepliesRoute);
  router.post('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies', postReplyRoute);
  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}', getReplyRoute);
  router.put(
    '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}',
    updateReplyRoute(updateChangeRequestReplyBody),
  );
  router.delete('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}', deleteReplyRoute);
  router.get('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/commenters', listCommentersRoute);
}

function refOf(params: PlaceParams): CommentPlaceRef {
  return { spaceId: params.spaceId, ...(params.changeRequestId !== undefined ? { changeRequestId: params.changeRequestId } : {}) };
}

function viewOf(ctx: CallContext, place: CommentPlace, format: CommentView['format']): CommentView {
  return { pc: ctx, db: ctx.db, docs: ctx.docs, place, format };
}

/**
 * Every value of an array query parameter. GitBook's client repeats the name (`authors=a&authors=b`)
 * and the host keeps only the last of each, so they are read from the URL; comma-separated values are
 * taken too. Undefined when absent, so the filter stays off.
 */
function repeatedParam(req: IncomingMessage, name: string): string[] | undefined {
  const values = new URL(req.url ?? '/', 'http://folio.invalid').searchParams
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
  return values.length ? values : undefined;
}
