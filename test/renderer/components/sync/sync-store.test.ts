import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Announcement, badgeWords, nextAnnouncement, refusedWhat, syncWords } from '../../../../src-renderer/src/components/sync/sync-words';
import type { SyncEnvironment, SyncEvent } from '../../../../src-renderer/src/editor/sync-environment';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import {
  ATTACHED_POLL_MS,
  type AttachedSyncStatus,
  createSyncStore,
  DETACHED_POLL_MS,
  spaceSync,
  type SyncStatus,
} from '../../../../src-renderer/src/components/sync/sync-store';
import { serverError, unauthorizedError } from '../../fake-client';

const ORG = 'org-team';

function attached(change: Partial<AttachedSyncStatus> = {}): AttachedSyncStatus {
  return {
    attached: true,
    url: 'http://team.example',
    state: 'idle',
    waiting: 0,
    received: 0,
    lastSyncAt: '2025-03-12T10:00:00.000Z',
    waitingBySpace: {},
    organizations: [ORG],
    refused: [],
    ...change,
  };
}

/** A window whose visibility the test sets, and whose events the test sends. */
function fakeWindow() {
  let hidden = false;
  const listeners = new Set<(event: SyncEvent) => void>();
  const environment: SyncEnvironment = {
    isHidden: () => hidden,
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const send = (event: SyncEvent) => {
    if (event === 'hidden') hidden = true;
    if (event === 'visible') hidden = false;
    for (const listener of listeners) listener(event);
  };
  return { environment, send, listeners };
}

function setup(answer: SyncStatus = attached()) {
  const status = vi.fn(async (): Promise<SyncStatus> => answer);
  const onUnauthorized = vi.fn();
  const window = fakeWindow();
  const store = createSyncStore({ client: { sync: { status: { query: status } } }, onUnauthorized, navigation: createNavigationStore() }, window.environment);
  return { store, status, onUnauthorized, window };
}

/** What the tRPC client rejects with when the request never reached the app's server. */
const unreachable = () => Object.assign(new Error('Failed to fetch'), { name: 'TRPCClientError' });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the sync store', () => {
  it('reads nothing until something shows the sync state', async () => {
    const { status } = setup();
    await vi.advanceTimersByTimeAsync(DETACHED_POLL_MS * 4);
    expect(status).not.toHaveBeenCalled();
  });

  it('reads at once when watched, then every few seconds while attached', async () => {
    const { store, status } = setup();
    store.getState().watch();
    await vi.advanceTimersByTimeAsync(0);
    expect(status).toHaveBeenCalledTimes(1);
    expect(store.getState().status).toMatchObject({ attached: true, state: 'idle' });
    await vi.advanceTimersByTimeAsync(ATTACHED_POLL_MS * 3);
    expect(status).toHaveBeenCalledTimes(4);
  });

  it('reads slowly while not attached', async () => {
    const { store, status } = setup({ attached: false });
    store.getState().watch();
    await vi.advanceTimersByTimeAsync(ATTACHED_POLL_MS * 4);
    expect(status).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(DETACHED_POLL_MS - ATTACHED_POLL_MS * 4);
    expect(status).toHaveBeenCalledTimes(2);
  });

  it('stops reading while the window is hidden, and reads at once when it shows or gets the focus again', async () => {
    const { store, status, window } = setup();
    store.getState().watch();
    await vi.advanceTimersByTimeAsync(0);
    window.send('hidden');
    await vi.advanceTimersByTimeAsync(ATTACHED_POLL_MS * 10);
    expect(status).toHaveBeenCalledTimes(1);

    window.send('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(status).toHaveBeenCalledTimes(2);
    window.send('focus');
    await vi.advanceTimersByTimeAsync(0);
    expect(status).toHaveBeenCalledTimes(3);
    // The focus read replaced the planned one: still one read per interval, not two.
    await vi.advanceTimersByTimeAsync(ATTACHED_POLL_MS);
    expect(status).toHaveBeenCalledTimes(4);
  });

  it('does not read while hidden when first watched', async () => {
    const { store, status, window } = setup();
    window.send('hidden');
    store.getState().watch();
    await vi.advanceTimersByTimeAsync(ATTACHED_POLL_MS * 3);
    expect(status).not.toHaveBeenCalled();
    window.send('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(status).toHaveBeenCalledTimes(1);
  });

  it('keeps reading while any watcher remains, and stops with the last one', async () => {
    const { store, status, window } = setup();
    const stopSidebar = store.getState().watch();
    const stopBadge = store.getState().watch();
    await vi.advanceTimersByTimeAsync(0);
    expect(status).toHaveBeenCalledTimes(1);
    stopBadge();
    stopBadge();
    await vi.advanceTimersByTimeAsync(ATTACHED_POLL_MS);
    expect(status).toHaveBeenCalledTimes(2);
    stopSidebar();
    expect(window.listeners.size).toBe(0);
    await vi.advanceTimersByTimeAsync(ATTACHED_POLL_MS * 5);
    expect(status).toHaveBeenCalledTimes(2);
  });

  it('drops an answer older than one already shown', async () => {
    const { store, status } = setup();
    let answerSlow: (value: SyncStatus) => void = () => {};
    status.mockImplementationOnce(() => new Promise<SyncStatus>((resolve) => (answerSlow = resolve)));
    status.mockResolvedValueOnce(attached({ state: 'offline', waiting: 3 }));
    const slow = store.getState().refresh();
    await store.getState().refresh();
    answerSlow(attached({ state: 'idle' }));
    await slow;
    expect(store.getState().status).toMatchObject({ state: 'offline', waiting: 3 });
  });

  it('keeps the same status object while the answers say the same thing', async () => {
    const { store, status } = setup();
    status.mockImplementation(async () => attached());
    await store.getState().refresh();
    const first = store.getState().status;
    await store.getState().refresh();
    expect(store.getState().status).toBe(first);
    status.mockImplementation(async () => attached({ state: 'syncing' }));
    await store.getState().refresh();
    expect(store.getState().status).not.toBe(first);
  });

  it('says why a read failed, tells a 401, and clears the error with the next answer', async () => {
    const { store, status, onUnauthorized } = setup();
    status.mockRejectedValueOnce(serverError('The database is locked', 'INTERNAL_SERVER_ERROR', 500));
    await store.getState().refresh();
    expect(store.getState().callError).toEqual({ message: 'The database is locked', unreachable: false });

    status.mockRejectedValueOnce(unreachable());
    await store.getState().refresh();
    expect(store.getState().callError).toMatchObject({ unreachable: true, message: expect.stringContaining('Could not reach the Folio server') });

    status.mockRejectedValueOnce(unauthorizedError());
    await store.getState().refresh();
    expect(onUnauthorized).toHaveBeenCalledWith('Missing or invalid API token');

    await store.getState().refresh();
    expect(store.getState().callError).toBeUndefined();
    expect(store.getState().status).toMatchObject({ attached: true });
  });

  it('keeps reading after a failed read', async () => {
    const { store, status } = setup();
    status.mockRejectedValueOnce(unreachable());
    store.getState().watch();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().callError).toBeDefined();
    await vi.advanceTimersByTimeAsync(DETACHED_POLL_MS);
    expect(status).toHaveBeenCalledTimes(2);
    expect(store.getState().callError).toBeUndefined();
  });
});

describe("a space's sync", () => {
  const space = { id: 'space-1', organization: ORG };

  it('is local when not attached, or when the space’s organization exists only here', () => {
    expect(spaceSync(undefined, space)).toEqual({ kind: 'local' });
    expect(spaceSync({ attached: false }, space)).toEqual({ kind: 'local' });
    expect(spaceSync(attached({ organizations: ['org-other'] }), space)).toEqual({ kind: 'local' });
  });

  it('is synced, syncing, waiting with its own count, offline or an error in words', () => {
    const lastSyncAt = '2025-03-12T10:00:00.000Z';
    expect(spaceSync(attached(), space)).toEqual({ kind: 'synced', lastSyncAt });
    expect(spaceSync(attached({ state: 'syncing', waitingBySpace: { 'space-1': 2 } }), space)).toEqual({ kind: 'syncing', lastSyncAt });
    expect(spaceSync(attached({ waiting: 5, waitingBySpace: { 'space-1': 2, 'space-2': 3 } }), space)).toEqual({ kind: 'waiting', waiting: 2, lastSyncAt });
    expect(spaceSync(attached({ waiting: 3, waitingBySpace: { 'space-2': 3 } }), space)).toEqual({ kind: 'synced', lastSyncAt });
    expect(spaceSync(attached({ state: 'offline', message: 'Cannot reach http://team.example', waitingBySpace: { 'space-1': 2 } }), space)).toEqual({
      kind: 'offline',
      waiting: 2,
      message: 'Cannot reach http://team.example',
      lastSyncAt,
    });
    expect(spaceSync(attached({ state: 'error', message: 'protocol 2 is not protocol 1' }), space)).toEqual({
      kind: 'error',
      message: 'protocol 2 is not protocol 1',
      waiting: 0,
      lastSyncAt,
    });
  });
});

describe('the words for the sync', () => {
  const now = Date.parse('2025-03-12T10:02:00.000Z');

  it('says when the app last synced, and what waits while offline', () => {
    expect(syncWords(attached(), now).text).toBe('Synced 2 minutes ago');
    expect(syncWords(attached({ state: 'syncing' }), now).text).toBe('Syncing…');
    expect(syncWords(attached({ state: 'offline', waiting: 3 }), now).text).toBe('Offline — 3 changes waiting; they go out when the server is back');
    expect(syncWords(attached({ state: 'offline', waiting: 1 }), now).text).toBe('Offline — 1 change waiting; it goes out when the server is back');
    expect(syncWords(attached({ state: 'error', message: 'Missing or invalid API token' }), now)).toMatchObject({ tone: 'error', text: 'Error: Missing or invalid API token' });
  });

  it('gives the badge short words, a sentence for screen readers and the last sync as its title', () => {
    const words = badgeWords({ kind: 'offline', waiting: 2, lastSyncAt: '2025-03-12T10:00:00.000Z' }, true);
    expect(words).toMatchObject({ tone: 'offline', text: 'Offline · 2 waiting' });
    expect(words?.label).toMatch(/^Sync: offline, 2 changes of this space waiting; they go out when the server is back\. Last synced /);
    expect(words?.title).toMatch(/^Last synced /);
    expect(badgeWords({ kind: 'local' }, false)).toBeUndefined();
    expect(badgeWords({ kind: 'local' }, true)?.text).toBe('This computer only');
  });

  it('announces a change of kind once, not on load nor while typing, and the synced state once back from offline', () => {
    const steps: Array<[Parameters<typeof nextAnnouncement>[1], string]> = [
      ['ok', 'Synced just now'],
      ['busy', 'Syncing…'],
      ['ok', 'Synced just now'],
      ['offline', 'Offline — 1 change waiting'],
      ['busy', 'Syncing…'],
      ['ok', 'Synced just now'],
      ['busy', 'Syncing…'],
    ];
    const said: string[] = [];
    let state: Announcement = { kind: undefined, text: '', provisional: false };
    for (const [tone, text] of steps) {
      state = nextAnnouncement(state, tone, text);
      said.push(state.text);
    }
    expect(said).toEqual([
      '',
      '',
      '',
      'Team server: Offline — 1 change waiting',
      'Team server: Syncing…',
      'Team server: Synced just now',
      'Team server: Synced just now',
    ]);
  });

  it('names a refused change in words', () => {
    expect(refusedWhat('spaces.title')).toBe('space title');
    expect(refusedWhat('comments._deleted')).toBe('comment deletion');
    expect(refusedWhat('change_requests.subject')).toBe('change request subject');
    expect(refusedWhat('page text')).toBe('page text');
  });
});
