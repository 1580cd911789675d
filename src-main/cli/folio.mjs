#!/usr/bin/env node
// The `folio` command: runs the compiled program (<out>/main/cli.js, built by electron-vite from
// src-main/cli/entry.ts) in plain Node, building it first when a source is newer (compiled-build.mjs).
// `serve` also needs the renderer it serves, unless FOLIO_RENDERER_DIR points at another build.
import { pathToFileURL } from 'node:url';
import { ensureCompiled } from './compiled-build.mjs';

const command = process.argv[2];
const serving = command === 'serve' && !process.env.FOLIO_RENDERER_DIR;
const cli = await ensureCompiled(serving ? ['main', 'renderer'] : ['main']);
if (cli === undefined) process.exitCode = 1;
else await import(pathToFileURL(cli).href);
