import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, fmtRatio, nowMs, stats, table, type Benchmark } from '../lib/harness';

/**
 * `folio serve` from spawn to its "listening" line, and its resident memory then, three ways, interleaved
 * round by round: (a) the compiled CLI started directly (`node <out>/main/cli.js serve`), the baseline;
 * (b) the `folio` launcher (src-main/cli/folio.mjs), which first checks the build is up to date;
 * (c) the sources through tsx's loader, as `folio` ran before issue 17. Issue 17's goal: (b) ≤ 1.5 × (a).
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = resolve(ROOT, process.env.FOLIO_OUT ?? 'out');
const CLI = join(OUT, 'main', 'cli.js');
const LAUNCHER = join(ROOT, 'src-main/cli/folio.mjs');
const ROUNDS = 9;

interface Way {
  key: string;
  label: string;
  args: string[];
}

const WAYS: Way[] = [
  { key: 'bundled', label: '(a) `node out/main/cli.js serve` (baseline)', args: [CLI] },
  { key: 'launcher', label: '(b) `folio serve` (launcher, up-to-date check)', args: [LAUNCHER] },
  { key: 'tsx', label: '(c) sources through tsx (before)', args: ['--import', 'tsx/esm', join(ROOT, 'src-main/cli/entry.ts')] },
];

interface Start {
  ms: number;
  rssMiB: number | undefined;
  rebuilt: boolean;
}

/** Spawns one server on a restarted data directory; resolves once it says it listens, then stops it. */
async function startOnce(way: Way, dataDir: string): Promise<Start> {
  const started = nowMs();
  const child = spawn(process.execPath, [...way.args, 'serve', '--data', dataDir, '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, FOLIO_ADMIN_TOKEN: undefined },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const ms = await new Promise<number>((done, fail) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (/listening on http/.test(output)) done(nowMs() - started);
    });
    child.once('exit', (code) => fail(new Error(`${way.key} exited with ${code} before listening:\n${output}`)));
  });
  const rssMiB = residentMiB(child.pid!);
  await new Promise<void>((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
  return { ms, rssMiB, rebuilt: /^folio: building /m.test(output) };
}

/** VmRSS from /proc (Linux); undefined elsewhere. */
function residentMiB(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The launcher's up-to-date check alone (walking the sources' modification times), timed in a child. */
function upToDateCheckMs(): number {
  const script = `const m = await import(${JSON.stringify(join(ROOT, 'src-main/cli/compiled-build.mjs'))});
const t = performance.now(); m.staleTargets(m.outDirOf(), ['main', 'renderer']); console.log(performance.now() - t);`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  return Number(result.stdout.trim());
}

const benchmark: Benchmark = {
  name: 'startup',
  order: 70,
  title: 'Startup of `folio serve`: compiled, through the launcher, through a loader',
  async run({ log }) {
    const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-startup-'));
    try {
      // The first start creates the data directory and brings the build up to date (the launcher builds if a
      // source changed); measured starts restart that directory.
      const first = await startOnce(WAYS[1]!, dataDir);
      if (!existsSync(CLI)) throw new Error(`${CLI} is missing after the launcher ran`);
      log(`warm-up: launcher ${fmt(first.ms)} ms${first.rebuilt ? ' (built first)' : ''}`);
      for (const way of WAYS) await startOnce(way, dataDir);
      const samples = new Map<string, Start[]>(WAYS.map((w) => [w.key, []]));
      let discarded = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const way of WAYS) {
          const start = await startOnce(way, dataDir);
          // A source saved meanwhile (a shared checkout) makes the launcher rebuild: not a startup, left out.
          if (start.rebuilt) discarded += 1;
          else samples.get(way.key)!.push(start);
        }
        log(`round ${round + 1}: ${WAYS.map((w) => `${w.key} ${fmt(samples.get(w.key)!.at(-1)?.ms ?? NaN)} ms`).join(', ')}`);
      }
      const median = (key: string, pick: (s: Start) => number | undefined) => {
        const values = samples.get(key)!.map(pick).filter((v): v is number => v !== undefined);
        return values.length ? stats(values).median : NaN;
      };
      const base = median('bundled', (s) => s.ms);
      const baseRss = median('bundled', (s) => s.rssMiB);
      const rows = WAYS.map((way) => {
        const ms = median(way.key, (s) => s.ms);
        const rss = median(way.key, (s) => s.rssMiB);
        const times = samples.get(way.key)!.map((s) => s.ms);
        const p95 = times.length ? stats(times).p95 : NaN;
        return [way.label, fmt(ms), fmt(p95), fmtRatio(ms / base), fmt(rss, 0), `${rss >= baseRss ? '+' : ''}${fmt(rss - baseRss, 0)}`];
      });
      const check = upToDateCheckMs();
      return {
        markdown:
          `From spawning \`node\` to the server's "listening" line on stdout, then its resident memory (VmRSS) at that moment; ` +
          `\`serve --data DIR --port 0\` restarting the same data directory, the three ways interleaved, median (and p95) of ${ROUNDS} rounds ` +
          `after one warm-up start each.${discarded ? ` ${discarded} launcher start(s) rebuilt because a source was saved during the run and are left out.` : ''} ` +
          `Goal (issue 17): (b) / (a) ≤ 1.5×. The launcher's up-to-date check alone (modification times of src-main, src-shared, ` +
          `src-renderer and the package files) took ${fmt(check)} ms.\n\n` +
          table(['start', 'ms to listening', 'p95 ms', '/ (a)', 'RSS MiB', 'RSS vs (a)'], rows),
      };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
