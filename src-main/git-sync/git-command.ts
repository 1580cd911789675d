import { spawn } from 'node:child_process';

/**
 * Git Sync runs the system's `git` program (docs/git-sync.md): the real thing, with its transports,
 * pack negotiation and rename detection, rather than a reimplementation. Every run is bounded (time and
 * output) and isolated from the machine's git configuration, which could name credential helpers, hooks
 * or proxies the operator never meant Folio to use.
 */
export class GitUnavailableError extends Error {
  override name = 'GitUnavailableError';
  constructor() {
    super('Git Sync needs the git program (2.31 or newer) on this machine, and none was found: install git and try again');
  }
}

/** git exited with a failure; `stderr` is what it said (credentials never appear: they travel in the environment). */
export class GitCommandError extends Error {
  override name = 'GitCommandError';
  constructor(
    readonly args: readonly string[],
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`git ${args.find((arg) => !arg.startsWith('-')) ?? ''} failed: ${reasonOf(stderr) || `exit ${code}`}`);
  }
}

/** What git said went wrong: its `fatal:` and `error:` lines, else its last line, without the prefixes. */
function reasonOf(stderr: string): string {
  const lines = stderr.split('\n').map((line) => line.trim()).filter(Boolean);
  const reasons = lines.filter((line) => /^(fatal|error):/i.test(line)).map((line) => line.replace(/^(fatal|error):\s*/i, ''));
  return (reasons.length ? reasons : lines.slice(-1)).join('; ').slice(0, 500);
}

interface GitRun {
  /** The repository (`--git-dir`), when the command works in one. */
  gitDir?: string;
  /** Written to git's standard input. */
  input?: string | Uint8Array;
  /** `-c name=value` settings for this run, passed in the environment (GIT_CONFIG_COUNT), never on the command line. */
  config?: Record<string, string>;
  /** Extra environment (an author's name and date). */
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Output beyond this is an error rather than memory: a repository cannot make the server hold all of it. */
  maxOutputBytes?: number;
  /**
   * Checked every quarter second while git runs: a reason to stop it (a fetch writing more than it may to
   * disk), or undefined to let it go on.
   */
  watch?: () => string | undefined;
}

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_OUTPUT = 64 * 1024 * 1024;

/** Runs `git args...`; resolves to its standard output, rejects with GitCommandError or GitUnavailableError. */
export function runGit(args: readonly string[], run: GitRun = {}): Promise<Buffer> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    // Nothing from the machine's or the user's git configuration, no prompts, no pager, no translations.
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    HOME: '/nonexistent',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '/bin/false',
    SSH_ASKPASS: '/bin/false',
    GIT_PAGER: 'cat',
    LANG: 'C',
    LC_ALL: 'C',
    ...run.env,
  };
  const config = Object.entries(run.config ?? {});
  env.GIT_CONFIG_COUNT = String(config.length);
  config.forEach(([key, value], n) => {
    env[`GIT_CONFIG_KEY_${n}`] = key;
    env[`GIT_CONFIG_VALUE_${n}`] = value;
  });
  const fullArgs = run.gitDir ? ['--git-dir', run.gitDir, ...args] : [...args];
  const maxOutput = run.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
  return new Promise((resolve, reject) => {
    const child = spawn('git', fullArgs, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let failure: Error | undefined;
    const stop = (error: Error) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop(new GitCommandError(args, null, `timed out after ${Math.round((run.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000)} s`)), run.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const watcher = run.watch
      ? setInterval(() => {
          const reason = run.watch!();
          if (reason) stop(new GitCommandError(args, null, reason));
        }, 250)
      : undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxOutput) return stop(new GitCommandError(args, null, `answered more than ${maxOutput} bytes`));
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 16_384) stderr += chunk.toString('utf8');
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      clearInterval(watcher);
      reject(error.code === 'ENOENT' ? new GitUnavailableError() : error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      clearInterval(watcher);
      if (failure) return reject(failure);
      if (code !== 0) return reject(new GitCommandError(args, code, stderr));
      resolve(Buffer.concat(chunks));
    });
    // A command that does not read its input closes the pipe: that is not an error of ours.
    child.stdin.on('error', () => undefined);
    child.stdin.end(run.input ?? '');
  });
}

/** `runGit` as text, trailing newline trimmed. */
export async function gitText(args: readonly string[], run: GitRun = {}): Promise<string> {
  return (await runGit(args, run)).toString('utf8').replace(/\n$/, '');
}
