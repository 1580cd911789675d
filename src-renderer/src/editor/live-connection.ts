import { LiveConnection, type LiveState, type SocketLike } from '../../../src-shared/live/connection';

/** Where the window's live channel is (docs/live.md) and the token it signs in with. */
interface LiveEndpoint {
  url: string;
  token: string;
}

/** Who this window is, for presence (the server names each state from the token anyway). */
export interface LiveIdentity {
  id: string;
  name: string;
}

/** The window's one live connection, shared by every page it has open. */
export interface SharedLive {
  readonly connection: LiveConnection;
  /** Calls `listener` on every change of the connection's state, until the returned function is called. */
  onState(listener: (state: LiveState) => void): () => void;
}

/** What a page sync asks of the window: its connection (when it has one) and who is at it. */
export interface WindowLive {
  /** The connection for the current endpoint, created on first use; undefined when there is no channel to use. */
  connect(): Promise<SharedLive | undefined>;
  identity(): LiveIdentity | undefined;
  /** Closes the connection (signing out, tests). */
  destroy(): void;
}

interface WindowLiveOptions {
  /** The channel's address and token now; undefined: none (signed out, or the host could not say). */
  endpoint(): Promise<LiveEndpoint | undefined> | LiveEndpoint | undefined;
  identity(): LiveIdentity | undefined;
  /** A WebSocket; the browser's by default (tests pass the `ws` package's). */
  createSocket?(url: string): SocketLike;
  retryMs?: number;
}

const browserSocket = (url: string) => new WebSocket(url) as unknown as SocketLike;
const schedule = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/**
 * One LiveConnection per window (per endpoint and token): a page opened later joins the connection the
 * first one made, so a window with several pages costs one socket. Another token (signing in as someone
 * else) replaces it, since a connection speaks for the token it signed in with.
 */
export function createWindowLive(options: WindowLiveOptions): WindowLive {
  let current: { key: string; shared: SharedLive } | undefined;

  const create = (endpoint: LiveEndpoint): SharedLive => {
    const listeners = new Set<(state: LiveState) => void>();
    const connection = new LiveConnection({
      url: endpoint.url,
      token: endpoint.token,
      createSocket: options.createSocket ?? browserSocket,
      schedule,
      retryMs: options.retryMs,
      onState: (state) => listeners.forEach((listener) => listener(state)),
    });
    return {
      connection,
      onState(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  };

  return {
    async connect() {
      let endpoint: LiveEndpoint | undefined;
      try {
        endpoint = await options.endpoint();
      } catch {
        endpoint = undefined; // the host could not say where its channel is: the page syncs over HTTP
      }
      if (!endpoint) return undefined;
      const key = `${endpoint.url} ${endpoint.token}`;
      if (current?.key !== key) {
        current?.shared.connection.destroy();
        current = { key, shared: create(endpoint) };
      }
      return current.shared;
    },
    identity: () => options.identity(),
    destroy() {
      current?.shared.connection.destroy();
      current = undefined;
    },
  };
}
