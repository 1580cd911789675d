import { exposeElectronTRPC } from 'trpc-electron/main';

// The renderer's only bridge to main: `window.electronTRPC`, which carries tRPC calls over IPC (see
// src-renderer/src/api/client.ts). Nothing else from Node or Electron reaches the page.
exposeElectronTRPC();
