#!/usr/bin/env node
// The `folio` command. Folio's code is TypeScript run directly through tsx's loader, so the
// headless server and the CLI need no separate build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
