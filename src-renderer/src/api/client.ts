import { createTRPCClient, httpBatchLink, httpLink, splitLink } from '@trpc/client';
import { ipcLink } from 'trpc-electron/renderer';
import type { AppClient } from '../stores/app-stores';
import type { AppLocation } from '../../../src-shared/app-location';
import type { AppRouter } from './types';

/** The desktop app: calls go over Electron IPC to the main process, which calls as the owner. */
export function createDesktopClient(): AppClient {
  return createTRPCClient<AppRouter>({ links: [ipcLink<AppRouter>()] });
}

/**
 * A browser on `folio serve`: calls go to /trpc on the page's own origin (the CSP allows no other),
 * with the token read at call time so signing in or out needs no new client.
 */
export function createHttpClient(getToken: () => string | undefined): AppClient {
  const options = {
    url: '/trpc',
    headers: () => {
      const token = getToken();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
  };
  return createTRPCClient<AppRouter>({
    links: [
      // A keystroke's push goes out at once: batching waits for a timer, which Chromium runs only after the
      // next frame while the writer types (bench/RESULTS.md, keystroke to persisted).
      splitLink({
        condition: (op) => op.path === 'content.pushBody',
        true: httpLink<AppRouter>(options),
        false: httpBatchLink<AppRouter>(options),
      }),
    ],
  });
}

/**
 * What a `urls.app` link opened in the browser names (`/s/{space}/{page path}`...), resolved by the server for
 * the signed-in viewer; undefined when it names nothing they can open.
 */
export function httpAppLinkResolver(getToken: () => string | undefined): (path: string) => Promise<AppLocation | undefined> {
  const client = createTRPCClient<AppRouter>({
    links: [httpLink<AppRouter>({ url: '/trpc', headers: () => (getToken() ? { Authorization: `Bearer ${getToken()}` } : {}) })],
  });
  return async (path) => (await client.appLinks.resolve.query({ path })) ?? undefined;
}

/** Whether the preload exposed the IPC bridge, i.e. this page runs inside the desktop app. */
export function isDesktop(): boolean {
  return 'electronTRPC' in globalThis;
}
