import { describe, expect, it, vi } from 'vitest';
import { revisionSummary, revisionTime, revisionTitle } from '../../../../src-renderer/src/components/history/revision-words';
import { createHistoryStore, HISTORY_PAGE_SIZE, type HistoryClient, type RevisionEntry } from '../../../../src-renderer/src/components/history/history-store';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import { deferred, page, serverError, unauthorizedError, user } from '../../fake-client';

type Changes = RevisionEntry['changes'];
type PageAnswer = Awaited<ReturnType<HistoryClient['revisions']['page']['query']>>;

function entry(id: string, options: Omit<Partial<RevisionEntry>, 'changes'> & { changes?: Partial<Changes> } = {}): RevisionEntry {
  const { changes, ...rest } = options;
  return {
    id,
    createdAt: '2025-03-12T10:00:00.000Z',
    type: 'edits',
    kind: 'edits',
    current: false,
    author: user(),
    mergedFrom: null,
    restoredTo: null,
    ...rest,
    changes: { pages: 0, added: 0, removed: 0, edited: 0, files: 0, sample: [], ...changes },
  };
}

const header = (id: string) => ({ id, createdAt: '2025-03-12T10:00:00.000Z', type: 'edits' });
const welcome = { id: 'p-welcome', title: 'Welcome', kind: 'document' as const, path: 'welcome', markdown: 'Old words\n' };

function setup() {
  const client = {
    revisions: {
      list: { query: vi.fn(async (_input: { spaceId: string; limit?: unknown; page?: string }) => page([entry('r-3'), entry('r-2')], 'cursor-2', 3)) },
      page: { query: vi.fn(async (input: { spaceId: string; revisionId: string; pageId: string }): Promise<PageAnswer> => ({ revision: header(input.revisionId), page: welcome, now: { title: 'Welcome', markdown: 'New words\n' } })) },
      content: {
        query: vi.fn(async (input: { spaceId: string; revisionId: string }) => ({
          revision: header(input.revisionId),
          pages: [{ id: 'p-welcome', title: 'Welcome', path: 'welcome', depth: 0, kind: 'document' as const }],
        })),
      },
      restorePage: { mutate: vi.fn(async (_input: { spaceId: string; revisionId: string; pageId: string }) => ({ revision: 'r-4' as string | undefined })) },
      restoreSpace: { mutate: vi.fn(async (_input: { spaceId: string; revisionId: string }) => ({ revision: 'r-4' as string | undefined })) },
    },
  } satisfies HistoryClient;
  const navigation = createNavigationStore();
  navigation.getState().enterSpace('s-1');
  const onUnauthorized = vi.fn();
  const store = createHistoryStore({ client, onUnauthorized, navigation });
  return { store, client, navigation, onUnauthorized };
}

describe('the history store', () => {
  it('loads the newest revisions a screenful at a time, and appends older ones with Load more', async () => {
    const { store, client } = setup();
    await store.getState().load('s-1');
    expect(client.revisions.list.query).toHaveBeenCalledWith({ spaceId: 's-1', limit: HISTORY_PAGE_SIZE });
    expect(store.getState().list).toMatchObject({ status: 'ready', count: 3, nextPage: 'cursor-2' });

    client.revisions.list.query.mockResolvedValueOnce(page([entry('r-1')], undefined, 3));
    await store.getState().loadMore();
    expect(client.revisions.list.query).toHaveBeenLastCalledWith({ spaceId: 's-1', limit: HISTORY_PAGE_SIZE, page: 'cursor-2' });
    const list = store.getState().list;
    expect(list.status === 'ready' && list.items.map((r) => r.id)).toEqual(['r-3', 'r-2', 'r-1']);
    expect(list.status === 'ready' && list.nextPage).toBeUndefined();
  });

  it('keeps the rows shown when Load more fails, and says why', async () => {
    const { store, client } = setup();
    await store.getState().load('s-1');
    client.revisions.list.query.mockRejectedValueOnce(serverError('Space "s-1" not found'));
    await store.getState().loadMore();
    expect(store.getState().list).toMatchObject({ status: 'ready', items: [{ id: 'r-3' }, { id: 'r-2' }], moreError: 'Space "s-1" not found', loadingMore: false });
  });

  it('drops an answer for a space the writer already left', async () => {
    const { store, client } = setup();
    const slow = deferred<ReturnType<typeof page<RevisionEntry>>>();
    client.revisions.list.query.mockReturnValueOnce(slow.promise);
    const first = store.getState().load('s-old');
    await store.getState().load('s-1');
    slow.resolve(page([entry('r-old')]));
    await first;
    expect(store.getState()).toMatchObject({ spaceId: 's-1', list: { items: [{ id: 'r-3' }, { id: 'r-2' }] } });
  });

  it('shows the page at a revision, and the pages that existed when it did not', async () => {
    const { store, client } = setup();
    await store.getState().showPage('s-1', 'r-2', 'p-welcome');
    expect(store.getState().view).toMatchObject({ status: 'ready', key: 's-1/r-2/p-welcome', page: { markdown: 'Old words\n' } });

    client.revisions.page.query.mockResolvedValueOnce({ revision: header('r-1'), page: null, now: null });
    await store.getState().showPage('s-1', 'r-1', 'p-later');
    expect(client.revisions.content.query).toHaveBeenCalledWith({ spaceId: 's-1', revisionId: 'r-1' });
    expect(store.getState().view).toMatchObject({ status: 'missing', key: 's-1/r-1/p-later', pages: [{ id: 'p-welcome', title: 'Welcome' }] });
  });

  it('says why a revision could not be read, and a 401 ends the session', async () => {
    const { store, client, onUnauthorized } = setup();
    client.revisions.page.query.mockRejectedValueOnce(serverError('Revision "r-9" not found in this space'));
    await store.getState().showPage('s-1', 'r-9', 'p-welcome');
    expect(store.getState().view).toMatchObject({ status: 'error', message: 'Revision "r-9" not found in this space' });

    client.revisions.list.query.mockRejectedValueOnce(unauthorizedError());
    await store.getState().load('s-1');
    expect(onUnauthorized).toHaveBeenCalledWith('Missing or invalid API token');
  });

  it('opens a revision on the open page, or on the first page it changed, and goes back to the live content', () => {
    const { store, navigation } = setup();
    const changed = entry('r-2', { changes: { pages: 2, edited: 1, removed: 1, sample: [
      { pageId: 'p-gone', title: 'Gone', change: 'removed' },
      { pageId: 'p-setup', title: 'Setup', change: 'edited' },
    ] } });
    store.getState().openRevision(changed);
    expect(navigation.getState()).toMatchObject({ revisionId: 'r-2', pageId: 'p-setup' });

    navigation.getState().openPage('p-welcome');
    store.getState().openRevision(entry('r-1'));
    expect(navigation.getState()).toMatchObject({ revisionId: 'r-1', pageId: 'p-welcome' });

    store.getState().closeRevision();
    expect(navigation.getState().revisionId).toBeUndefined();
    expect(store.getState().view.status).toBe('idle');
  });
});

describe('restoring from the history', () => {
  it('asks first, restores the open page to the open revision, goes back to editing and says so', async () => {
    const { store, client, navigation } = setup();
    navigation.getState().openPage('p-welcome');
    navigation.getState().openRevision('r-2');
    await store.getState().showPage('s-1', 'r-2', 'p-welcome');
    const version = navigation.getState().contentVersion;

    store.getState().askRestore('page');
    expect(store.getState().restore).toEqual({ status: 'confirming', scope: 'page' });
    expect(await store.getState().confirmRestore('s-1')).toBe(true);

    expect(client.revisions.restorePage.mutate).toHaveBeenCalledWith({ spaceId: 's-1', revisionId: 'r-2', pageId: 'p-welcome' });
    expect(navigation.getState()).toMatchObject({ revisionId: undefined, pageId: 'p-welcome', contentVersion: version + 1 });
    expect(store.getState()).toMatchObject({ restore: { status: 'idle' }, restored: { scope: 'page', title: 'Welcome', unchanged: false } });
    expect(client.revisions.list.query).toHaveBeenCalled();
  });

  it('keeps the dialog open with the reason when the space cannot be restored, and cancels', async () => {
    const { store, client, navigation } = setup();
    navigation.getState().openRevision('r-2');
    client.revisions.restoreSpace.mutate.mockRejectedValueOnce(serverError('The space is locked'));
    store.getState().askRestore('space');
    expect(await store.getState().confirmRestore('s-1')).toBe(false);
    expect(client.revisions.restoreSpace.mutate).toHaveBeenCalledWith({ spaceId: 's-1', revisionId: 'r-2' });
    expect(store.getState().restore).toEqual({ status: 'error', scope: 'space', message: 'The space is locked' });
    expect(navigation.getState().revisionId).toBe('r-2');
    store.getState().cancelRestore();
    expect(store.getState().restore).toEqual({ status: 'idle' });
  });
});

describe('the words of a revision', () => {
  it('says what made it', () => {
    expect(revisionTitle(entry('r', { kind: 'merge', mergedFrom: { id: 'cr', number: 4, subject: 'Release notes' } }))).toBe('Merged #4 Release notes');
    expect(revisionTitle(entry('r', { kind: 'import' }))).toBe('Import');
    expect(revisionTitle(entry('r', { kind: 'import', changes: { pages: 12, added: 12 } }))).toBe('Imported 12 pages');
    const renamed = { pageId: 'p', title: 'Setup', change: 'renamed' as const, previousTitle: 'Untitled' };
    expect(revisionTitle(entry('r', { kind: 'live', changes: { pages: 1, edited: 1, sample: [renamed] } }))).toBe('Renamed “Untitled” to “Setup”');
    expect(revisionTitle(entry('r', { kind: 'edits', changes: { pages: 1, added: 1, sample: [{ pageId: 'p', title: 'Setup', change: 'added' }] } }))).toBe('Created “Setup”');
    const restoredTo = { id: 'r-1', createdAt: '2025-03-12T10:04:00.000Z' };
    expect(revisionTitle(entry('r', { kind: 'rollback', restoredTo }), 'en-GB')).toBe(`Restored to ${revisionTime(restoredTo.createdAt, 'en-GB')}`);
    expect(revisionTitle(entry('r', { kind: 'restore', restoredTo, changes: { pages: 1, edited: 1, sample: [{ pageId: 'p', title: 'Setup', change: 'edited' }] } }), 'en-GB')).toBe(
      `Restored “Setup” to ${revisionTime(restoredTo.createdAt, 'en-GB')}`,
    );
    expect(revisionTitle(entry('r', { kind: 'created' }))).toBe('Space created');
  });

  it('names the page when one changed, and counts them otherwise', () => {
    expect(revisionSummary(entry('r', { changes: { pages: 1, edited: 1, sample: [{ pageId: 'p', title: 'Setup', change: 'edited' }] } }))).toBe('Edited “Setup”');
    expect(revisionSummary(entry('r', { changes: { pages: 1, added: 1, sample: [{ pageId: 'p', title: 'New', change: 'added' }] } }))).toBe('Created “New”');
    expect(revisionSummary(entry('r', { changes: { pages: 1, removed: 1, sample: [{ pageId: 'p', title: 'Old', change: 'removed' }] } }))).toBe('Deleted “Old”');
    expect(revisionSummary(entry('r', { changes: { pages: 1, added: 1, sample: [{ pageId: 'p', title: 'Back', change: 'restored' }] } }))).toBe('Restored “Back”');
    expect(revisionSummary(entry('r', { kind: 'import', changes: { pages: 12, added: 12, files: 3 } }))).toBe('12 pages added; 3 files');
    expect(revisionSummary(entry('r', { changes: { pages: 3, added: 1, edited: 1, removed: 1 } }))).toBe('1 page added, 1 page edited, 1 page deleted');
    expect(revisionSummary(entry('r', { kind: 'created' }))).toBe('An empty space');
    expect(revisionSummary(entry('r', { kind: 'merge' }))).toBe('No page changed');
  });
});
