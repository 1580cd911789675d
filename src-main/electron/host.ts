import type { FolioApp } from '../app/app';
import { type Host, startHost } from '../http/server';

/** The desktop app's host port, the same as `folio serve`'s default, so bookmarks and local tools keep working. */
const DESKTOP_PORT = 5740;

/**
 * Starts the host on 127.0.0.1 at the preferred port, or on any free port when that one is taken (a
 * `folio serve` or a second data folder already on it). Electron-free so it is tested in plain Node.
 */
export async function startDesktopHost(app: FolioApp, preferredPort = DESKTOP_PORT): Promise<Host> {
  try {
    return await startHost(app, { port: preferredPort, host: '127.0.0.1' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return startHost(app, { port: 0, host: '127.0.0.1' });
  }
}
