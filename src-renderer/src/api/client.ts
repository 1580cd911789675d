import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { ipcLink } from 'trpc-electron/renderer';
import type { AppClient } from '../stores/app-stores';
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
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink<AppRouter>({
        url: '/trpc',
        headers: () => {
          const token = getToken();
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
      }),
    ],
  });
}

/** Whether the preload exposed the IPC bridge, i.e. this page runs inside the desktop app. */
export function isDesktop(): boolean {
  return 'electronTRPC' in globalThis;
}
