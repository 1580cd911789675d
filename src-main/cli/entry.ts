import { main } from './main';

// The entry of the compiled `folio` program (out/main/cli.js, see electron.vite.config.ts): run by the
// launcher src-main/cli/folio.mjs, or directly as `node out/main/cli.js serve ...`.
process.exitCode = await main(process.argv.slice(2));
