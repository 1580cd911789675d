import type { ListCommentsQuery, PostCommentInput, TextAnchorInput, UpdateCommentInput } from '../../src-shared/schemas/comments';
import { anchorFromPositions, anchorToNode } from './anchors';
import { commentMarkdown } from './body';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, notFound } from '../errors';
import {
  type CommentRow,
  type PageSnapshot,
  deleteComment,
  getComment,
  insertComment,
  listCommenters,
  listComments,
  setCommentMarkdown,
} from '../store/comments';
import { getLivePage } from '../store/content-pages';
import { inTransaction } from '../store/database';
import type { PageRequest } from '../store/keyset';
import { getMember } from '../store/members';
import { type CommentPlace, type CommentPlaceRef, assertCanDelete, assertCanEdit, requirePlace } from './access';
import { applyReactionsAndStatus, requiredRoleForUpdate } from './update';

interface CommentResult {
  place: CommentPlace;
  comment: CommentRow;
}

export function listCommentsForCaller(ctx: ServiceContext, ref: CommentPlaceRef, query: ListCommentsQuery) {
  const place = requirePlace(ctx, ref);
  const page = listComments(
    ctx.db,
    place.scope,
    { order: query.order ?? 'desc', status: query.status ?? 'all', targetPage: query.targetPage, authors: query.authors },
    query,
  );
  return { place, page };
}

export function getCommentForCaller(ctx: ServiceContext, ref: CommentPlaceRef, commentId: string): CommentResult {
  const place = requirePlace(ctx, ref);
  return { place, comment: requireComment(ctx, place, commentId) };
}

/**
 * Posts a comment on the space (or change request), one of its pages, a node of a page (anchored to the
 * block's text) or, from the app, a range of a page's text given as Yjs relative positions (anchors.ts).
 */
export function postComment(ctx: ServiceContext, ref: CommentPlaceRef, input: PostCommentInput & { anchor?: TextAnchorInput }): CommentResult {
  return inTransaction(ctx.db, () => {
    const place = requirePlace(ctx, ref, { role: 'comment', action: 'comment on it', write: true });
    let snapshot: PageSnapshot | null = null;
    if (input.page !== undefined) {
      const page = getLivePage(ctx.db, place.treeId, input.page);
      if (!page) throw badRequest(`page: no page "${input.page}" in this ${place.noun}`);
      const meta = JSON.parse(page.meta) as { emoji?: string; icon?: string };
      // Kept so the comment can still name its page once the page is deleted.
      snapshot = { title: page.title, emoji: meta.emoji, icon: meta.icon, path: page.path, createdAt: page.created_at, updatedAt: page.updated_at };
    }
    const anchored = anchorOf(ctx, place, input);
    const id = insertComment(ctx.db, place.scope, {
      postedBy: ctx.user.id,
      now: isoNow(ctx.clock),
      markdown: commentMarkdown(input.body, { db: ctx.db, treeId: place.treeId, pageId: input.page ?? null }),
      revisionId: place.revisionId,
      pageId: input.page ?? null,
      pageSnapshot: snapshot,
      nodeId: anchored?.nodeId ?? null,
      tableCell: input.tableCell ?? null,
      anchor: anchored?.anchor ?? null,
    });
    return { place, comment: getComment(ctx.db, place.scope, id)! };
  });
}

/** Where a comment on words is: the text of the block `node` names, or the app's selected range. */
function anchorOf(ctx: ServiceContext, place: CommentPlace, input: PostCommentInput & { anchor?: TextAnchorInput }) {
  if (input.page === undefined) {
    if (input.anchor) throw badRequest('anchor: give the page the text is on');
    return undefined;
  }
  const body = { db: ctx.db, docs: ctx.docs, place };
  if (input.anchor) return anchorFromPositions(body, input.page, input.anchor);
  if (input.node !== undefined) return anchorToNode(body, input.page, input.node);
  return undefined;
}

/** Edits the body (author only), resolves or reopens, adds or removes the caller's reactions: all or nothing. */
export function updateComment(ctx: ServiceContext, ref: CommentPlaceRef, commentId: string, input: UpdateCommentInput): CommentResult {
  return inTransaction(ctx.db, () => {
    const place = requirePlace(ctx, ref, { role: requiredRoleForUpdate(input), action: 'take part in its discussions', write: true });
    const comment = requireComment(ctx, place, commentId);
    if (input.body) {
      assertCanEdit(place, ctx.user.id, comment.posted_by, 'comment');
      setCommentMarkdown(ctx.db, comment.id, commentMarkdown(input.body, { db: ctx.db, treeId: place.treeId, pageId: comment.page_id }), isoNow(ctx.clock));
    }
    applyReactionsAndStatus(ctx, comment.id, null, input);
    return { place, comment: getComment(ctx.db, place.scope, comment.id)! };
  });
}

/** Deletes a comment with its replies (author or admin). False when there was none: the spec's 204. */
export function deleteCommentForCaller(ctx: ServiceContext, ref: CommentPlaceRef, commentId: string): boolean {
  return inTransaction(ctx.db, () => {
    const place = requirePlace(ctx, ref, { write: true });
    const comment = getComment(ctx.db, place.scope, commentId);
    if (!comment) return false;
    assertCanDelete(place, ctx.user.id, comment.posted_by, 'comment');
    deleteComment(ctx.db, comment.id);
    return true;
  });
}

/** Members of the space's organization who posted a comment or a reply here. */
export function listCommentersForCaller(ctx: ServiceContext, ref: CommentPlaceRef, request: PageRequest) {
  const place = requirePlace(ctx, ref);
  const orgId = place.space.organization_id;
  const page = listCommenters(ctx.db, place.scope, orgId, request);
  // The listing joined memberships already; the filter only guards a member removed in between.
  const members = page.rows.map((r) => getMember(ctx.db, orgId, r.user_id)).filter((m) => m !== undefined);
  return { ...page, rows: members };
}

export function requireComment(ctx: ServiceContext, place: CommentPlace, commentId: string): CommentRow {
  const comment = getComment(ctx.db, place.scope, commentId);
  if (!comment) throw notFound(`Comment "${commentId}" not found`);
  return comment;
}
