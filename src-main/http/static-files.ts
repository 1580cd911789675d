import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { answerPlain } from './surface-answers';

/** Where `electron-vite build` writes the renderer (FOLIO_RENDERER_DIR serves another build, e.g. FOLIO_OUT's). */
export const RENDERER_DIR = resolve(process.env.FOLIO_RENDERER_DIR ?? builtRendererDir(fileURLToPath(import.meta.url)));

/**
 * Run from source (vitest, tsx) this file is src-main/http/ and the build is out/. Compiled, it is bundled
 * into <out>/main/ (the entry, or a shared chunk a level deeper) and the renderer is that build's sibling.
 */
function builtRendererDir(thisFile: string): string {
  if (thisFile.endsWith('.ts')) return resolve(dirname(thisFile), '../../out/renderer');
  let dir = dirname(thisFile);
  while (basename(dir) !== 'main' && dirname(dir) !== dir) dir = dirname(dir);
  return join(dirname(dir), 'renderer');
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * The renderer's policy, sent as a header. The Electron window enforces the same from src-renderer/index.html's
 * meta tag, less frame-ancestors, which only a header can carry (a meta tag's is ignored, with a console error).
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** Serves the built renderer; unknown paths get index.html so the app's own routes survive a reload. */
export function serveRenderer(req: IncomingMessage, res: ServerResponse, pathname: string, root = RENDERER_DIR): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const index = join(root, 'index.html');
  if (!existsSync(index)) {
    answerPlain(res, 503, 'The Folio app has not been built: run `npm run build` (the /v1 API works without it).');
    return;
  }
  // The build refers to its assets relatively (`./assets/...`, as Electron's file:// needs), so a
  // page opened at a deep link like /o/{id} asks for /o/assets/...: serve those from the root.
  const path = decodeURIComponentSafe(pathname).replace(/^.*\/(assets\/[^/]+)$/, '/$1');
  let file = normalize(join(root, path));
  if (!(file + sep).startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) file = index;
  const immutable = file.includes(`${sep}assets${sep}`);
  res.writeHead(200, {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  // A file that cannot be read after all (removed by a rebuild) cuts the answer short rather than throwing.
  pipeline(createReadStream(file), res, (error) => {
    if (error && !res.destroyed) res.destroy();
  });
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return '/';
  }
}
