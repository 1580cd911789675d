import type { inferRouterOutputs } from '@trpc/server';
import { liveUrl } from '../../../src-shared/live/connection';
import type { AppRouter } from '../api/types';
import { createWindowLive, type LiveIdentity, type WindowLive } from '../editor/live-connection';
import type { OrganizationsStore } from './organizations-store';
import type { SessionStore } from './session-store';

type Outputs = inferRouterOutputs<AppRouter>;

/** The procedure the desktop window asks where its live channel is. */
export interface LiveEndpointClient {
  settings: { liveEndpoint: { query(): Promise<Outputs['settings']['liveEndpoint']> } };
}

/** The signed-in person as presence names them (the server overwrites the name with the one it knows). */
const identityOf = (organizations: OrganizationsStore) => (): LiveIdentity | undefined => {
  const viewer = organizations.getState().viewer;
  return viewer && { id: viewer.id, name: viewer.displayName || viewer.email };
};

/**
 * A browser on `folio serve`: the channel is on the page's own origin (the CSP's connect-src 'self' covers
 * ws: to it), signed in with the session's token; signing out closes it.
 */
export function browserLive(session: SessionStore, organizations: OrganizationsStore): WindowLive {
  const live = createWindowLive({
    endpoint: () => {
      const origin = (globalThis as { location?: { origin: string } }).location?.origin;
      const token = session.getState().token;
      return origin && token ? { url: liveUrl(origin), token } : undefined;
    },
    identity: identityOf(organizations),
  });
  session.subscribe((state, previous) => {
    if (previous.status === 'signed-in' && state.status !== 'signed-in') live.destroy();
  });
  return live;
}

/** The desktop window: its own loopback host says where its channel is, and with which token (settings.liveEndpoint). */
export function desktopLive(client: LiveEndpointClient, organizations: OrganizationsStore): WindowLive {
  return createWindowLive({
    endpoint: async () => (await client.settings.liveEndpoint.query()) ?? undefined,
    identity: identityOf(organizations),
  });
}
