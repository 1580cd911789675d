// `node src-main/cli/build.mjs main [renderer]` (FOLIO_OUT respected): builds only the named targets of
// electron.vite.config.ts, as `electron-vite build` would. The launcher (folio.mjs) runs it in a child
// process, so the build tool never stays in the server's memory.
import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'electron-vite';
import { build } from 'vite';

// The config's paths (and electron-vite's search for it) are relative to the repository root.
process.chdir(fileURLToPath(new URL('../../', import.meta.url)));

const TARGETS = ['main', 'preload', 'renderer'];
const wanted = process.argv.slice(2);
const unknown = wanted.filter((target) => !TARGETS.includes(target));
if (wanted.length === 0 || unknown.length) {
  console.error(`usage: node src-main/cli/build.mjs ${TARGETS.join('|')}...`);
  process.exit(2);
}

// What electron-vite's own build() sets before resolving the config.
process.env.NODE_ENV_ELECTRON_VITE = 'production';
const { config } = await resolveConfig({ logLevel: 'error' }, 'build', 'production');
for (const target of TARGETS.filter((t) => wanted.includes(t))) {
  const viteConfig = config?.[target];
  if (!viteConfig) throw new Error(`electron.vite.config.ts has no "${target}" build`);
  await build(viteConfig);
}
