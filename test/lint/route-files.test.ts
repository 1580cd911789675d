import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return /(^|-)routes\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('route files', () => {
  it('export only their register functions: presenters, params and services live in files of their own', () => {
    const offenders = routeFiles(join(root, 'src-main')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('export ') && !/^export function register[A-Z]\w*\(router: Router\)/.test(line))
        .map((line) => `${relative(root, file)}: ${line}`),
    );
    expect(offenders).toEqual([]);
  });
});
