import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { AppRouter } from '../../api/types';
import type { FeatureDependencies } from '../../stores/feature-dependencies';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

export type Settings = Outputs['settings']['get'];
export type RemoteServer = NonNullable<Settings['remote']>;

/** The slice of the tRPC client the settings use. */
export interface SettingsClient {
  settings: {
    get: { query(): Promise<Settings> };
    setRemote: { mutate(input: Inputs['settings']['setRemote']): Promise<RemoteServer> };
    clearRemote: { mutate(): Promise<{ remote: null }> };
  };
}

type SettingsLoad = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; settings: Settings };

interface SettingsState {
  load: SettingsLoad;
  /** Saving or disconnecting the team server. */
  saving: boolean;
  /** Why the team server was not saved (the server's words). */
  remoteError?: string;
  /** What just happened, for a polite live region. */
  notice?: string;
  /** Loads the settings (again each time the dialog opens: another window may have changed them). */
  open(): Promise<void>;
  /** Resolves to whether it was saved. An empty token keeps the saved one. */
  saveRemote(url: string, token: string): Promise<boolean>;
  clearRemote(): Promise<boolean>;
}

export type SettingsStore = StoreApi<SettingsState>;

export function createSettingsStore({ client, onUnauthorized }: FeatureDependencies<SettingsClient>): SettingsStore {
  const failure = (error: unknown): string => {
    const { message, unauthorized } = describeError(error);
    if (unauthorized) onUnauthorized(message);
    return message;
  };

  return createStore<SettingsState>()((set, get) => {
    const withRemote = (remote: RemoteServer | null) => {
      const { load } = get();
      if (load.status === 'ready') set({ load: { status: 'ready', settings: { ...load.settings, remote } } });
    };

    return {
      load: { status: 'idle' },
      saving: false,

      async open() {
        set({ load: { status: 'loading' }, remoteError: undefined, notice: undefined });
        try {
          set({ load: { status: 'ready', settings: await client.settings.get.query() } });
        } catch (error) {
          set({ load: { status: 'error', message: failure(error) } });
        }
      },

      async saveRemote(url, token) {
        if (get().saving) return false;
        const address = url.trim();
        if (!address) {
          set({ remoteError: 'Enter the team server’s address, such as https://docs.example.com.' });
          return false;
        }
        set({ saving: true, remoteError: undefined, notice: undefined });
        try {
          const remote = await client.settings.setRemote.mutate({ url: address, ...(token.trim() ? { token: token.trim() } : {}) });
          withRemote(remote);
          set({ saving: false, notice: `Team server saved: ${remote.url}.` });
          return true;
        } catch (error) {
          set({ saving: false, remoteError: failure(error) });
          return false;
        }
      },

      async clearRemote() {
        if (get().saving) return false;
        set({ saving: true, remoteError: undefined, notice: undefined });
        try {
          await client.settings.clearRemote.mutate();
          withRemote(null);
          set({ saving: false, notice: 'Disconnected from the team server.' });
          return true;
        } catch (error) {
          set({ saving: false, remoteError: failure(error) });
          return false;
        }
      },
    };
  });
}
