import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const FOLIO_BIN = fileURLToPath(new URL('../../src-main/cli/folio.mjs', import.meta.url));

export interface RunningServer {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop(): Promise<number | null>;
}

/** Runs `folio serve` as a real child process and waits for the line announcing its address. */
export async function spawnServer(args: string[], env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, [FOLIO_BIN, 'serve', ...args], {
    env: { ...process.env, FOLIO_ADMIN_TOKEN: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    // Generous: the launcher first rebuilds the compiled CLI if a source changed (seconds on a loaded machine).
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 45_000);
    const check = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    child,
    url,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

/** Runs the `folio` CLI to completion. */
export async function runFolio(args: string[], env: Record<string, string | undefined> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [FOLIO_BIN, ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
