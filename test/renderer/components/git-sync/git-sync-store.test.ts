import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGitSyncStore, type GitSyncClient, type GitSyncSettings } from '../../../../src-renderer/src/components/git-sync/git-sync-store';
import { statusWords } from '../../../../src-renderer/src/components/git-sync/git-sync-words';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import { serverError } from '../../fake-client';

const COMMIT = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const NEXT = 'ffeeddccbbaa00112233445566778899aabbccdd';

function settings(changes: Partial<GitSyncSettings> = {}): GitSyncSettings {
  return {
    enabled: true,
    url: 'https://git.example.com/docs.git',
    ref: 'refs/heads/main',
    repoProjectDirectory: '',
    hasCredentials: false,
    pollMinutes: 5,
    webhook: { url: 'https://folio.example.com/hooks/git/s-1', secret: 'secret' },
    lastCommit: COMMIT,
    lastCheckedAt: '2026-01-01T00:00:00.000Z',
    pendingCommit: null,
    operation: null,
    notes: [],
    changeRequest: null,
    ...changes,
  };
}

const running = (stage: 'repo_fetch' | 'content_process') =>
  ({ state: 'running', direction: 'import', stage, dispatchedTasks: 4, completedTasks: 1, startedAt: '', updatedAt: '' }) as const;

function setup(client: { get?: () => Promise<GitSyncSettings | null>; syncNow?: () => Promise<GitSyncSettings & { failed?: string }> }) {
  const fake = {
    gitSync: {
      get: { query: vi.fn(client.get ?? (async () => settings())) },
      configure: { mutate: vi.fn(async () => settings()) },
      disable: { mutate: vi.fn(async () => settings({ enabled: false })) },
      syncNow: { mutate: vi.fn(client.syncNow ?? (async () => settings())) },
    },
  };
  const navigation = createNavigationStore();
  navigation.getState().enterSpace('s-1');
  const store = createGitSyncStore({ client: fake as unknown as GitSyncClient, onUnauthorized: vi.fn(), navigation });
  return { store, fake, navigation };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the Git Sync store', () => {
  it('loads a space without Git Sync as not set up, and tells a non-admin apart from a failure', async () => {
    const none = setup({ get: async () => null });
    await none.store.getState().open('s-1');
    expect(none.store.getState().load).toEqual({ status: 'ready', settings: null });

    const refused = setup({ get: async () => Promise.reject(serverError('You need the admin role', 'FORBIDDEN', 403)) });
    await refused.store.getState().open('s-1');
    expect(refused.store.getState().load).toMatchObject({ status: 'forbidden' });

    const broken = setup({ get: async () => Promise.reject(serverError('Space "s-1" not found')) });
    await broken.store.getState().open('s-1');
    expect(broken.store.getState().load).toEqual({ status: 'error', message: 'Space "s-1" not found' });
  });

  it('asks for the state every second while a sync runs, then stops, and reloads the content it brought', async () => {
    vi.useFakeTimers();
    const answers = [settings(), settings({ operation: running('repo_fetch') }), settings({ operation: running('content_process') })];
    let finish: (value: GitSyncSettings) => void = () => undefined;
    const { store, fake, navigation } = setup({
      get: async () => answers.shift() ?? settings(),
      syncNow: () => new Promise((resolve) => (finish = resolve)),
    });
    await store.getState().open('s-1');
    void store.getState().syncNow();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.gitSync.get.query).toHaveBeenCalledTimes(2);
    expect(statusWords(readySettings(store), true).text).toBe('Syncing… (fetching the repository)');
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.gitSync.get.query).toHaveBeenCalledTimes(3);
    expect(statusWords(readySettings(store), true).text).toBe('Syncing… (updating the content)');

    finish(settings({ lastCommit: NEXT, operation: { ...running('content_process'), state: 'success' } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().pending.sync).toBe(false);
    expect(navigation.getState().contentVersion).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fake.gitSync.get.query).toHaveBeenCalledTimes(3);
  });

  it('shows a failed sync in the words the server recorded', async () => {
    const { store } = setup({
      syncNow: async () => ({ ...settings({ operation: { ...running('repo_fetch'), state: 'failure', error: 'url: the repository could not be reached' } }), failed: 'x' }),
    });
    await store.getState().open('s-1');
    await store.getState().syncNow();
    expect(statusWords(readySettings(store), false, store.getState().errors.sync).text).toBe('Last sync failed: url: the repository could not be reached');
  });
});

describe('the Git Sync status words', () => {
  it('says where the space stands with its repository, without credentials in the address', () => {
    expect(statusWords(settings(), false).text).toBe('In sync with https://git.example.com/docs.git at a1b2c3d');
    expect(statusWords(settings({ url: 'https://me:token@git.example.com/docs.git' }), false).text).not.toContain('token');
    expect(statusWords(settings({ lastCommit: null }), false).text).toMatch(/^Not synced yet/);
    expect(statusWords(settings({ operation: running('repo_fetch') }), false).text).toBe('Syncing… (fetching the repository)');
  });
});

function readySettings(store: ReturnType<typeof setup>['store']): GitSyncSettings {
  const { load } = store.getState();
  if (load.status !== 'ready' || !load.settings) throw new Error(`not ready: ${load.status}`);
  return load.settings;
}
