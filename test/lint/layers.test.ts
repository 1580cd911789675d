import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'folio-lint-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Lints one file placed at `path` in a scratch tree with the project's own lint configuration. */
async function lint(path: string, source: string): Promise<{ ok: boolean; output: string }> {
  const dir = mkdtempSync(join(work, 'case-'));
  copyFileSync(join(root, '.oxlintrc.json'), join(dir, '.oxlintrc.json'));
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), source);
  try {
    const { stdout } = await promisify(execFile)(join(root, 'node_modules/.bin/oxlint'), ['-c', '.oxlintrc.json', path], { cwd: dir });
    return { ok: true, output: stdout };
  } catch (error) {
    return { ok: false, output: (error as { stdout: string }).stdout };
  }
}

describe('the layering rule', () => {
  it('rejects a Node built-in in src-shared', async () => {
    const result = await lint('src-shared/bad.ts', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n");
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/no Node built-ins/);
  });

  it('rejects electron in src-main server code but allows it in src-main/electron', async () => {
    const source = "import { app } from 'electron';\nexport const a = app;\n";
    expect((await lint('src-main/http/bad.ts', source)).ok).toBe(false);
    expect((await lint('src-main/electron/main.ts', source)).ok).toBe(true);
  });

  it('lets the renderer import main only as types', async () => {
    const value = "import { appRouter } from '../../src-main/trpc/router';\nexport const r = appRouter;\n";
    const typeOnly = "import type { AppRouter } from '../../src-main/trpc/router';\nexport type R = AppRouter;\n";
    expect((await lint('src-renderer/src/bad.ts', value)).ok).toBe(false);
    expect((await lint('src-renderer/src/good.ts', typeOnly)).ok).toBe(true);
  });

  it('rejects Node built-ins in the renderer', async () => {
    expect((await lint('src-renderer/src/bad.ts', "import { join } from 'node:path';\nexport const j = join;\n")).ok).toBe(false);
  });
});

describe('the frozen migrations rule', () => {
  const migration = 'src-main/store/migrations/099-bad.ts';

  it('rejects a migration that reads the live dataset list or trigger generator', async () => {
    const datasets = await lint(migration, "import { DATASETS } from '../synced-datasets';\nexport const d = DATASETS;\n");
    expect(datasets.ok).toBe(false);
    expect(datasets.output).toMatch(/frozen copy/);
    expect((await lint(migration, "import { syncTriggersSql } from '../sync-triggers';\nexport const s = syncTriggersSql;\n")).ok).toBe(false);
  });

  it("lets a migration use the frozen generator, and keeps the main process's rules there", async () => {
    expect((await lint(migration, "import { syncTriggersSql } from './sync-triggers-v1';\nexport const s = syncTriggersSql;\n")).ok).toBe(true);
    expect((await lint(migration, "import { app } from 'electron';\nexport const a = app;\n")).ok).toBe(false);
  });
});

describe('the store layer rule', () => {
  it('rejects a store module importing anything of the server above it', async () => {
    const result = await lint('src-main/store/bad.ts', "import { DATASETS } from '../sync/datasets';\nexport const d = DATASETS;\n");
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/bottom of the server/);
    expect((await lint('src-main/store/bad.ts', "import { sealSecret } from '../secrets/connection';\nexport const s = sealSecret;\n")).ok).toBe(false);
  });

  it('lets a store module import the store, errors and src-shared', async () => {
    const source = [
      "import { newId } from './ids';",
      "import { notFound } from '../errors';",
      "import type { MemberRole } from '../../src-shared/roles';",
      'export const all = [newId, notFound] as const;',
      'export type R = MemberRole;',
      '',
    ].join('\n');
    expect((await lint('src-main/store/good.ts', source)).ok).toBe(true);
  });

  it('holds in migrations too', async () => {
    expect((await lint('src-main/store/migrations/099-bad.ts', "import { x } from '../../content/engine';\nexport const y = x;\n")).ok).toBe(false);
    expect((await lint('src-main/store/migrations/099-good.ts', "import type { Migration } from '../migrations';\nexport type M = Migration;\n")).ok).toBe(true);
  });
});

describe('the route files rule', () => {
  it('rejects importing a route file anywhere in the server, route files included', async () => {
    const presenter = await lint('src-main/sites/presenter.ts', "import { presentSpaceFor } from '../spaces/routes';\nexport const p = presentSpaceFor;\n");
    expect(presenter.ok).toBe(false);
    expect(presenter.output).toMatch(/Only src-main\/http\/api-router.ts imports route files/);
    expect((await lint('src-main/sites/routes.ts', "import { registerSiteSectionRoutes } from './sections-routes';\nexport const r = registerSiteSectionRoutes;\n")).ok).toBe(false);
  });

  it('lets the API router import every route file', async () => {
    const source = "import { registerSiteRoutes } from '../sites/routes';\nimport { registerSiteSectionRoutes } from '../sites/sections-routes';\nexport const r = [registerSiteRoutes, registerSiteSectionRoutes];\n";
    expect((await lint('src-main/http/api-router.ts', source)).ok).toBe(true);
  });
});

describe('bare module names', () => {
  it('rejects a Node built-in named without node: in src-shared and the renderer', async () => {
    const source = "import { readFileSync } from 'fs';\nexport const f = readFileSync;\n";
    expect((await lint('src-shared/bad.ts', source)).ok).toBe(false);
    expect((await lint('src-renderer/src/bad.ts', "import { join } from 'path';\nexport const j = join;\n")).ok).toBe(false);
    expect((await lint('src-shared/bad.ts', "import { promises } from 'fs/promises';\nexport const p = promises;\n")).ok).toBe(false);
  });

  it('rejects trpc-electron itself, not only its subpaths, in server code', async () => {
    expect((await lint('src-main/http/bad.ts', "import { x } from 'trpc-electron';\nexport const y = x;\n")).ok).toBe(false);
    expect((await lint('src-main/electron/main.ts', "import { createIPCHandler } from 'trpc-electron/main';\nexport const c = createIPCHandler;\n")).ok).toBe(true);
  });
});
