import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/**
 * The benchmark harness: every file in bench/benchmarks/ default-exports a `Benchmark`; bench/run.ts
 * runs them one after the other and writes what they report into bench/RESULTS.md. Timings are
 * measured here and only reported: nothing asserts on them.
 */
export interface Benchmark {
  /** Short name used by `npm run bench -- --only <name>`. */
  name: string;
  /** Position in the report (then by name); default 100. */
  order?: number;
  title: string;
  run(ctx: BenchContext): Promise<BenchReport>;
}

export interface BenchContext {
  /** Progress on stderr, so stdout stays the report. */
  log(message: string): void;
}

export interface BenchReport {
  /** Markdown section body (without the title heading). */
  markdown: string;
}

export interface Stats {
  n: number;
  min: number;
  median: number;
  p95: number;
  max: number;
  mean: number;
}

/** Median, nearest-rank p95 and friends of a list of samples (any unit). */
export function stats(samples: readonly number[]): Stats {
  if (samples.length === 0) throw new Error('stats of no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  const mid = sorted.length >> 1;
  return {
    n: sorted.length,
    min: sorted[0]!,
    median: sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2,
    p95: rank(0.95),
    max: sorted.at(-1)!,
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
  };
}

export const nowMs = (): number => performance.now();

/** Runs `fn` `warmup` times unmeasured, then `runs` times, returning each run's wall time in ms. */
export async function sample(fn: () => unknown, options: { runs: number; warmup?: number }): Promise<number[]> {
  for (let i = 0; i < (options.warmup ?? 0); i += 1) await fn();
  const out: number[] = [];
  for (let i = 0; i < options.runs; i += 1) {
    const start = nowMs();
    await fn();
    out.push(nowMs() - start);
  }
  return out;
}

/** Lets queued work (setImmediate callbacks such as background compaction) run. */
export const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function fmt(value: number, digits?: number): string {
  const d = digits ?? (Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);
  return value.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
}

export function fmtRatio(value: number): string {
  return `${fmt(value, value >= 10 ? 0 : value >= 2 ? 1 : 2)}×`;
}

export function table(headers: string[], rows: Array<Array<string | number>>): string {
  const cell = (v: string | number) => (typeof v === 'number' ? fmt(v) : v);
  const lines = [`| ${headers.join(' | ')} |`, `| ${headers.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`];
  for (const row of rows) lines.push(`| ${row.map(cell).join(' | ')} |`);
  return lines.join('\n');
}

export interface MachineInfo {
  cores: string;
  cpu: string;
  node: string;
  date: string;
}

export function machineInfo(): MachineInfo {
  let cores = String(cpus().length);
  try {
    cores = execFileSync('nproc', { encoding: 'utf8' }).trim();
  } catch {
    // nproc missing: os.cpus() stands in.
  }
  let cpu = cpus()[0]?.model ?? 'unknown';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) cpu = line.split(':').slice(1).join(':').trim();
  } catch {
    // Not Linux: os.cpus() stands in.
  }
  return { cores, cpu, node: process.version, date: new Date().toISOString() };
}
