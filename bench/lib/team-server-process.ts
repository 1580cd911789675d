import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The compiled CLI `npm run bench` builds first (FOLIO_OUT builds elsewhere). */
export const COMPILED_CLI = join(resolve(ROOT, process.env.FOLIO_OUT ?? 'out'), 'main', 'cli.js');

export interface ServerProcess {
  url: string;
  pid: number;
  /** Resident memory now, MiB (Linux /proc). */
  rssMiB(): number;
  /** User + system CPU time so far, ms (Linux /proc). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** `folio serve` (the compiled CLI) on a prepared data directory, in a process of its own: its CPU and memory are its own. */
export function spawnTeamServer(dataDir: string): Promise<ServerProcess> {
  return spawnServerProcess([COMPILED_CLI, 'serve', '--data', dataDir, '--port', '0']);
}

/** `node ARGS` (env added), once it prints "listening on URL". */
export async function spawnServerProcess(args: string[], env: Record<string, string> = {}): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  const pid = child.pid!;
  return {
    url,
    pid,
    rssMiB: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024,
    cpuMs: () => {
      // Fields 14 and 15 of /proc/PID/stat (after the parenthesised name): utime and stime in clock ticks (100 Hz).
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
