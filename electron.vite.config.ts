import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// FOLIO_OUT builds elsewhere (parallel test runs each serve their own renderer; see FOLIO_RENDERER_DIR).
const out = process.env.FOLIO_OUT ?? 'out';

// electron-vite defaults to src/main, src/preload and src/renderer; Folio's layout is spelled out here.
export default defineConfig({
  main: {
    build: {
      outDir: `${out}/main`,
      // Two programs from one build: the desktop app (index.js) and the `folio` CLI (cli.js, plain Node,
      // no Electron), which src-main/cli/folio.mjs launches compiled rather than through a loader.
      rolldownOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src-main/electron/main.ts'),
          cli: resolve(import.meta.dirname, 'src-main/cli/entry.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: `${out}/preload`,
      rolldownOptions: { input: { index: resolve(import.meta.dirname, 'src-main/electron/preload.ts') } },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src-renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(import.meta.dirname, out, 'renderer'),
      rolldownOptions: { input: { index: resolve(import.meta.dirname, 'src-renderer/index.html') } },
    },
  },
});
