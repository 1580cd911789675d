import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { AppRouter } from '../../api/types';
import type { FeatureDependencies } from '../../stores/feature-dependencies';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

/** The slice of the tRPC client the Git Sync panel uses. */
export interface GitSyncClient {
  gitSync: {
    get: { query(input: Inputs['gitSync']['get']): Promise<Outputs['gitSync']['get']> };
    configure: { mutate(input: Inputs['gitSync']['configure']): Promise<Outputs['gitSync']['configure']> };
    disable: { mutate(input: Inputs['gitSync']['disable']): Promise<Outputs['gitSync']['disable']> };
    syncNow: { mutate(input: Inputs['gitSync']['syncNow']): Promise<Outputs['gitSync']['syncNow']> };
  };
}

/** A space's Git Sync settings and state, as `gitSync.get` answers for one that has been set up. */
export type GitSyncSettings = NonNullable<Outputs['gitSync']['get']>;
export type GitSyncSettingsInput = Inputs['gitSync']['configure']['settings'];

type GitSyncLoad =
  | { status: 'idle' }
  | { status: 'loading' }
  /** The caller is not an admin of the space (FORBIDDEN): only admins may see or change the settings. */
  | { status: 'forbidden'; message: string }
  | { status: 'error'; message: string }
  /** `settings` null: Git Sync was never set up for the space. */
  | { status: 'ready'; settings: GitSyncSettings | null };

type GitSyncAction = 'configure' | 'disable' | 'sync';

export interface GitSyncState {
  /** The space the panel shows; answers for another one are dropped. */
  spaceId?: string;
  load: GitSyncLoad;
  pending: Partial<Record<GitSyncAction, boolean>>;
  /** Each action's failure in the server's words ("url: …"). */
  errors: Partial<Record<GitSyncAction, string>>;
  /** Opens the panel on a space: loads its settings, and follows a sync already running. */
  open(spaceId: string): Promise<void>;
  /** The panel closed: no more polling (a running "Sync now" still finishes and is shown next time). */
  close(): void;
  configure(settings: GitSyncSettingsInput): Promise<boolean>;
  disable(): Promise<void>;
  syncNow(): Promise<void>;
  clearError(action: GitSyncAction): void;
}

export type GitSyncStore = StoreApi<GitSyncState>;

/** How often the panel asks for the state of a running sync. */
const POLL_MS = 1000;

function isForbidden(error: unknown): boolean {
  const data = (error as { data?: { code?: unknown } | null } | undefined)?.data;
  return data?.code === 'FORBIDDEN';
}

export function createGitSyncStore({ client, onUnauthorized, navigation }: FeatureDependencies<GitSyncClient>): GitSyncStore {
  let visible = false;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  // Bumped by every answer of a write: a poll that started before it would show an older state.
  let generation = 0;

  const explain = (error: unknown) => {
    const described = describeError(error);
    if (described.unauthorized) onUnauthorized(described.message);
    return described.message;
  };

  const store = createStore<GitSyncState>()((set, get) => {
    const showing = (spaceId: string) => get().spaceId === spaceId;
    const settingsOf = () => {
      const { load } = get();
      return load.status === 'ready' ? load.settings : null;
    };
    const running = () => get().pending.sync === true || settingsOf()?.operation?.state === 'running';
    const show = (spaceId: string, settings: GitSyncSettings | null) => {
      if (showing(spaceId)) set({ load: { status: 'ready', settings } });
    };
    const setPending = (action: GitSyncAction, on: boolean) => set((state) => ({ pending: { ...state.pending, [action]: on } }));
    const setError = (action: GitSyncAction, message: string | undefined) => set((state) => ({ errors: { ...state.errors, [action]: message } }));

    /** While a sync runs (this panel's or the timer's, a webhook's), its stage is asked for every second. */
    function followRunning(): void {
      if (pollTimer || !visible || !running()) return;
      pollTimer = setTimeout(() => void poll(), POLL_MS);
    }

    function stopPolling(): void {
      clearTimeout(pollTimer);
      pollTimer = undefined;
    }

    async function poll(): Promise<void> {
      pollTimer = undefined;
      const spaceId = get().spaceId;
      if (!spaceId || !visible) return;
      const asked = generation;
      try {
        const settings = await client.gitSync.get.query({ spaceId });
        if (asked === generation) show(spaceId, settings);
      } catch {
        // A missed answer is not worth an alert: the next poll, or the sync's own answer, brings the state.
      }
      followRunning();
    }

    return {
      load: { status: 'idle' },
      pending: {},
      errors: {},

      async open(spaceId) {
        visible = true;
        if (get().spaceId !== spaceId) set({ spaceId, load: { status: 'loading' }, pending: {}, errors: {} });
        else if (get().load.status !== 'ready') set({ load: { status: 'loading' } });
        try {
          const settings = await client.gitSync.get.query({ spaceId });
          show(spaceId, settings);
          followRunning();
        } catch (error) {
          const message = explain(error);
          if (showing(spaceId)) set({ load: isForbidden(error) ? { status: 'forbidden', message } : { status: 'error', message } });
        }
      },

      close() {
        visible = false;
        stopPolling();
        set({ errors: {} });
      },

      async configure(settings) {
        const spaceId = get().spaceId;
        if (!spaceId || get().pending.configure) return false;
        setPending('configure', true);
        setError('configure', undefined);
        try {
          const answer = await client.gitSync.configure.mutate({ spaceId, settings });
          generation++;
          show(spaceId, answer);
          return true;
        } catch (error) {
          setError('configure', explain(error));
          return false;
        } finally {
          setPending('configure', false);
        }
      },

      async disable() {
        const spaceId = get().spaceId;
        if (!spaceId || get().pending.disable) return;
        setPending('disable', true);
        setError('disable', undefined);
        try {
          const answer = await client.gitSync.disable.mutate({ spaceId });
          generation++;
          show(spaceId, answer);
        } catch (error) {
          setError('disable', explain(error));
        } finally {
          setPending('disable', false);
        }
      },

      async syncNow() {
        const spaceId = get().spaceId;
        if (!spaceId || running()) return;
        const commitBefore = settingsOf()?.lastCommit;
        setPending('sync', true);
        setError('sync', undefined);
        followRunning();
        try {
          const answer = await client.gitSync.syncNow.mutate({ spaceId });
          // A failed sync still answers the settings, with the failure in `operation.error` and in `failed`.
          const failed = 'failed' in answer ? answer.failed : undefined;
          generation++;
          show(spaceId, answer);
          if (failed && !answer.operation?.error) setError('sync', failed);
          // New commits came in (or Folio's went out): the page tree and the open page show main as it is now.
          if (answer.lastCommit !== commitBefore && navigation.getState().spaceId === spaceId) navigation.getState().contentChanged();
        } catch (error) {
          setError('sync', explain(error));
        } finally {
          setPending('sync', false);
          // The answer is the final state: no poll needed, unless another sync (the timer's) started meanwhile.
          if (running()) followRunning();
          else stopPolling();
        }
      },

      clearError(action) {
        setError(action, undefined);
      },
    };
  });
  return store;
}
