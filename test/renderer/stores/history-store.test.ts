import { describe, expect, it, vi } from 'vitest';
import { revisionSummary, revisionTitle } from '../../../src-renderer/src/components/history/revision-words';
import { createHistoryStore, HISTORY_PAGE_SIZE, type HistoryClient, type RevisionEntry } from '../../../src-renderer/src/stores/history-store';
import { createNavigationStore } from '../../../src-renderer/src/stores/navigation-store';
import { deferred, page, serverError, unauthorizedError, user } from '../fake-client';

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
      page: { query: vi.fn(async (input: { spaceId: string; revisionId: string; pageId: string }): Promise<PageAnswer> => ({ revision: header(input.revisionId), page: welcome })) },
      pages: {
        query: vi.fn(async (input: { spaceId: string; revisionId: string }) => ({
          revision: header(input.revisionId),
          pages: [{ id: 'p-welcome', title: 'Welcome', path: 'welcome', depth: 0, kind: 'document' as const }],
        })),
      },
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

    client.revisions.page.query.mockResolvedValueOnce({ revision: header('r-1'), page: null });
    await store.getState().showPage('s-1', 'r-1', 'p-later');
    expect(client.revisions.pages.query).toHaveBeenCalledWith({ spaceId: 's-1', revisionId: 'r-1' });
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

describe('the words of a revision', () => {
  it('says what made it', () => {
    expect(revisionTitle(entry('r', { kind: 'merge', mergedFrom: { id: 'cr', number: 4, subject: 'Fix typos' } }))).toBe('Merged change request #4 “Fix typos”');
    expect(revisionTitle(entry('r', { kind: 'import' }))).toBe('Import');
    expect(revisionTitle(entry('r', { kind: 'live' }))).toBe('Edits in the editor');
    expect(revisionTitle(entry('r', { kind: 'created' }))).toBe('Space created');
  });

  it('names the page when one changed, and counts them otherwise', () => {
    expect(revisionSummary(entry('r', { changes: { pages: 1, edited: 1, sample: [{ pageId: 'p', title: 'Setup', change: 'edited' }] } }))).toBe('Edited “Setup”');
    expect(revisionSummary(entry('r', { changes: { pages: 1, removed: 1, sample: [{ pageId: 'p', title: 'Old', change: 'removed' }] } }))).toBe('Deleted “Old”');
    expect(revisionSummary(entry('r', { changes: { pages: 1, added: 1, sample: [{ pageId: 'p', title: 'Back', change: 'restored' }] } }))).toBe('Restored “Back”');
    expect(revisionSummary(entry('r', { kind: 'import', changes: { pages: 12, added: 12, files: 3 } }))).toBe('12 pages added; 3 files');
    expect(revisionSummary(entry('r', { changes: { pages: 3, added: 1, edited: 1, removed: 1 } }))).toBe('1 page added, 1 page edited, 1 page deleted');
    expect(revisionSummary(entry('r', { kind: 'created' }))).toBe('An empty space');
    expect(revisionSummary(entry('r', { kind: 'merge' }))).toBe('No page changed');
  });
});
