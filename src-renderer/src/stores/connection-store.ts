import type { inferRouterOutputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../api/errors';
import type { AppRouter } from '../api/types';
import type { FeatureDependencies } from './feature-dependencies';

type Outputs = inferRouterOutputs<AppRouter>;

/** The cheap call that tells whether the server answers again. */
export interface ConnectionClient {
  user: { me: { query(): Promise<Outputs['user']['me']> } };
}

interface ConnectionState {
  status: 'online' | 'offline';
  /** Why: the device lost its network, or the Folio server did not answer. */
  cause?: 'network' | 'server';
  /** A check is on its way. */
  checking: boolean;
  /** Seconds between checks while offline (grows up to a limit). */
  retryInSeconds?: number;
  /** A call failed: if the server could not be reached, the app is offline until a check or a call succeeds. */
  reportFailure(error: unknown): void;
  /** A call succeeded: the server is reachable. */
  reportSuccess(): void;
  /** Asks the server now (the "Try now" button, the browser saying the network is back). */
  checkNow(): Promise<void>;
  /** Follows the window's online/offline events; returns what stops it. */
  watch(target: EventTarget): () => void;
  /** Stops checking (the page goes away). */
  dispose(): void;
}

export type ConnectionStore = StoreApi<ConnectionState>;

/** The first check after going offline, then doubling up to the limit. */
export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 30_000;

/** A call that never reached the server (describeError's words for a tRPC error without the server's data). */
export function isUnreachable(error: unknown): boolean {
  return describeError(error).message.startsWith('Could not reach the Folio server');
}

/**
 * Whether the app reaches its server. Nothing is polled while online: failures of real calls (reported by
 * the watched client, see connection-watch.ts) and the browser's offline event say when it is not. While
 * offline, `user.me` is asked with a growing delay until it answers.
 */
export function createConnectionStore({ client }: FeatureDependencies<ConnectionClient>): ConnectionStore {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = FIRST_RETRY_MS;

  const store = createStore<ConnectionState>()((set, get) => {
    const goOffline = (cause: 'network' | 'server') => {
      if (get().status === 'offline') {
        if (cause === 'network' && get().cause !== 'network') set({ cause });
        return;
      }
      delay = FIRST_RETRY_MS;
      set({ status: 'offline', cause });
      scheduleCheck();
    };

    const scheduleCheck = () => {
      clearTimeout(timer);
      set({ retryInSeconds: Math.round(delay / 1000) });
      timer = setTimeout(() => void get().checkNow(), delay);
    };

    return {
      status: 'online',
      checking: false,

      reportFailure(error) {
        if (isUnreachable(error)) goOffline('server');
      },

      reportSuccess() {
        if (get().status === 'online') return;
        clearTimeout(timer);
        set({ status: 'online', cause: undefined, checking: false, retryInSeconds: undefined });
      },

      async checkNow() {
        if (get().status === 'online' || get().checking) return;
        clearTimeout(timer);
        set({ checking: true });
        try {
          await client.user.me.query();
          set({ checking: false });
          get().reportSuccess();
        } catch (error) {
          set({ checking: false });
          if (get().status === 'online') return;
          if (!isUnreachable(error)) {
            // The server answered (even with an error such as 401): it is reachable.
            get().reportSuccess();
            return;
          }
          delay = Math.min(delay * 2, MAX_RETRY_MS);
          scheduleCheck();
        }
      },

      watch(target) {
        // The device lost its network, but a server on this machine may still answer: ask before saying so.
        const offline = () => {
          client.user.me.query().then(
            () => get().reportSuccess(),
            (error: unknown) => {
              if (isUnreachable(error)) goOffline('network');
            },
          );
        };
        const online = () => {
          delay = FIRST_RETRY_MS;
          void get().checkNow();
        };
        target.addEventListener('offline', offline);
        target.addEventListener('online', online);
        return () => {
          target.removeEventListener('offline', offline);
          target.removeEventListener('online', online);
        };
      },

      dispose() {
        clearTimeout(timer);
      },
    };
  });
  return store;
}
