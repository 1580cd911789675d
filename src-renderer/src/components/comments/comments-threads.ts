import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter, User } from '../../api/types';

type Outputs = inferRouterOutputs<AppRouter>;

/** A thread's first comment and its replies, as the server presents them. */
export type Comment = Outputs['comments']['list']['items'][number];
export type Reply = Outputs['comments']['listReplies']['items'][number];
export type Reaction = Comment['reactions'][number];

export interface Thread {
  comment: Comment;
  replies: Reply[];
}

/** What a reaction or an edit applies to: a comment, or one of its replies. */
export interface CommentSubject {
  commentId: string;
  replyId?: string;
}

/** The words of a body: its markdown (asked for by default), or the markdown the server adds beside a document. */
export function bodyText(entry: Comment | Reply): string {
  if ('markdown' in entry.body && typeof entry.body.markdown === 'string') return entry.body.markdown;
  return entry.markdown ?? '';
}

/** When anything last happened in a thread: posted, edited, replied to, resolved. */
function lastActivity(thread: Thread): string {
  const { comment } = thread;
  const times = [comment.postedAt, comment.editedAt, comment.status === 'resolved' ? comment.resolvedAt : undefined];
  for (const reply of thread.replies) times.push(reply.postedAt, reply.editedAt);
  return times.reduce<string>((latest, time) => (time && time > latest ? time : latest), '');
}

/** Open threads and resolved ones, each newest activity first (ISO timestamps compare as strings). */
export function splitThreads(threads: Thread[]): { open: Thread[]; resolved: Thread[] } {
  const byActivity = [...threads].sort((a, b) => lastActivity(b).localeCompare(lastActivity(a)));
  return {
    open: byActivity.filter((t) => t.comment.status !== 'resolved'),
    resolved: byActivity.filter((t) => t.comment.status === 'resolved'),
  };
}

export function hasReacted(reaction: Reaction, viewerId: string | undefined): boolean {
  return viewerId !== undefined && reaction.users.some((entry) => entry.user.id === viewerId);
}

/** The reactions after the viewer adds or removes an emoji: what the server will answer, shown before it does. */
export function toggledReactions(reactions: Reaction[], emoji: string, viewer: User, on: boolean): Reaction[] {
  const existing = reactions.find((r) => r.emoji === emoji);
  if (on) {
    if (existing && hasReacted(existing, viewer.id)) return reactions;
    const entry = { user: viewer, reactedAt: new Date().toISOString() };
    return existing
      ? reactions.map((r) => (r === existing ? { ...r, count: r.count + 1, users: [...r.users, entry] } : r))
      : [...reactions, { emoji, count: 1, users: [entry] }];
  }
  if (!existing || !hasReacted(existing, viewer.id)) return reactions;
  const users = existing.users.filter((entry) => entry.user.id !== viewer.id);
  return users.length === 0
    ? reactions.filter((r) => r !== existing)
    : reactions.map((r) => (r === existing ? { ...r, count: users.length, users } : r));
}

/** The threads with one comment or reply replaced by `change(it)`. */
export function updateEntry(threads: Thread[], subject: CommentSubject, change: <T extends Comment | Reply>(entry: T) => T): Thread[] {
  return threads.map((thread) => {
    if (thread.comment.id !== subject.commentId) return thread;
    if (subject.replyId === undefined) return { ...thread, comment: change(thread.comment) };
    return { ...thread, replies: thread.replies.map((reply) => (reply.id === subject.replyId ? change(reply) : reply)) };
  });
}

export function findEntry(threads: Thread[], subject: CommentSubject): Comment | Reply | undefined {
  const thread = threads.find((t) => t.comment.id === subject.commentId);
  if (!thread || subject.replyId === undefined) return thread?.comment;
  return thread.replies.find((r) => r.id === subject.replyId);
}

/** A stable key for per-item pending flags and errors: `new` (the composer), a comment id, or `commentId/replyId`. */
export function subjectKey(subject: CommentSubject): string {
  return subject.replyId === undefined ? subject.commentId : `${subject.commentId}/${subject.replyId}`;
}
