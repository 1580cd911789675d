import { vi } from 'vitest';
import type { User } from '../../src-renderer/src/api/types';
import type { CommentsClient } from '../../src-renderer/src/components/comments/comments-store';
import type { Comment, Reaction, Reply } from '../../src-renderer/src/components/comments/comments-threads';
import { page, serverError, user } from './fake-client';

export const owner = user();
export const writer = user('u-writer', 'writer@folio.localhost', 'Writer');

const permissions = (author: User, viewer: User) => ({ view: true, edit: author.id === viewer.id, reply: true, delete: author.id === viewer.id });

/** A thread's first comment as the server presents it (markdown body), on page `pageId`. */
export function comment(id: string, markdown: string, options: { pageId?: string; by?: User; at?: string; resolved?: boolean } = {}): Comment {
  const by = options.by ?? owner;
  const at = options.at ?? '2025-03-12T10:00:00.000Z';
  return {
    object: 'comment',
    id,
    postedBy: by,
    postedAt: at,
    reactions: [],
    replies: 0,
    repliers: [],
    body: { markdown },
    target: { space: 's-docs', revision: 'rev-1', page: { id: options.pageId ?? 'p-intro', title: 'Intro', path: 'intro', outdated: false } },
    urls: { location: `http://folio.test/v1/spaces/s-docs/comments/${id}` },
    permissions: permissions(by, owner),
    ...(options.resolved ? { status: 'resolved' as const, resolvedAt: at, resolvedBy: owner } : { status: 'open' as const }),
  };
}

export function reply(id: string, markdown: string, options: { by?: User; at?: string } = {}): Reply {
  const by = options.by ?? owner;
  return {
    object: 'comment-reply',
    id,
    postedBy: by,
    postedAt: options.at ?? '2025-03-12T11:00:00.000Z',
    reactions: [],
    body: { markdown },
    urls: { location: `http://folio.test/v1/spaces/s-docs/comments/x/replies/${id}` },
    permissions: permissions(by, owner),
  };
}

/** Threads held like the server holds them; the procedures are vi.fn so a test can hold or fail an answer. */
export function fakeCommentsClient(threads: Array<{ comment: Comment; replies?: Reply[] }> = []) {
  const data = threads.map((t) => ({ comment: t.comment, replies: t.replies ?? [] }));
  let made = 0;
  const find = (commentId: string) => {
    const thread = data.find((t) => t.comment.id === commentId);
    if (!thread) throw serverError(`Comment "${commentId}" not found`);
    return thread;
  };
  const react = (reactions: Reaction[], input: { addedReactions?: string[]; removedReactions?: string[] }) => {
    let next = reactions.filter((r) => !input.removedReactions?.includes(r.emoji));
    for (const emoji of input.addedReactions ?? []) {
      if (!next.some((r) => r.emoji === emoji)) next = [...next, { emoji, count: 1, users: [{ user: owner, reactedAt: '2025-03-12T12:00:00.000Z' }] }];
    }
    return next;
  };
  const client = {
    comments: {
      list: {
        query: vi.fn(async (input: { targetPage?: string; limit?: unknown; page?: string }) =>
          page(data.filter((t) => !input.targetPage || t.comment.target.page?.id === input.targetPage).map((t) => t.comment)),
        ),
      },
      listReplies: { query: vi.fn(async (input: { commentId: string }) => page(find(input.commentId).replies)) },
      post: {
        mutate: vi.fn(async (input: { page?: string; body: { markdown: string } | { document: Record<string, unknown> } }) => {
          made += 1;
          const created = comment(`c-new-${made}`, 'markdown' in input.body ? input.body.markdown : '', { pageId: input.page, at: '2025-03-14T10:00:00.000Z' });
          data.unshift({ comment: created, replies: [] });
          return created;
        }),
      },
      update: {
        mutate: vi.fn(async (input: { commentId: string; resolved?: boolean; body?: { markdown: string } | { document: Record<string, unknown> }; addedReactions?: string[]; removedReactions?: string[] }) => {
          const thread = find(input.commentId);
          let next: Comment = { ...thread.comment, reactions: react(thread.comment.reactions, input) };
          if (input.body && 'markdown' in input.body) next = { ...next, body: { markdown: input.body.markdown }, editedAt: '2025-03-14T12:00:00.000Z' };
          if (input.resolved === true) next = { ...next, status: 'resolved', resolvedAt: '2025-03-14T13:00:00.000Z', resolvedBy: owner };
          if (input.resolved === false) {
            const { resolvedAt: _at, resolvedBy: _by, ...open } = next as Extract<Comment, { status: 'resolved' }>;
            next = { ...open, status: 'open' };
          }
          thread.comment = next;
          return next;
        }),
      },
      delete: {
        mutate: vi.fn(async (input: { commentId: string }) => {
          const index = data.findIndex((t) => t.comment.id === input.commentId);
          if (index >= 0) data.splice(index, 1);
          return { deleted: index >= 0 };
        }),
      },
      postReply: {
        mutate: vi.fn(async (input: { commentId: string; body: { markdown: string } | { document: Record<string, unknown> } }) => {
          const thread = find(input.commentId);
          made += 1;
          const created = reply(`r-new-${made}`, 'markdown' in input.body ? input.body.markdown : '', { at: '2025-03-14T11:00:00.000Z' });
          thread.replies.push(created);
          thread.comment = { ...thread.comment, replies: thread.replies.length };
          return created;
        }),
      },
      updateReply: {
        mutate: vi.fn(async (input: { commentId: string; replyId: string; body?: { markdown: string } | { document: Record<string, unknown> }; addedReactions?: string[]; removedReactions?: string[] }) => {
          const thread = find(input.commentId);
          const index = thread.replies.findIndex((r) => r.id === input.replyId);
          if (index < 0) throw serverError(`Reply "${input.replyId}" not found`);
          let next: Reply = { ...thread.replies[index]!, reactions: react(thread.replies[index]!.reactions, input) };
          if (input.body && 'markdown' in input.body) next = { ...next, body: { markdown: input.body.markdown }, editedAt: '2025-03-14T12:00:00.000Z' };
          thread.replies[index] = next;
          return next;
        }),
      },
      deleteReply: {
        mutate: vi.fn(async (input: { commentId: string; replyId: string }) => {
          const thread = find(input.commentId);
          const before = thread.replies.length;
          thread.replies = thread.replies.filter((r) => r.id !== input.replyId);
          thread.comment = { ...thread.comment, replies: thread.replies.length };
          return { deleted: thread.replies.length < before };
        }),
      },
    },
  } satisfies CommentsClient;
  return { client, data };
}
