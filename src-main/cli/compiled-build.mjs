// Keeps the compiled `folio` program up to date for the launcher (folio.mjs), in plain JavaScript: it
// runs before anything is compiled, and with no loader. Node runs <out>/main/cli.js (electron-vite's
// build of src-main/cli/entry.ts); this decides whether that file is older than its sources and, if so,
// rebuilds it once, in a child process, under a lock, into a staging directory swapped in at the end, so
// concurrent launchers build once and a running server's files are never half-written.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUILD_SCRIPT = fileURLToPath(new URL('./build.mjs', import.meta.url));
const SHARED_INPUTS = ['src-shared', 'package.json', 'package-lock.json', 'electron.vite.config.ts'];

/** Each build target: the file whose age stands for the whole output, and what it is built from. */
const TARGETS = {
  main: { output: 'main/cli.js', inputs: ['src-main', ...SHARED_INPUTS] },
  renderer: { output: 'renderer/index.html', inputs: ['src-renderer', ...SHARED_INPUTS] },
};

/** Where the build goes: FOLIO_OUT (relative to the repository, as electron.vite.config.ts reads it) or out/. */
export function outDirOf(env = process.env) {
  return resolve(ROOT, env.FOLIO_OUT ?? 'out');
}

/** The newest modification time (ms) among the files under the given paths (0 when none exist). */
function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return; // A missing input (no lock file, a file deleted mid-walk) is no newer than anything.
    }
    if (!stat.isDirectory()) newest = Math.max(newest, stat.mtimeMs);
    else for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  for (const path of paths) visit(resolve(ROOT, path));
  return newest;
}

/** Targets whose output is missing or older than one of its inputs. */
export function staleTargets(outDir, names) {
  return names.filter((name) => {
    const output = join(outDir, TARGETS[name].output);
    if (!existsSync(output)) return true;
    return newestMtime(TARGETS[name].inputs) > statSync(output).mtimeMs;
  });
}

/**
 * Makes sure `<out>/main/cli.js` (and the renderer, when `serve` will serve it) is up to date and returns
 * its path, or undefined after saying on stderr why nothing can run.
 */
export async function ensureCompiled(names) {
  const outDir = outDirOf();
  const cli = join(outDir, TARGETS.main.output);
  if (staleTargets(outDir, names).length === 0) return linkNodeModules(outDir, cli);
  if (!buildToolInstalled()) {
    const why = 'electron-vite (a development dependency) is not installed';
    if (existsSync(cli)) {
      console.error(`folio: the sources changed since ${cli} was built, but ${why}: running the existing build.`);
      return linkNodeModules(outDir, cli);
    }
    console.error(`folio: ${cli} has not been built and cannot be: ${why}. Install with development dependencies, or run \`npm run build\` where they are.`);
    return undefined;
  }
  mkdirSync(outDir, { recursive: true });
  const release = await lock(join(outDir, '.build-lock'));
  try {
    // Another launcher may have built while this one waited for the lock.
    const stale = staleTargets(outDir, names);
    if (stale.length) {
      const missing = !existsSync(join(outDir, TARGETS[stale[0]].output));
      console.error(`folio: building ${stale.join(' and ')} into ${outDir} (${missing ? 'not built yet' : 'sources changed since the last build'})…`);
      if (!build(outDir, stale)) return undefined;
    }
  } finally {
    release();
  }
  return linkNodeModules(outDir, cli);
}

function buildToolInstalled() {
  try {
    import.meta.resolve('electron-vite');
    import.meta.resolve('vite');
    return true;
  } catch {
    return false;
  }
}

function build(outDir, names) {
  const startedAt = new Date();
  const staging = join(outDir, `.staging-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  try {
    // The child's stdout goes to stderr: the CLI's own stdout (a printed token) stays clean.
    const result = spawnSync(process.execPath, [BUILD_SCRIPT, ...names], {
      cwd: ROOT,
      env: { ...process.env, FOLIO_OUT: staging },
      stdio: ['ignore', 2, 2],
    });
    if (result.status !== 0) {
      console.error(`folio: the build failed${result.error ? ` (${result.error.message})` : ''}; nothing was replaced.`);
      return false;
    }
    for (const name of names) {
      const target = join(outDir, name);
      if (existsSync(target)) renameSync(target, join(staging, `${name}.previous`));
      renameSync(join(staging, name), target);
      // Dated from the build's start: a source saved while it ran is newer, so the next start rebuilds.
      utimesSync(join(outDir, TARGETS[name].output), startedAt, startedAt);
    }
    return true;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Waits for, then takes, a lock directory (mkdir is atomic); a lock whose process has died is taken over. */
async function lock(path) {
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      mkdirSync(path);
      writeFileSync(join(path, 'pid'), String(process.pid));
      return () => rmSync(path, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    if (holderDied(path)) rmSync(path, { recursive: true, force: true });
    else if (Date.now() > deadline) throw new Error(`folio: another build has held ${path} for 5 minutes; remove it if no build is running`);
    else await new Promise((done) => setTimeout(done, 100));
  }
}

function holderDied(path) {
  let pid;
  try {
    pid = Number(readFileSync(join(path, 'pid'), 'utf8'));
  } catch {
    return false; // Just created: the pid follows.
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH';
  }
}

/**
 * Node resolves the bundle's packages (better-sqlite3, …) from node_modules directories above it: a
 * FOLIO_OUT outside the repository gets a link to the repository's.
 */
function linkNodeModules(outDir, cli) {
  const inside = relative(ROOT, outDir);
  const link = join(outDir, 'node_modules');
  if ((inside.startsWith('..') || isAbsolute(inside)) && !existsSync(link)) symlinkSync(join(ROOT, 'node_modules'), link, 'dir');
  return cli;
}
