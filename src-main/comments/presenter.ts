import type { CommentFormat } from '../../src-shared/schemas/comments';
import type { PresentContext } from '../app/context';
import { markdownToDocument } from '../../src-shared/gitbook-markdown/markdown-to-document';
import type { Db } from '../store/database';
import {
  type CommentRow,
  type PageSnapshot,
  type ReactionRow,
  type ReplyRow,
  type UserFields,
  reactionsOf,
  usersByIds,
} from '../store/comments';
import { documentRefResolver, treeLinkScope } from '../links/content-refs';
import type { LinkScope } from '../links/resolve';
import { repliersOf } from '../store/comment-repliers';
import { getLivePage } from '../store/content-pages';
import { presentUser } from '../users/presenter';
import type { DocStore } from '../content/doc-store';
import { type CommentPlace, commentPermissions } from './access';
import { anchorResolver } from './anchors';

/** What presenting comments needs: who looks, where the comments are, and the body format asked for. */
export interface CommentView {
  pc: PresentContext;
  db: Db;
  place: CommentPlace;
  format: CommentFormat | undefined;
  /** The content's documents, where comments on words find their text (anchors.ts). */
  docs: DocStore;
}

/** Comments as GitBook's `Comment` objects. Users and reactions of the whole list are read in one query each. */
export function presentComments(rows: CommentRow[], view: CommentView) {
  const reactions = groupBy(reactionsOf(view.db, { commentIds: rows.map((r) => r.id) }), (r) => r.comment_id);
  const repliers = repliersOf(view.db, rows.map((r) => r.id));
  const userIds = rows.flatMap((r) => [r.posted_by, ...(r.resolved_by ? [r.resolved_by] : [])]);
  const replierIds = [...repliers.values()].flat().map((r) => r.user_id);
  const users = usersByIds(view.db, [...userIds, ...replierIds, ...[...reactions.values()].flat().map((r) => r.user_id)]);
  const pages = new Map<string, ReturnType<typeof targetPage>>();
  const anchors = anchorResolver({ db: view.db, docs: view.docs, place: view.place });
  return rows.map((row) => {
    const location = `${view.pc.baseUrl}${view.place.path}/comments/${row.id}`;
    let page = row.page_id ? pages.get(row.page_id) : undefined;
    if (row.page_id && !page) {
      page = targetPage(view, row.page_id, row.page_snapshot);
      pages.set(row.page_id, page);
    }
    const node = targetNode(row, page, anchors);
    // Commented words that were deleted: the comment's target no longer exists, as for a deleted page.
    if (page && node.deleted) page = { ...page, outdated: true };
    return {
      object: 'comment' as const,
      id: row.id,
      postedBy: presentUser(users.get(row.posted_by)!, view.pc),
      postedAt: row.posted_at,
      ...(row.edited_at ? { editedAt: row.edited_at } : {}),
      reactions: presentReactions(reactions.get(row.id) ?? [], users, view.pc),
      replies: row.replies,
      // 0.202.0 requires them; users missing on this replica (not synced yet) are left out.
      repliers: (repliers.get(row.id) ?? [])
        .filter((r) => users.has(r.user_id))
        .map((r) => ({ user: presentUser(users.get(r.user_id)!, view.pc), count: r.count, updatedAt: r.updated_at })),
      body: presentBody(row.markdown, view, row.page_id),
      target: {
        ...(node.node ? { node: node.node } : {}),
        ...(row.table_cell ? { tableCell: JSON.parse(row.table_cell) as { record: string; definition: string } } : {}),
        ...(row.change_request_id ? { changeRequest: row.change_request_id } : {}),
        ...(page ? { page } : {}),
        space: row.space_id,
        revision: row.revision_id,
      },
      urls: { location },
      permissions: commentPermissions(view.place.role, view.pc.user.id, row.posted_by),
      ...(row.resolved_at && row.resolved_by
        ? { status: 'resolved' as const, resolvedAt: row.resolved_at, resolvedBy: presentUser(users.get(row.resolved_by)!, view.pc) }
        : { status: 'open' as const }),
    };
  });
}

export function presentComment(row: CommentRow, view: CommentView) {
  return presentComments([row], view)[0]!;
}

/**
 * `target.node`: for a comment on words, the block holding the commented text now with the quote as its
 * preview (the block it was posted on when the text cannot be placed, or its page is gone); otherwise the
 * node id stored.
 */
function targetNode(row: CommentRow, page: { outdated: boolean } | undefined, anchors: ReturnType<typeof anchorResolver>) {
  if (!row.anchor_start || !row.anchor_end || !row.page_id) {
    return { node: row.node_id ? ({ id: row.node_id } as { id: string; preview?: string }) : undefined, deleted: false };
  }
  const resolved = page && !page.outdated ? anchors(row.page_id, { start: row.anchor_start, end: row.anchor_end }) : undefined;
  const id = resolved?.nodeId ?? row.node_id;
  const preview = row.anchor_quote ?? '';
  return { node: id ? { id, preview } : undefined, deleted: resolved?.deleted ?? false };
}

/** Replies of one comment as GitBook's `CommentReply` objects. */
export function presentReplies(rows: ReplyRow[], comment: CommentRow, view: CommentView) {
  const reactions = groupBy(
    reactionsOf(view.db, { commentId: comment.id, replyIds: rows.map((r) => r.id) }),
    (r) => r.reply_id!,
  );
  const users = usersByIds(view.db, [...rows.map((r) => r.posted_by), ...[...reactions.values()].flat().map((r) => r.user_id)]);
  return rows.map((row) => ({
    object: 'comment-reply' as const,
    id: row.id,
    postedBy: presentUser(users.get(row.posted_by)!, view.pc),
    postedAt: row.posted_at,
    ...(row.edited_at ? { editedAt: row.edited_at } : {}),
    reactions: presentReactions(reactions.get(row.id) ?? [], users, view.pc),
    body: presentBody(row.markdown, view, comment.page_id),
    urls: { location: `${view.pc.baseUrl}${view.place.path}/comments/${comment.id}/replies/${row.id}` },
    permissions: commentPermissions(view.place.role, view.pc.user.id, row.posted_by),
  }));
}

export function presentReply(row: ReplyRow, comment: CommentRow, view: CommentView) {
  return presentReplies([row], comment, view)[0]!;
}

/** Markdown is stored; GitBook's JSON document is derived from it when `format=document` asks. */
function presentBody(markdown: string, view: CommentView, pageId: string | null) {
  if (view.format !== 'document') return { markdown };
  // Links resolve as in the body of the comment's page: against its content tree, read once per view.
  const resolveRef = documentRefResolver(scopeOf(view), pageId);
  return { document: markdownToDocument(markdown, { resolveRef }) };
}

const scopes = new WeakMap<CommentView, LinkScope>();
function scopeOf(view: CommentView): LinkScope {
  let scope = scopes.get(view);
  if (!scope) scopes.set(view, (scope = treeLinkScope(view.db, view.place.treeId, new URL(view.pc.baseUrl).origin)));
  return scope;
}

/** One entry per emoji, in the order each was first used, with who reacted and when. */
function presentReactions(rows: ReactionRow[], users: Map<string, UserFields>, pc: PresentContext) {
  const byEmoji = groupBy(rows, (r) => r.emoji);
  return [...byEmoji].map(([emoji, list]) => ({
    emoji,
    count: list.length,
    users: list.map((r) => ({ user: presentUser(users.get(r.user_id)!, pc), reactedAt: r.reacted_at })),
  }));
}

/**
 * The page a comment is on, as it is now; once the page is gone from the content the comment
 * belongs to, as it was when the comment was posted, with `outdated: true`.
 */
function targetPage(view: CommentView, pageId: string, snapshot: string | null) {
  const live = getLivePage(view.db, view.place.treeId, pageId);
  if (live) {
    const meta = JSON.parse(live.meta) as { emoji?: string; icon?: string };
    return pageFields(pageId, {
      title: live.title,
      emoji: meta.emoji,
      icon: meta.icon,
      path: live.path,
      createdAt: live.created_at,
      updatedAt: live.updated_at,
    }, false);
  }
  // Every comment posted on a page stores its snapshot; the fallback only keeps the object valid.
  const saved = snapshot ? (JSON.parse(snapshot) as PageSnapshot) : { title: pageId, path: '', createdAt: '', updatedAt: '' };
  return pageFields(pageId, saved, true);
}

function pageFields(id: string, page: PageSnapshot, outdated: boolean) {
  return {
    id,
    title: page.title,
    ...(page.emoji ? { emoji: page.emoji } : {}),
    ...(page.icon ? { icon: page.icon } : {}),
    ...(page.createdAt ? { createdAt: page.createdAt } : {}),
    ...(page.updatedAt ? { updatedAt: page.updatedAt } : {}),
    path: page.path,
    outdated,
  };
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
