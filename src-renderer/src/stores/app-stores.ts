import type { FolioClient } from '../api/types';
import { createOrganizationsStore, type OrganizationsStore } from './organizations-store';
import { createSessionStore, type SessionStore } from './session-store';
import type { KeyValueStorage } from './storage';

/** Every store the page uses. `session` exists only in a browser: the desktop app is always its owner. */
export interface AppStores {
  session?: SessionStore;
  organizations: OrganizationsStore;
}

/**
 * A browser on `folio serve`: a token-based session, and an organizations store whose client sends the
 * session's current token. A 401 ends the session; ending the session clears what was loaded.
 */
export function createBrowserStores(storage: KeyValueStorage, clientFor: (getToken: () => string | undefined) => FolioClient): AppStores {
  const session = createSessionStore({ storage, verify: (token) => clientFor(() => token).user.me.query() });
  const organizations = createOrganizationsStore({
    client: clientFor(() => session.getState().token),
    storage,
    onUnauthorized: (message) => {
      // Several calls can fail with 401 together; only the first explains why the form is back.
      if (session.getState().status === 'signed-in') session.getState().expire(message);
    },
  });
  session.subscribe((state, previous) => {
    if (previous.status === 'signed-in' && state.status !== 'signed-in') organizations.getState().reset();
  });
  return { session, organizations };
}

/** The desktop app: the main process answers as the owner, so there is no sign-in and a 401 is only an error. */
export function createDesktopStores(storage: KeyValueStorage, client: FolioClient): AppStores {
  return { organizations: createOrganizationsStore({ client, storage, onUnauthorized: () => {} }) };
}
