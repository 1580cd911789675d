import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { AppRouter } from '../../api/types';
import { browserEnvironment, type SyncEnvironment } from '../../editor/sync-environment';
import { isUnreachable } from '../../stores/connection-store';
import type { FeatureDependencies } from '../../stores/feature-dependencies';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

/** What the app says about its team server: not attached, or the state, the changes waiting and what was refused. */
export type SyncStatus = Outputs['sync']['status'];
export type AttachedSyncStatus = Extract<SyncStatus, { attached: true }>;

/** The slice of the tRPC client the sync state uses: one local call (IPC or loopback), never the team server. */
export interface SyncClient {
  sync: { status: { query(input?: Inputs['sync']['status']): Promise<SyncStatus> } };
}

/** Between two reads of the state while attached: often enough that "Syncing…" and "Offline" show promptly. */
export const ATTACHED_POLL_MS = 3_000;
/** While not attached nothing changes by itself; a slow read notices a team server saved from another window. */
export const DETACHED_POLL_MS = 15_000;

export interface SyncState {
  /** The last answer; undefined until the first one. */
  status?: SyncStatus;
  /** Why the last read failed, in words, and whether it never reached the app's server (cleared by the next answer). */
  callError?: { message: string; unreachable: boolean };
  /** Reads the state while the window is visible, until every returned stop function has been called. */
  watch(): () => void;
  /** Reads the state now (focus, or a team server just saved). */
  refresh(): Promise<void>;
  /** Stops reading (the page goes away). */
  dispose(): void;
}

export type SyncStore = StoreApi<SyncState>;

/** One space's sync, as the space badge and the sidebar say it. */
export type SpaceSync =
  /** Not attached, or the space's organization exists only on this computer. */
  | { kind: 'local' }
  | { kind: 'synced'; lastSyncAt?: string }
  | { kind: 'syncing'; lastSyncAt?: string }
  /** Attached and idle, but some of this space's changes have not gone out yet. */
  | { kind: 'waiting'; waiting: number; lastSyncAt?: string }
  | { kind: 'offline'; waiting: number; message?: string; lastSyncAt?: string }
  | { kind: 'error'; message: string; waiting: number; lastSyncAt?: string };

/** The sync of the space `space` (its id and organization) under `status`. */
export function spaceSync(status: SyncStatus | undefined, space: { id: string; organization: string }): SpaceSync {
  if (!status?.attached || !status.organizations.includes(space.organization)) return { kind: 'local' };
  const waiting = status.waitingBySpace[space.id] ?? 0;
  const { lastSyncAt } = status;
  switch (status.state) {
    case 'error':
      return { kind: 'error', message: status.message ?? 'Sync stopped.', waiting, lastSyncAt };
    case 'offline':
      return { kind: 'offline', waiting, message: status.message, lastSyncAt };
    case 'syncing':
      return { kind: 'syncing', lastSyncAt };
    default:
      return waiting > 0 ? { kind: 'waiting', waiting, lastSyncAt } : { kind: 'synced', lastSyncAt };
  }
}

/** Two answers that say the same thing: the store keeps the old object so nothing re-renders every few seconds. */
function sameStatus(a: SyncStatus | undefined, b: SyncStatus): boolean {
  return a !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The sync state of this app (docs/sync.md, "Workstation state"), read from the main process every few
 * seconds while the window is visible and someone shows it, at once on focus, and not at all while hidden.
 * The team server is never called from here: the main process follows it and answers from memory and its store.
 */
export function createSyncStore(
  { client, onUnauthorized }: FeatureDependencies<SyncClient>,
  environment: SyncEnvironment = browserEnvironment(),
): SyncStore {
  let watchers = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopWatching: (() => void) | undefined;
  // Each read is numbered; an answer older than one already shown is dropped (a slow read after a quick one).
  let sent = 0;
  let shown = 0;

  return createStore<SyncState>()((set, get) => {
    const schedule = () => {
      clearTimeout(timer);
      timer = undefined;
      if (watchers === 0 || environment.isHidden()) return;
      timer = setTimeout(() => void get().refresh(), get().status?.attached ? ATTACHED_POLL_MS : DETACHED_POLL_MS);
    };

    const onEvent = (event: string) => {
      if (event === 'offline') return; // nothing to ask until the network is back ('online')
      if (event === 'hidden') {
        clearTimeout(timer);
        timer = undefined;
      } else {
        // Visible again, focused, or the network is back: what the writer sees should be current at once.
        void get().refresh();
      }
    };

    return {
      watch() {
        watchers += 1;
        if (watchers === 1) {
          stopWatching = environment.watch(onEvent);
          if (!environment.isHidden()) void get().refresh();
        }
        let stopped = false;
        return () => {
          if (stopped) return;
          stopped = true;
          watchers -= 1;
          if (watchers > 0) return;
          stopWatching?.();
          stopWatching = undefined;
          clearTimeout(timer);
          timer = undefined;
        };
      },

      async refresh() {
        // The next read is planned after this one's answer; none in between.
        clearTimeout(timer);
        timer = undefined;
        const number = ++sent;
        try {
          const status = await client.sync.status.query();
          if (number < shown) return;
          shown = number;
          if (!sameStatus(get().status, status)) set({ status });
          if (get().callError !== undefined) set({ callError: undefined });
        } catch (error) {
          if (number < shown) return;
          shown = number;
          const { message, unauthorized } = describeError(error);
          if (unauthorized) onUnauthorized(message);
          set({ callError: { message, unreachable: isUnreachable(error) } });
        }
        if (number === sent) schedule();
      },

      dispose() {
        watchers = 0;
        stopWatching?.();
        stopWatching = undefined;
        clearTimeout(timer);
        timer = undefined;
      },
    };
  });
}
