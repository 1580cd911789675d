import { contextBridge, ipcRenderer } from 'electron';
import { exposeElectronTRPC } from 'trpc-electron/main';
import { CHOOSE_FOLDER_CHANNEL, DESKTOP_BRIDGE_KEY, type DesktopBridge } from '../../src-shared/desktop-bridge';

// The renderer's only bridges to main: `window.electronTRPC`, which carries tRPC calls over IPC (see
// src-renderer/src/api/client.ts), and `window.folioDesktop`, the native dialogs tRPC cannot open (a
// folder picker). Nothing else from Node or Electron reaches the page.
exposeElectronTRPC();

const bridge: DesktopBridge = {
  chooseFolder: async () => {
    const path: unknown = await ipcRenderer.invoke(CHOOSE_FOLDER_CHANNEL);
    return typeof path === 'string' && path ? path : undefined;
  },
};
contextBridge.exposeInMainWorld(DESKTOP_BRIDGE_KEY, bridge);
