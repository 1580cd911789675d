import type { Db } from './database';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult, type SortTerm } from './keyset';

/**
 * Where comments live: a space's own discussion (`changeRequestId` null) or one change request's.
 * Every query compares `change_request_id IS ?`, which matches NULL to NULL.
 */
export interface CommentScope {
  spaceId: string;
  changeRequestId: string | null;
}

export interface CommentRow {
  seq: number;
  id: string;
  space_id: string;
  change_request_id: string | null;
  posted_by: string;
  posted_at: string;
  edited_at: string | null;
  markdown: string;
  revision_id: string;
  page_id: string | null;
  /** JSON PageSnapshot: the page as it was when the comment was posted. */
  page_snapshot: string | null;
  node_id: string | null;
  /** JSON {record, definition}. */
  table_cell: string | null;
  resolved_at: string | null;
  resolved_by: string | null;
  /** Base64 Yjs relative positions of the commented text in the page's body (migration 026), or null. */
  anchor_start: string | null;
  anchor_end: string | null;
  /** The commented text as it was when posted (bounded), kept once the text is deleted. */
  anchor_quote: string | null;
  /** computed: the number of replies. */
  replies: number;
}

export interface ReplyRow {
  seq: number;
  id: string;
  comment_id: string;
  posted_by: string;
  posted_at: string;
  edited_at: string | null;
  markdown: string;
}

export interface ReactionRow {
  comment_id: string;
  reply_id: string | null;
  emoji: string;
  user_id: string;
  reacted_at: string;
}

export interface PageSnapshot {
  title: string;
  emoji?: string;
  icon?: string;
  path: string;
  createdAt: string;
  updatedAt: string;
}

const COMMENT_SELECT = `SELECT c.*, (SELECT COUNT(*) FROM comment_replies r WHERE r.comment_id = c.id) AS replies FROM comments c`;
const IN_SCOPE = 'c.space_id = ? AND c.change_request_id IS ?';

/** Open comments of a scope: the `comments` counter of a space (changeRequestId null) and of a change request. */
export function countOpenComments(db: Db, spaceId: string, changeRequestId: string | null): number {
  return (
    db
      .prepare(`SELECT COUNT(*) AS n FROM comments c WHERE ${IN_SCOPE} AND c.resolved_at IS NULL`)
      .get(spaceId, changeRequestId) as { n: number }
  ).n;
}

/** Open comments per page of a scope: the counts the page tree shows beside each page. */
export function countOpenCommentsByPage(db: Db, scope: CommentScope): Record<string, number> {
  const rows = db
    .prepare(
      `SELECT c.page_id AS page, COUNT(*) AS n FROM comments c
       WHERE ${IN_SCOPE} AND c.resolved_at IS NULL AND c.page_id IS NOT NULL GROUP BY c.page_id`,
    )
    .all(scope.spaceId, scope.changeRequestId) as Array<{ page: string; n: number }>;
  return Object.fromEntries(rows.map((r) => [r.page, r.n]));
}

export function getComment(db: Db, scope: CommentScope, id: string): CommentRow | undefined {
  return db.prepare(`${COMMENT_SELECT} WHERE c.id = ? AND ${IN_SCOPE}`).get(id, scope.spaceId, scope.changeRequestId) as
    | CommentRow
    | undefined;
}

interface NewComment {
  postedBy: string;
  now: string;
  markdown: string;
  revisionId: string;
  pageId: string | null;
  pageSnapshot: PageSnapshot | null;
  nodeId: string | null;
  tableCell: { record: string; definition: string } | null;
  /** Where the commented text is (comments/anchors.ts), for a comment on words. */
  anchor?: { start: string; end: string; quote: string } | null;
}

export function insertComment(db: Db, scope: CommentScope, c: NewComment): string {
  const id = newId();
  db.prepare(
    `INSERT INTO comments (id, space_id, change_request_id, posted_by, posted_at, markdown, revision_id, page_id,
       page_snapshot, node_id, table_cell, anchor_start, anchor_end, anchor_quote)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    scope.spaceId,
    scope.changeRequestId,
    c.postedBy,
    c.now,
    c.markdown,
    c.revisionId,
    c.pageId,
    c.pageSnapshot ? JSON.stringify(c.pageSnapshot) : null,
    c.nodeId,
    c.tableCell ? JSON.stringify(c.tableCell) : null,
    c.anchor?.start ?? null,
    c.anchor?.end ?? null,
    c.anchor?.quote ?? null,
  );
  return id;
}

export function setCommentMarkdown(db: Db, id: string, markdown: string, now: string): void {
  db.prepare('UPDATE comments SET markdown = ?, edited_at = ? WHERE id = ?').run(markdown, now, id);
}

/** Resolves (with who and when) or reopens a comment. Resolving a resolved comment keeps its first resolution. */
export function setCommentResolved(db: Db, id: string, resolved: { at: string; by: string } | null): void {
  if (resolved) {
    db.prepare('UPDATE comments SET resolved_at = ?, resolved_by = ? WHERE id = ? AND resolved_at IS NULL').run(
      resolved.at,
      resolved.by,
      id,
    );
  } else {
    db.prepare('UPDATE comments SET resolved_at = NULL, resolved_by = NULL WHERE id = ?').run(id);
  }
}

/** Deletes a comment with its replies and reactions (foreign keys cascade). */
export function deleteComment(db: Db, id: string): void {
  db.prepare('DELETE FROM comments WHERE id = ?').run(id);
}

interface CommentFilter {
  order: 'asc' | 'desc';
  status: 'all' | 'open' | 'resolved';
  targetPage?: string;
  authors?: string[];
}

/** Comments of a scope, by posting time (ties by insertion), filtered. */
export function listComments(db: Db, scope: CommentScope, filter: CommentFilter, page: PageRequest): PageResult<CommentRow> {
  const where = [IN_SCOPE];
  const params: unknown[] = [scope.spaceId, scope.changeRequestId];
  if (filter.status === 'open') where.push('c.resolved_at IS NULL');
  if (filter.status === 'resolved') where.push('c.resolved_at IS NOT NULL');
  if (filter.targetPage !== undefined) {
    where.push('c.page_id = ?');
    params.push(filter.targetPage);
  }
  if (filter.authors?.length) {
    where.push(`c.posted_by IN (${filter.authors.map(() => '?').join(', ')})`);
    params.push(...filter.authors);
  }
  const order: SortTerm[] = [
    { expr: 'c.posted_at', dir: filter.order, key: 'posted_at' },
    { expr: 'c.seq', dir: filter.order, key: 'seq' },
  ];
  return listPage(db, { select: COMMENT_SELECT, where, params, order }, page);
}

export function getReply(db: Db, commentId: string, id: string): ReplyRow | undefined {
  return db.prepare('SELECT * FROM comment_replies WHERE id = ? AND comment_id = ?').get(id, commentId) as ReplyRow | undefined;
}

export function insertReply(db: Db, commentId: string, r: { postedBy: string; now: string; markdown: string }): string {
  const id = newId();
  db.prepare('INSERT INTO comment_replies (id, comment_id, posted_by, posted_at, markdown) VALUES (?, ?, ?, ?, ?)').run(
    id,
    commentId,
    r.postedBy,
    r.now,
    r.markdown,
  );
  return id;
}

export function setReplyMarkdown(db: Db, id: string, markdown: string, now: string): void {
  db.prepare('UPDATE comment_replies SET markdown = ?, edited_at = ? WHERE id = ?').run(markdown, now, id);
}

export function deleteReply(db: Db, id: string): void {
  db.prepare('DELETE FROM comment_replies WHERE id = ?').run(id);
}

/** Replies of a comment in the order they were posted: a thread reads top to bottom. */
export function listReplies(db: Db, commentId: string, page: PageRequest): PageResult<ReplyRow> {
  return listPage(
    db,
    {
      select: 'SELECT * FROM comment_replies',
      where: ['comment_id = ?'],
      params: [commentId],
      order: [
        { expr: 'posted_at', dir: 'asc', key: 'posted_at' },
        { expr: 'seq', dir: 'asc', key: 'seq' },
      ],
    },
    page,
  );
}

/** What a reaction is on: a comment, or one reply of it. */
interface ReactionSubject {
  commentId: string;
  replyId: string | null;
}

/** Adds the user's reaction; a second identical one is ignored (one per user and emoji). */
export function addReaction(db: Db, subject: ReactionSubject, emoji: string, userId: string, now: string): void {
  db.prepare(
    'INSERT OR IGNORE INTO comment_reactions (comment_id, reply_id, emoji, user_id, reacted_at) VALUES (?, ?, ?, ?, ?)',
  ).run(subject.commentId, subject.replyId, emoji, userId, now);
}

export function removeReaction(db: Db, subject: ReactionSubject, emoji: string, userId: string): void {
  db.prepare('DELETE FROM comment_reactions WHERE comment_id = ? AND reply_id IS ? AND emoji = ? AND user_id = ?').run(
    subject.commentId,
    subject.replyId,
    emoji,
    userId,
  );
}

/**
 * The reactions of several comments (replyIds empty) or of several replies of one comment, oldest
 * first: one query for a whole listed page rather than one per item.
 */
export function reactionsOf(db: Db, subjects: { commentIds: string[] } | { commentId: string; replyIds: string[] }): ReactionRow[] {
  if ('commentIds' in subjects) {
    if (subjects.commentIds.length === 0) return [];
    return db
      .prepare(
        `SELECT comment_id, reply_id, emoji, user_id, reacted_at FROM comment_reactions
         WHERE reply_id IS NULL AND comment_id IN (SELECT value FROM json_each(?)) ORDER BY seq`,
      )
      .all(JSON.stringify(subjects.commentIds)) as ReactionRow[];
  }
  if (subjects.replyIds.length === 0) return [];
  return db
    .prepare(
      `SELECT comment_id, reply_id, emoji, user_id, reacted_at FROM comment_reactions
       WHERE comment_id = ? AND reply_id IN (SELECT value FROM json_each(?)) ORDER BY seq`,
    )
    .all(subjects.commentId, JSON.stringify(subjects.replyIds)) as ReactionRow[];
}

/**
 * Members of the organization who posted a comment or a reply in the scope, in the order they
 * first did. Only user ids: the caller presents each as a Member.
 */
export function listCommenters(
  db: Db,
  scope: CommentScope,
  organizationId: string,
  page: PageRequest,
): PageResult<{ user_id: string; first_at: string; member_seq: number }> {
  const select = `SELECT * FROM (
    SELECT a.user_id, MIN(a.at) AS first_at, m.seq AS member_seq FROM (
      SELECT c.posted_by AS user_id, c.posted_at AS at FROM comments c WHERE ${IN_SCOPE}
      UNION ALL
      SELECT r.posted_by, r.posted_at FROM comment_replies r JOIN comments c ON c.id = r.comment_id WHERE ${IN_SCOPE}
    ) a JOIN members m ON m.user_id = a.user_id AND m.organization_id = ?
    GROUP BY a.user_id
  )`;
  return listPage(
    db,
    {
      select,
      where: [],
      params: [scope.spaceId, scope.changeRequestId, scope.spaceId, scope.changeRequestId, organizationId],
      order: [
        { expr: 'first_at', dir: 'asc', key: 'first_at' },
        { expr: 'member_seq', dir: 'asc', key: 'member_seq' },
      ],
    },
    page,
  );
}

/** Users by id, for presenting authors, resolvers and reactors of a page of items in one query. */
export function usersByIds(db: Db, ids: string[]): Map<string, UserFields> {
  if (ids.length === 0) return new Map();
  const rows = db
    .prepare('SELECT id, email, display_name, photo_url FROM users WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify([...new Set(ids)])) as UserFields[];
  return new Map(rows.map((u) => [u.id, u]));
}

export interface UserFields {
  id: string;
  email: string;
  display_name: string;
  photo_url: string | null;
}
