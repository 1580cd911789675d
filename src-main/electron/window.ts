import { fileURLToPath } from 'node:url';
import { BrowserWindow, nativeTheme, shell } from 'electron';
import { isAppNavigation, isExternalWebUrl } from './navigation';

/** Built by `electron-vite build` beside out/main; ESM because package.json says "type": "module". */
const PRELOAD = fileURLToPath(new URL('../preload/index.mjs', import.meta.url));
const RENDERER_HTML = fileURLToPath(new URL('../renderer/index.html', import.meta.url));

/** The app's window, locked to the app: no Node in the page, no navigation away, no new windows. */
export function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    title: 'Folio',
    show: false,
    // Matches the page's background so opening the window does not flash the other theme.
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#111113' : '#ffffff',
    webPreferences: {
      preload: PRELOAD,
      contextIsolation: true,
      nodeIntegration: false,
      // The preload is an ES module (.mjs), and Electron runs ES module preloads only unsandboxed. The page
      // itself still gets no Node: contextIsolation keeps the preload's world apart, and it exposes only
      // the tRPC bridge. A CommonJS, bundled preload would allow `sandbox: true` (see the report / README).
      sandbox: false,
      webSecurity: true,
      spellcheck: false,
    },
  });

  const devUrl = process.env.ELECTRON_RENDERER_URL;
  const appUrl = devUrl ?? new URL(`file://${RENDERER_HTML}`).href;

  window.webContents.on('will-navigate', (event, url) => {
    if (!isAppNavigation(url, appUrl)) event.preventDefault();
  });
  window.webContents.on('will-redirect', (event, url) => {
    if (!isAppNavigation(url, appUrl)) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    // A web link opens in the user's browser; the app never opens a second window of its own.
    if (isExternalWebUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.once('ready-to-show', () => window.show());

  if (devUrl) void window.loadURL(devUrl);
  else void window.loadFile(RENDERER_HTML);
  return window;
}
