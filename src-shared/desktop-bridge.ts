/**
 * The desktop window's native dialogs, beside tRPC: what the Electron preload exposes on `window.folioDesktop`
 * (src-main/electron/preload.ts) and the renderer uses when it is there (src-renderer/src/api/desktop-bridge.ts).
 * A browser has none, and keeps its own flows (a typed folder path, a file upload).
 */
export interface DesktopBridge {
  /** The system's folder picker; the chosen folder's full path, or undefined when the writer cancels. */
  chooseFolder(): Promise<string | undefined>;
}

/** The name under which the preload exposes the bridge on `window`. */
export const DESKTOP_BRIDGE_KEY = 'folioDesktop';

/** The IPC channel of `chooseFolder` (ipcRenderer.invoke → ipcMain.handle). */
export const CHOOSE_FOLDER_CHANNEL = 'folio:choose-folder';
