import { describe, expect, it, vi } from 'vitest';
import { COMPOSER, createCommentsStore } from '../../../../src-renderer/src/components/comments/comments-store';
import { bodyText, splitThreads } from '../../../../src-renderer/src/components/comments/comments-threads';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import { comment, fakeCommentsClient, owner, reply, writer } from '../../comments-fake';
import { deferred, serverError, unauthorizedError } from '../../fake-client';

function setup(threads = [
  { comment: comment('c-old', 'Old question', { at: '2025-03-10T10:00:00.000Z' }), replies: [] },
  { comment: comment('c-busy', 'Busy thread', { at: '2025-03-09T10:00:00.000Z', by: writer }), replies: [reply('r-1', 'Latest word', { at: '2025-03-13T10:00:00.000Z' })] },
  { comment: comment('c-done', 'Settled', { at: '2025-03-12T10:00:00.000Z', resolved: true }), replies: [] },
  { comment: comment('c-elsewhere', 'Another page', { pageId: 'p-other' }), replies: [] },
]) {
  for (const t of threads) t.comment.replies = t.replies.length;
  const fake = fakeCommentsClient(threads);
  const navigation = createNavigationStore();
  const onUnauthorized = vi.fn();
  const store = createCommentsStore({ client: fake.client, onUnauthorized, navigation });
  return { ...fake, navigation, store, onUnauthorized };
}

/** Opens a page and the panel, and waits for the threads. */
async function shown(context = setup()) {
  context.navigation.getState().enterSpace('s-docs');
  context.navigation.getState().openPage('p-intro');
  context.navigation.getState().showPanel('comments');
  await vi.waitFor(() => expect(context.store.getState().status).toBe('ready'));
  return context;
}

const ids = (threads: Array<{ comment: { id: string } }>) => threads.map((t) => t.comment.id);

describe('the comments store', () => {
  it('loads the open page’s threads with their replies when the panel opens, open ones first by latest activity', async () => {
    const { store, client } = await shown();
    expect(client.comments.list.query).toHaveBeenCalledWith({ spaceId: 's-docs', targetPage: 'p-intro', limit: 100, page: undefined });
    expect(client.comments.listReplies.query).toHaveBeenCalledTimes(1);
    const { open, resolved } = splitThreads(store.getState().threads);
    // The busy thread was posted first, but its reply is the newest activity.
    expect(ids(open)).toEqual(['c-busy', 'c-old']);
    expect(ids(resolved)).toEqual(['c-done']);
    expect(open[0]!.replies.map(bodyText)).toEqual(['Latest word']);
  });

  it('does not load while the panel is closed, and reloads when it opens again or the page changes', async () => {
    const context = setup();
    context.navigation.getState().enterSpace('s-docs');
    context.navigation.getState().openPage('p-intro');
    expect(context.client.comments.list.query).not.toHaveBeenCalled();
    await shown(context);
    context.navigation.getState().showPanel(undefined);
    context.navigation.getState().showPanel('comments');
    expect(context.client.comments.list.query).toHaveBeenCalledTimes(2);
    context.navigation.getState().openPage('p-other');
    await vi.waitFor(() => expect(ids(context.store.getState().threads)).toEqual(['c-elsewhere']));
    context.navigation.getState().openChangeRequest('cr-1');
    await vi.waitFor(() => expect(context.client.comments.list.query).toHaveBeenLastCalledWith(expect.objectContaining({ changeRequestId: 'cr-1' })));
    context.navigation.getState().contentChanged();
    expect(context.client.comments.list.query).toHaveBeenCalledTimes(5);
  });

  it('drops an answer for a page that is no longer open', async () => {
    const context = setup();
    const held = deferred<Awaited<ReturnType<typeof context.client.comments.list.query>>>();
    context.client.comments.list.query.mockReturnValueOnce(held.promise);
    context.navigation.getState().enterSpace('s-docs');
    context.navigation.getState().openPage('p-intro');
    context.navigation.getState().showPanel('comments');
    context.navigation.getState().openPage('p-other');
    await vi.waitFor(() => expect(context.store.getState().status).toBe('ready'));
    held.resolve({ items: [comment('c-stale', 'stale')], count: 1 });
    await held.promise;
    expect(ids(context.store.getState().threads)).toEqual(['c-elsewhere']);
  });

  it('says why loading failed, and hands a refused token to the session', async () => {
    const context = setup();
    context.client.comments.list.query.mockRejectedValueOnce(serverError('Space "s-docs" not found'));
    context.navigation.getState().enterSpace('s-docs');
    context.navigation.getState().openPage('p-intro');
    context.navigation.getState().showPanel('comments');
    await vi.waitFor(() => expect(context.store.getState()).toMatchObject({ status: 'error', message: 'Space "s-docs" not found' }));
    context.client.comments.list.query.mockRejectedValueOnce(unauthorizedError());
    await context.store.getState().reload();
    expect(context.onUnauthorized).toHaveBeenCalledWith('Missing or invalid API token');
  });

  it('posts a thread on the open page, and says the counts changed without touching the content version (which reopens the editor)', async () => {
    const { store, client, navigation } = await shown();
    expect(await store.getState().post('A new thought')).toBe(true);
    expect(client.comments.post.mutate).toHaveBeenCalledWith({ spaceId: 's-docs', page: 'p-intro', body: { markdown: 'A new thought' } });
    expect(ids(splitThreads(store.getState().threads).open)[0]).toBe('c-new-1');
    expect(store.getState().notice).toBe('Comment posted.');
    expect(store.getState().countsVersion).toBe(1);
    expect(navigation.getState().contentVersion).toBe(0);
    expect(client.comments.list.query).toHaveBeenCalledTimes(1);
  });

  it('shows a refused post in words beside the composer and keeps the threads', async () => {
    const { store, client } = await shown();
    client.comments.post.mutate.mockRejectedValueOnce(serverError('You need the "comment" role on this space to comment on it (yours: read)', 'FORBIDDEN', 403));
    expect(await store.getState().post('Let me in')).toBe(false);
    expect(store.getState().errors[COMPOSER]).toBe('Could not post the comment: You need the "comment" role on this space to comment on it (yours: read)');
    expect(store.getState().pending).toEqual({});
    expect(store.getState().threads).toHaveLength(3);
  });

  it('replies, edits and deletes a reply, keeping the thread’s reply count', async () => {
    const { store } = await shown();
    await store.getState().reply('c-old', 'An answer');
    const thread = () => store.getState().threads.find((t) => t.comment.id === 'c-old')!;
    expect(thread().comment.replies).toBe(1);
    const replyId = thread().replies[0]!.id;
    await store.getState().edit({ commentId: 'c-old', replyId }, 'A better answer');
    expect(bodyText(thread().replies[0]!)).toBe('A better answer');
    expect(thread().replies[0]!.editedAt).toBeDefined();
    await store.getState().remove({ commentId: 'c-old', replyId });
    expect(thread()).toMatchObject({ replies: [], comment: { replies: 0 } });
  });

  it('resolves and reopens a thread, which moves between the open and resolved lists', async () => {
    const { store } = await shown();
    await store.getState().setResolved('c-old', true);
    expect(ids(splitThreads(store.getState().threads).resolved)).toEqual(['c-old', 'c-done']);
    expect(store.getState().notice).toBe('Thread resolved.');
    await store.getState().setResolved('c-old', false);
    expect(ids(splitThreads(store.getState().threads).open)).toContain('c-old');
    expect(store.getState().countsVersion).toBe(2);
    store.getState().toggleShowResolved();
    expect(store.getState().showResolved).toBe(true);
  });

  it('shows a reaction at once, keeps the server’s answer, and takes it back when refused', async () => {
    const { store, client } = await shown();
    const reactions = () => store.getState().threads.find((t) => t.comment.id === 'c-old')!.comment.reactions;
    const held = deferred<Awaited<ReturnType<typeof client.comments.update.mutate>>>();
    client.comments.update.mutate.mockReturnValueOnce(held.promise);
    const reacting = store.getState().react({ commentId: 'c-old' }, '👍', true, owner);
    expect(reactions()).toEqual([expect.objectContaining({ emoji: '👍', count: 1 })]);
    held.resolve({ ...comment('c-old', 'Old question'), reactions: [{ emoji: '👍', count: 2, users: [] }] });
    expect(await reacting).toBe(true);
    expect(reactions()).toEqual([{ emoji: '👍', count: 2, users: [] }]);

    client.comments.update.mutate.mockRejectedValueOnce(serverError('Network down', 'INTERNAL_SERVER_ERROR', 500));
    expect(await store.getState().react({ commentId: 'c-old' }, '🎉', true, owner)).toBe(false);
    expect(reactions().map((r) => r.emoji)).toEqual(['👍']);
    expect(store.getState().errors['c-old/react']).toBe('Could not change your reaction: Network down');
  });

  it('removes the viewer’s own reaction from a reply', async () => {
    const { store, client } = await shown();
    await store.getState().react({ commentId: 'c-busy', replyId: 'r-1' }, '👀', true, owner);
    await store.getState().react({ commentId: 'c-busy', replyId: 'r-1' }, '👀', false, owner);
    expect(client.comments.updateReply.mutate).toHaveBeenLastCalledWith({ spaceId: 's-docs', commentId: 'c-busy', replyId: 'r-1', removedReactions: ['👀'] });
    expect(store.getState().threads.find((t) => t.comment.id === 'c-busy')!.replies[0]!.reactions).toEqual([]);
  });

  it('deletes a thread', async () => {
    const { store } = await shown();
    expect(await store.getState().remove({ commentId: 'c-old' })).toBe(true);
    expect(ids(store.getState().threads)).not.toContain('c-old');
    expect(store.getState().notice).toBe('Comment deleted.');
  });

  it('shows nothing when no page is open', async () => {
    const context = setup();
    context.navigation.getState().enterSpace('s-docs');
    context.navigation.getState().showPanel('comments');
    await context.store.getState().reload();
    expect(context.store.getState()).toMatchObject({ status: 'idle', threads: [], target: undefined });
    expect(context.client.comments.list.query).not.toHaveBeenCalled();
  });
  it('posts a comment on selected words with their anchor, opening the panel on it, and forgets the words once posted', async () => {
    const context = await shown();
    context.navigation.getState().showPanel(undefined);
    context.store.getState().startDraft({ start: 'AAE=', end: 'AAI=', quote: 'the words' });
    expect(context.navigation.getState().panel).toBe('comments');
    expect(await context.store.getState().post('About these words')).toBe(true);
    expect(context.client.comments.post.mutate).toHaveBeenLastCalledWith(
      expect.objectContaining({ page: 'p-intro', body: { markdown: 'About these words' }, anchor: { start: 'AAE=', end: 'AAI=' } }),
    );
    expect(context.store.getState().draft).toBeUndefined();
    // The next comment is on the page again.
    await context.store.getState().post('On the page');
    expect(context.client.comments.post.mutate).toHaveBeenLastCalledWith(expect.not.objectContaining({ anchor: expect.anything() }));
  });

  it('opens the panel on a thread whose words were clicked, showing resolved threads when it is one', async () => {
    const context = await shown();
    context.navigation.getState().showPanel(undefined);
    context.store.getState().focusThread('c-done');
    expect(context.navigation.getState().panel).toBe('comments');
    expect(context.store.getState()).toMatchObject({ focused: 'c-done', showResolved: true });
  });
});
