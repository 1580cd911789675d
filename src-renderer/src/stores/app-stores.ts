import type { FolioClient } from '../api/types';
import { createFeatureStores, type FeatureClient, type FeatureStores } from './feature-stores';
import { browserLive, desktopLive, type LiveEndpointClient } from './live-channel';
import { followInvitations } from '../components/invites/invitations-store';
import { createOrganizationsStore, type OrganizationsStore } from './organizations-store';
import { createSessionStore, type SessionStore } from './session-store';
import { createSpacesStore, type SpacesStore } from './spaces-store';
import type { KeyValueStorage } from './storage';
import { createWritingStores, type WritingClient, type WritingStores } from './writing-stores';

/** Every store the page uses. `session` exists only in a browser: the desktop app is always its owner. */
export interface AppStores extends FeatureStores, WritingStores {
  session?: SessionStore;
  organizations: OrganizationsStore;
  spaces: SpacesStore;
}

/** Everything the page calls: the real tRPC client is one. */
export type AppClient = FolioClient & FeatureClient & WritingClient & LiveEndpointClient;

/** Navigation follows the open space: another space starts with no page open. */
function followSpace(spaces: SpacesStore, features: FeatureStores): void {
  spaces.subscribe((state) => features.navigation.getState().enterSpace(state.openSpaceId));
}

/**
 * What arrives from the team server shows without a reload: when the sync status says an exchange changed
 * something here, the spaces list, the open space and the page tree refresh quietly (the open page's editor
 * follows its own body already).
 */
function followSync(spaces: SpacesStore, features: FeatureStores): void {
  features.sync.subscribe((state, previous) => {
    const now = state.status?.attached ? state.status.received : undefined;
    const before = previous.status?.attached ? previous.status.received : undefined;
    if (now === undefined || before === undefined || now === before) return;
    void spaces.getState().refresh();
    if (features.navigation.getState().spaceId) void features.pageTree.getState().reload();
  });
}

/** The spaces store follows the organization that is open: another one loads its tree, none clears it. */
function followOrganization(organizations: OrganizationsStore, spaces: SpacesStore): void {
  organizations.subscribe((state, previous) => {
    if (state.selectedId === previous.selectedId) return;
    if (state.selectedId) void spaces.getState().showOrganization(state.selectedId);
    else spaces.getState().reset();
  });
}

/** A screen of an organization with an address of its own (Sites, API specs, Integrations). */
interface ScreenState {
  screen?: { organizationId: string };
  close(): void;
}
interface ScreenStore {
  getState(): ScreenState;
  subscribe(listener: (state: ScreenState, previous: ScreenState) => void): () => void;
}

/**
 * The organization's screens and an open space take turns: opening one closes the others and the space,
 * opening a space closes them, and showing another organization closes a screen of the previous one.
 */
function followScreens(organizations: OrganizationsStore, spaces: SpacesStore, features: FeatureStores): void {
  const screens: ScreenStore[] = [features.sites, features.openapi, features.integrations];
  spaces.subscribe((state, previous) => {
    if (state.openSpaceId && state.openSpaceId !== previous.openSpaceId) screens.forEach((screen) => screen.getState().close());
  });
  for (const store of screens) {
    store.subscribe((state, previous) => {
      if (!state.screen || previous.screen) return;
      if (spaces.getState().openSpaceId) spaces.getState().close();
      screens.filter((other) => other !== store).forEach((other) => other.getState().close());
    });
  }
  organizations.subscribe((state) => {
    for (const store of screens) {
      const screen = store.getState().screen;
      if (screen && screen.organizationId !== state.selectedId) store.getState().close();
    }
  });
}

/**
 * A browser on `folio serve`: a token-based session, and stores whose client sends the session's current
 * token. A 401 ends the session; ending the session clears what was loaded.
 */
export function createBrowserStores(storage: KeyValueStorage, clientFor: (getToken: () => string | undefined) => AppClient): AppStores {
  const session = createSessionStore({ storage, verify: (token) => clientFor(() => token).user.me.query() });
  const client = clientFor(() => session.getState().token);
  const onUnauthorized = (message: string) => {
    // Several calls can fail with 401 together; only the first explains why the form is back.
    if (session.getState().status === 'signed-in') session.getState().expire(message);
  };
  const organizations = createOrganizationsStore({ client, storage, onUnauthorized });
  const spaces = createSpacesStore({ client, onUnauthorized });
  const features = createFeatureStores(client, onUnauthorized, browserLive(session, organizations));
  followOrganization(organizations, spaces);
  followSpace(spaces, features);
  followSync(spaces, features);
  followScreens(organizations, spaces, features);
  followInvitations(features.invitations, organizations);
  session.subscribe((state, previous) => {
    if (previous.status === 'signed-in' && state.status !== 'signed-in') {
      organizations.getState().reset();
      spaces.getState().reset();
    }
  });
  const writing = createWritingStores({ client, onUnauthorized, organizations, storage });
  return { session, organizations, spaces, ...writing, ...features };
}

/** The desktop app: the main process answers as the owner, so there is no sign-in and a 401 is only an error. */
export function createDesktopStores(storage: KeyValueStorage, client: AppClient): AppStores {
  const organizations = createOrganizationsStore({ client, storage, onUnauthorized: () => {} });
  const spaces = createSpacesStore({ client, onUnauthorized: () => {} });
  const features = createFeatureStores(client, () => {}, desktopLive(client, organizations));
  followOrganization(organizations, spaces);
  followSpace(spaces, features);
  followSync(spaces, features);
  followScreens(organizations, spaces, features);
  followInvitations(features.invitations, organizations);
  const writing = createWritingStores({ client, onUnauthorized: () => {}, organizations, storage });
  return { organizations, spaces, ...writing, ...features };
}
