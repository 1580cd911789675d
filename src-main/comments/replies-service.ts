import type { PostReplyInput, UpdateReplyInput } from '../../src-shared/schemas/comments';
import { commentMarkdown } from './body';
import { type ServiceContext, isoNow } from '../app/context';
import { notFound } from '../errors';
import { type CommentRow, type ReplyRow, deleteReply, getComment, getReply, insertReply, listReplies, setReplyMarkdown } from '../store/comments';
import { inTransaction } from '../store/database';
import type { PageRequest } from '../store/keyset';
import { type CommentPlace, type CommentPlaceRef, assertCanDelete, assertCanEdit, requirePlace } from './access';
import { requireComment } from './service';
import { applyReactionsAndStatus, requiredRoleForUpdate } from './update';

interface ReplyResult {
  place: CommentPlace;
  /** The comment as it is after the operation (its reply count, its status). */
  comment: CommentRow;
  reply: ReplyRow;
}

export function listRepliesForCaller(ctx: ServiceContext, ref: CommentPlaceRef, commentId: string, request: PageRequest) {
  const place = requirePlace(ctx, ref);
  const comment = requireComment(ctx, place, commentId);
  return { place, comment, page: listReplies(ctx.db, comment.id, request) };
}

export function getReplyForCaller(ctx: ServiceContext, ref: CommentPlaceRef, commentId: string, replyId: string): ReplyResult {
  const place = requirePlace(ctx, ref);
  const comment = requireComment(ctx, place, commentId);
  return { place, comment, reply: requireReply(ctx, comment, replyId) };
}

export function postReply(ctx: ServiceContext, ref: CommentPlaceRef, commentId: string, input: PostReplyInput): ReplyResult {
  return inTransaction(ctx.db, () => {
    const place = requirePlace(ctx, ref, { role: 'comment', action: 'reply to its comments', write: true });
    const comment = requireComment(ctx, place, commentId);
    const id = insertReply(ctx.db, comment.id, { postedBy: ctx.user.id, now: isoNow(ctx.clock), markdown: commentMarkdown(input.body, { db: ctx.db, treeId: place.treeId, pageId: comment.page_id }) });
    return { place, comment: getComment(ctx.db, place.scope, comment.id)!, reply: getReply(ctx.db, comment.id, id)! };
  });
}

/** Edits the body (author only) and the caller's reactions; on a change request, `resolved` resolves the thread. */
export function updateReply(
  ctx: ServiceContext,
  ref: CommentPlaceRef,
  commentId: string,
  replyId: string,
  input: UpdateReplyInput,
): ReplyResult {
  return inTransaction(ctx.db, () => {
    const place = requirePlace(ctx, ref, { role: requiredRoleForUpdate(input), action: 'take part in its discussions', write: true });
    const comment = requireComment(ctx, place, commentId);
    const reply = requireReply(ctx, comment, replyId);
    if (input.body) {
      assertCanEdit(place, ctx.user.id, reply.posted_by, 'reply');
      setReplyMarkdown(ctx.db, reply.id, commentMarkdown(input.body, { db: ctx.db, treeId: place.treeId, pageId: comment.page_id }), isoNow(ctx.clock));
    }
    applyReactionsAndStatus(ctx, comment.id, reply.id, input);
    return { place, comment: getComment(ctx.db, place.scope, comment.id)!, reply: getReply(ctx.db, comment.id, reply.id)! };
  });
}

/** Deletes a reply (author or admin). False when there was none: the spec's 204. */
export function deleteReplyForCaller(ctx: ServiceContext, ref: CommentPlaceRef, commentId: string, replyId: string): boolean {
  return inTransaction(ctx.db, () => {
    const place = requirePlace(ctx, ref, { write: true });
    const comment = requireComment(ctx, place, commentId);
    const reply = getReply(ctx.db, comment.id, replyId);
    if (!reply) return false;
    assertCanDelete(place, ctx.user.id, reply.posted_by, 'reply');
    deleteReply(ctx.db, reply.id);
    return true;
  });
}

function requireReply(ctx: ServiceContext, comment: CommentRow, replyId: string): ReplyRow {
  const reply = getReply(ctx.db, comment.id, replyId);
  if (!reply) throw notFound(`Reply "${replyId}" not found`);
  return reply;
}
