import { join } from 'node:path';
import { app as electronApp, BrowserWindow, dialog, safeStorage, session } from 'electron';
import { createIPCHandler } from 'trpc-electron/main';
import { openApp, serviceContext, type FolioApp } from '../app/app';
import { bootstrapOwner } from '../app/bootstrap';
import { keepServingOnUnexpectedErrors } from '../http/process-guards';
import type { Host } from '../http/server';
import { getRemoteServer } from '../settings/service';
import { actingUser } from '../sync/identity';
import { appRouter } from '../trpc/router';
import type { TrpcContext } from '../trpc/trpc';
import { handleDesktopDialogs } from './dialogs';
import { startDesktopHost } from './host';
import { ensureOwnerToken, OWNER_TOKEN_FILE } from './owner-token';
import { safeStorageKeyStore } from './secret-key-store';
import { SecretKeyError } from '../secrets/key-store';
import { createMainWindow } from './window';

/**
 * The desktop app: the same store and host as `folio serve`, in the user's data folder, with a window
 * whose tRPC calls travel over IPC and run as the owner (the only user of a desktop install).
 */

let folio: FolioApp | undefined;
let host: Host | undefined;
let ipc: ReturnType<typeof createIPCHandler<typeof appRouter>> | undefined;

async function start(): Promise<void> {
  // The page asks for nothing (camera, notifications, …); refuse every permission rather than prompt.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));

  const dataDir = electronApp.getPath('userData');
  // The desktop imports the writer's own local folders, and fetches from their networks (an intranet
  // wiki): it acts for the person at the machine, who can reach those anyway.
  // The store's secrets are sealed with a key the system keychain keeps (docs/security.md).
  folio = openApp({ dataDir, config: { allowFileImports: true, allowPrivateNetwork: true }, secretKeys: safeStorageKeyStore(dataDir, safeStorage) });
  const { owner, createdToken } = bootstrapOwner(folio.db, folio.clock, { adminToken: process.env.FOLIO_ADMIN_TOKEN || undefined });
  const ownerToken = ensureOwnerToken({ db: folio.db, clock: folio.clock, owner, dataDir, createdToken });
  host = await startDesktopHost(folio);
  // An exception escaping a request is logged; the writer's app and its local host keep running.
  keepServingOnUnexpectedErrors();
  console.log(`Folio data directory: ${dataDir} (the owner's API token is in ${join(dataDir, OWNER_TOKEN_FILE)})`);
  console.log(`Folio host listening on ${host.url} (API: ${host.url}/v1)`);

  const store = folio;
  const baseUrl = host.url;
  const saved = getRemoteServer(store);
  if (saved) store.sync.attach(saved);
  ipc = createIPCHandler({
    router: appRouter,
    windows: [],
    // Read the user on every call so a name changed through /v1 shows at once. Once attached to a team
    // server, the window acts as the writer's account there (docs/sync.md, "Identity").
    createContext: async (): Promise<TrpcContext> => ({
      ...serviceContext(store, actingUser(store, owner)),
      baseUrl,
      source: 'ui',
      // Only the window's own calls carry the owner's token (Settings shows it for local tools).
      desktop: { ownerToken },
    }),
  });
  handleDesktopDialogs();
  openWindow();
}

function openWindow(): void {
  const window = createMainWindow();
  ipc?.attachWindow(window);
}

async function stop(): Promise<void> {
  await host?.close();
  folio?.close();
  host = undefined;
  folio = undefined;
}

// One instance per user: a second would open the same SQLite store and compete for the port.
if (!electronApp.requestSingleInstanceLock()) {
  electronApp.quit();
} else {
  electronApp.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });

  // No <webview> is ever needed; refusing it closes a way around the window's navigation lock.
  electronApp.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  electronApp.on('activate', () => {
    if (folio && BrowserWindow.getAllWindows().length === 0) openWindow();
  });

  // macOS apps stay open without windows; elsewhere closing the last window quits.
  electronApp.on('window-all-closed', () => {
    if (process.platform !== 'darwin') electronApp.quit();
  });

  let stopping = false;
  electronApp.on('will-quit', (event) => {
    if (stopping || !folio) return;
    // Close the host and the store before exiting, so SQLite checkpoints its WAL.
    event.preventDefault();
    stopping = true;
    void stop().finally(() => electronApp.quit());
  });

  electronApp
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      // A key problem is the user's to fix, in words; anything else is a bug, with its stack.
      const message = error instanceof SecretKeyError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
      dialog.showErrorBox('Folio could not start', message);
      electronApp.exit(1);
    });
}
