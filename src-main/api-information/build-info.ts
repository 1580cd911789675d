import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What GET /v1/ reports (GitBook's ApiInformation): the release, as Folio's package.json names it, and when
 * this build was made, as the modification time of the running code. package.json is found by walking up
 * from this module: the sources (src-main/api-information/) and the bundle (out/main/chunks/) sit at
 * different depths below the package root.
 */
interface BuildInfo {
  version: string;
  build: string;
}

let cached: BuildInfo | undefined;

export function buildInfo(): BuildInfo {
  if (cached) return cached;
  const here = fileURLToPath(import.meta.url);
  cached = { version: packageVersion(dirname(here)) ?? '0.0.0', build: statSync(here).mtime.toISOString() };
  return cached;
}

function packageVersion(from: string): string | undefined {
  for (let dir = from, depth = 0; depth < 6; dir = dirname(dir), depth += 1) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (manifest.name === 'folio' && typeof manifest.version === 'string') return manifest.version;
  }
  return undefined;
}
