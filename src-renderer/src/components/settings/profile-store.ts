import type { inferRouterInputs } from '@trpc/server';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import type { AppRouter, User } from '../../api/types';
import type { OrganizationsStore } from '../../stores/organizations-store';

type Inputs = inferRouterInputs<AppRouter>;
export type ProfileInput = Inputs['user']['updateProfile'];

/** The procedure the Profile section calls. */
export interface ProfileClient {
  user: { updateProfile: { mutate(input: ProfileInput): Promise<User> } };
}

interface ProfileState {
  saving: boolean;
  /** Why the profile was not saved, in the server's words (they name the field). */
  error?: string;
  /** What just happened, for a polite live region. */
  notice?: string;
  /** Saves what changed; resolves to whether it was saved. */
  save(input: { displayName: string; email: string }): Promise<boolean>;
  clearError(): void;
  /** The Settings dialog opened: what the last visit said is not news any more. */
  opened(): void;
}

export type ProfileStore = StoreApi<ProfileState>;

interface ProfileDependencies {
  client: ProfileClient;
  onUnauthorized(message: string): void;
  /** Holds the signed-in user the sidebar shows: a saved profile replaces it there. */
  organizations: OrganizationsStore;
}

export function createProfileStore({ client, onUnauthorized, organizations }: ProfileDependencies): ProfileStore {
  return createStore<ProfileState>()((set, get) => ({
    saving: false,

    async save(input) {
      const viewer = organizations.getState().viewer;
      if (get().saving || !viewer) return false;
      const displayName = input.displayName.trim();
      const email = input.email.trim();
      // Only what changed is sent: an unchanged email is not checked against other accounts again.
      const changes: ProfileInput = {
        ...(displayName !== viewer.displayName ? { displayName } : {}),
        ...(email !== viewer.email ? { email } : {}),
      };
      if (Object.keys(changes).length === 0) {
        set({ error: undefined, notice: 'Nothing to save: the profile is as it was.' });
        return true;
      }
      set({ saving: true, error: undefined, notice: undefined });
      try {
        const user = await client.user.updateProfile.mutate(changes);
        organizations.setState({ viewer: user });
        set({ saving: false, notice: 'Profile saved.' });
        return true;
      } catch (error) {
        const { message, unauthorized } = describeError(error);
        if (unauthorized) onUnauthorized(message);
        set({ saving: false, error: message });
        return false;
      }
    },

    clearError() {
      if (get().error !== undefined) set({ error: undefined });
    },

    opened() {
      set({ error: undefined, notice: undefined });
    },
  }));
}
