import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { AppRouter, User } from '../../api/types';
import {
  type Comment,
  type CommentSubject,
  type Reply,
  type Thread,
  findEntry,
  subjectKey,
  toggledReactions,
  updateEntry,
} from './comments-threads';
import type { FeatureDependencies } from '../../stores/feature-dependencies';
import type { NavigationState } from '../../stores/navigation-store';

type Inputs = inferRouterInputs<AppRouter>['comments'];
type Outputs = inferRouterOutputs<AppRouter>['comments'];

/** The comment procedures the panel calls. */
export interface CommentsClient {
  comments: {
    list: { query(input: Inputs['list']): Promise<Outputs['list']> };
    listReplies: { query(input: Inputs['listReplies']): Promise<Outputs['listReplies']> };
    post: { mutate(input: Inputs['post']): Promise<Outputs['post']> };
    update: { mutate(input: Inputs['update']): Promise<Outputs['update']> };
    delete: { mutate(input: Inputs['delete']): Promise<Outputs['delete']> };
    postReply: { mutate(input: Inputs['postReply']): Promise<Outputs['postReply']> };
    updateReply: { mutate(input: Inputs['updateReply']): Promise<Outputs['updateReply']> };
    deleteReply: { mutate(input: Inputs['deleteReply']): Promise<Outputs['deleteReply']> };
  };
}

/** The page whose threads are shown, on main content or a change request's. */
interface CommentsTarget {
  spaceId: string;
  pageId: string;
  changeRequestId?: string;
}

/** Selected words a comment is being written on: where they are in the page's body (base64 Yjs relative positions) and what they say. */
export interface CommentSelection {
  start: string;
  end: string;
  quote: string;
}

/** Key of the composer's pending flag and error (other keys are comment ids and `commentId/replyId`). */
export const COMPOSER = 'new';

interface CommentsState {
  target?: CommentsTarget;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Why loading failed. */
  message?: string;
  threads: Thread[];
  /** More threads (or replies) exist than were loaded. */
  truncated: boolean;
  showResolved: boolean;
  /** Writes in flight, by key (COMPOSER, a comment id, `commentId/replyId`). */
  pending: Record<string, true>;
  /** What a write was refused with, in words, shown beside its control. */
  errors: Record<string, string>;
  /** What the last write did, for a polite live region. */
  notice?: string;
  /**
   * Bumped when the page's open-thread count changed (posted, resolved, reopened, deleted), so the page tree
   * can recount. Not navigation's contentVersion: that reopens the editor, losing the writer's place and undo.
   */
  countsVersion: number;
  /** The words a new comment is being written on (the editor's selection), until it is posted or cancelled. */
  draft?: CommentSelection;
  /** The thread a click on its words opened: the panel scrolls to it and focuses it. */
  focused?: string;

  /** Loads the threads of the page navigation has open (keeping what is shown while the same page refreshes). */
  reload(): Promise<void>;
  post(markdown: string): Promise<boolean>;
  reply(commentId: string, markdown: string): Promise<boolean>;
  edit(subject: CommentSubject, markdown: string): Promise<boolean>;
  remove(subject: CommentSubject): Promise<boolean>;
  setResolved(commentId: string, resolved: boolean): Promise<boolean>;
  /** Adds (`on`) or removes the viewer's reaction, shown at once and undone if the server refuses. */
  react(subject: CommentSubject, emoji: string, on: boolean, viewer: User): Promise<boolean>;
  toggleShowResolved(): void;
  clearError(key: string): void;
  /** Opens the composer for the selected words (and the panel). */
  startDraft(selection: CommentSelection): void;
  cancelDraft(): void;
  /** Opens the panel on a thread (a click on its highlighted words). */
  focusThread(commentId: string): void;
}

export type CommentsStore = StoreApi<CommentsState>;

/** Threads are fetched a page at a time up to this many; replies of each thread up to one page. */
const PAGE_SIZE = 100;
const MAX_PAGES = 5;
/** Replies are asked for in groups, so a busy page does not send one enormous batch. */
const REPLY_BATCH = 10;

function targetOf(state: NavigationState): CommentsTarget | undefined {
  if (!state.spaceId || !state.pageId) return undefined;
  return { spaceId: state.spaceId, pageId: state.pageId, ...(state.changeRequestId ? { changeRequestId: state.changeRequestId } : {}) };
}

const keyOf = (target: CommentsTarget | undefined) => (target ? `${target.spaceId}/${target.changeRequestId ?? ''}/${target.pageId}` : '');

const without = <T>(record: Record<string, T>, key: string) => {
  const { [key]: _dropped, ...rest } = record;
  return rest;
};

export function createCommentsStore({ client, onUnauthorized, navigation }: FeatureDependencies<CommentsClient>): CommentsStore {
  // Bumped by each load: an answer for an older one is stale and dropped.
  let generation = 0;

  const explain = (error: unknown): string => {
    const described = describeError(error);
    if (described.unauthorized) onUnauthorized(described.message);
    return described.message;
  };

  const place = (target: CommentsTarget) => ({
    spaceId: target.spaceId,
    ...(target.changeRequestId ? { changeRequestId: target.changeRequestId } : {}),
  });

  async function fetchThreads(target: CommentsTarget): Promise<{ threads: Thread[]; truncated: boolean }> {
    const comments: Comment[] = [];
    let next: string | undefined;
    let pages = 0;
    do {
      const page = await client.comments.list.query({ ...place(target), targetPage: target.pageId, limit: PAGE_SIZE, page: next });
      comments.push(...page.items);
      next = page.next?.page;
      pages += 1;
    } while (next && pages < MAX_PAGES);
    let truncated = next !== undefined;
    const threads: Thread[] = comments.map((comment) => ({ comment, replies: [] }));
    const withReplies = threads.filter((t) => t.comment.replies > 0);
    for (let i = 0; i < withReplies.length; i += REPLY_BATCH) {
      await Promise.all(
        withReplies.slice(i, i + REPLY_BATCH).map(async (thread) => {
          const page = await client.comments.listReplies.query({ ...place(target), commentId: thread.comment.id, limit: PAGE_SIZE });
          thread.replies = page.items;
          if (page.next) truncated = true;
        }),
      );
    }
    return { threads, truncated };
  }

  const store = createStore<CommentsState>()((set, get) => {
    /** Runs a write for `key` against the page shown when it started; its result applies only if that page still is. */
    async function write<T>(key: string, call: (target: CommentsTarget) => Promise<T>, apply: (result: T) => Partial<CommentsState>, failure: string) {
      const target = get().target;
      if (!target || get().pending[key]) return false;
      set({ pending: { ...get().pending, [key]: true }, errors: without(get().errors, key) });
      try {
        const result = await call(target);
        if (keyOf(get().target) !== keyOf(target)) return true;
        set({ ...apply(result), pending: without(get().pending, key) });
        return true;
      } catch (error) {
        if (keyOf(get().target) === keyOf(target)) {
          set({ pending: without(get().pending, key), errors: { ...get().errors, [key]: `${failure}: ${explain(error)}` } });
        }
        return false;
      }
    }

    const countsChanged = () => set({ countsVersion: get().countsVersion + 1 });

    const replaceComment = (comment: Comment) => ({
      threads: get().threads.map((t) => (t.comment.id === comment.id ? { ...t, comment } : t)),
    });

    return {
      status: 'idle',
      threads: [],
      truncated: false,
      showResolved: false,
      pending: {},
      errors: {},
      countsVersion: 0,

      async reload() {
        generation += 1;
        const mine = generation;
        const target = targetOf(navigation.getState());
        if (!target) {
          set({ target: undefined, status: 'idle', threads: [], truncated: false, message: undefined, pending: {}, errors: {} });
          return;
        }
        const same = keyOf(target) === keyOf(get().target) && get().status === 'ready';
        set(
          same
            ? { target }
            : { target, status: 'loading', threads: [], message: undefined, showResolved: false, pending: {}, errors: {}, draft: undefined, focused: undefined },
        );
        try {
          const { threads, truncated } = await fetchThreads(target);
          if (mine === generation) set({ status: 'ready', threads, truncated, message: undefined });
        } catch (error) {
          if (mine === generation) set({ status: 'error', message: explain(error) });
        }
      },

      post(markdown) {
        // A comment on the selected words carries where they are; without a draft it is on the page.
        const draft = get().draft;
        const anchor = draft ? { anchor: { start: draft.start, end: draft.end } } : {};
        return write(
          COMPOSER,
          (target) => client.comments.post.mutate({ ...place(target), page: target.pageId, body: { markdown }, ...anchor }),
          (comment) => {
            countsChanged();
            return { threads: [{ comment, replies: [] }, ...get().threads], notice: 'Comment posted.', draft: undefined };
          },
          'Could not post the comment',
        );
      },

      reply(commentId, markdown) {
        return write(
          `${commentId}/reply`,
          (target) => client.comments.postReply.mutate({ ...place(target), commentId, body: { markdown } }),
          (reply: Reply) => ({
            threads: get().threads.map((t) =>
              t.comment.id === commentId ? { comment: { ...t.comment, replies: t.comment.replies + 1 }, replies: [...t.replies, reply] } : t,
            ),
            notice: 'Reply posted.',
          }),
          'Could not post the reply',
        );
      },

      edit(subject, markdown) {
        const body = { markdown };
        return write(
          subjectKey(subject),
          (target): Promise<Comment | Reply> =>
            subject.replyId === undefined
              ? client.comments.update.mutate({ ...place(target), commentId: subject.commentId, body })
              : client.comments.updateReply.mutate({ ...place(target), commentId: subject.commentId, replyId: subject.replyId, body }),
          (saved) => ({
            threads: updateEntry(get().threads, subject, (shown) => ({ ...shown, body: saved.body, editedAt: saved.editedAt, markdown: saved.markdown })),
            notice: 'Saved.',
          }),
          'Could not save the change',
        );
      },

      remove(subject) {
        return write(
          subjectKey(subject),
          (target) =>
            subject.replyId === undefined
              ? client.comments.delete.mutate({ ...place(target), commentId: subject.commentId })
              : client.comments.deleteReply.mutate({ ...place(target), commentId: subject.commentId, replyId: subject.replyId }),
          () => {
            if (subject.replyId === undefined) {
              countsChanged();
              return { threads: get().threads.filter((t) => t.comment.id !== subject.commentId), notice: 'Comment deleted.' };
            }
            return {
              threads: get().threads.map((t) =>
                t.comment.id === subject.commentId
                  ? { comment: { ...t.comment, replies: Math.max(0, t.comment.replies - 1) }, replies: t.replies.filter((r) => r.id !== subject.replyId) }
                  : t,
              ),
              notice: 'Reply deleted.',
            };
          },
          'Could not delete it',
        );
      },

      setResolved(commentId, resolved) {
        return write(
          commentId,
          (target) => client.comments.update.mutate({ ...place(target), commentId, resolved }),
          (comment) => {
            countsChanged();
            return { ...replaceComment(comment), notice: resolved ? 'Thread resolved.' : 'Thread reopened.' };
          },
          resolved ? 'Could not resolve the thread' : 'Could not reopen the thread',
        );
      },

      async react(subject, emoji, on, viewer) {
        const before = findEntry(get().threads, subject)?.reactions;
        const key = `${subjectKey(subject)}/react`;
        if (!before || get().pending[key]) return false;
        // Shown at once: a reaction is the viewer's own and cheap to take back.
        set({ threads: updateEntry(get().threads, subject, (entry) => ({ ...entry, reactions: toggledReactions(entry.reactions, emoji, viewer, on) })) });
        const change = on ? { addedReactions: [emoji] } : { removedReactions: [emoji] };
        const ok = await write(
          key,
          (target): Promise<Comment | Reply> =>
            subject.replyId === undefined
              ? client.comments.update.mutate({ ...place(target), commentId: subject.commentId, ...change })
              : client.comments.updateReply.mutate({ ...place(target), commentId: subject.commentId, replyId: subject.replyId, ...change }),
          (entry) => ({ threads: updateEntry(get().threads, subject, (shown) => ({ ...shown, reactions: entry.reactions })) }),
          'Could not change your reaction',
        );
        if (!ok) set({ threads: updateEntry(get().threads, subject, (entry) => ({ ...entry, reactions: before })) });
        return ok;
      },

      toggleShowResolved() {
        set({ showResolved: !get().showResolved });
      },

      clearError(key) {
        set({ errors: without(get().errors, key) });
      },

      startDraft(selection) {
        set({ draft: selection, errors: without(get().errors, COMPOSER) });
        navigation.getState().showPanel('comments');
      },

      cancelDraft() {
        set({ draft: undefined, errors: without(get().errors, COMPOSER) });
      },

      focusThread(commentId) {
        const thread = get().threads.find((t) => t.comment.id === commentId);
        set({ focused: commentId, ...(thread?.comment.status === 'resolved' ? { showResolved: true } : {}) });
        navigation.getState().showPanel('comments');
      },
    };
  });

  // Loads while the panel shows: when it opens (so a comment posted elsewhere appears), when another page or
  // content opens, and when the content changed (a merge can bring pages and their threads).
  navigation.subscribe((state, previous) => {
    if (state.panel !== 'comments') return;
    const opened = previous.panel !== 'comments';
    const moved = keyOf(targetOf(state)) !== keyOf(targetOf(previous));
    const changed = state.contentVersion !== previous.contentVersion;
    if (opened || moved || changed) void store.getState().reload();
  });
  return store;
}
