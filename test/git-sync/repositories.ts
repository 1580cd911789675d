import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Files, readFolder } from '../export/repository-support';

/**
 * Local git repositories for Git Sync tests, made and read with the git program as a person would (a
 * clone, a commit, a push), independently of Folio's own git code.
 */
const ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Repo Writer',
  GIT_AUTHOR_EMAIL: 'repo@example.com',
  GIT_COMMITTER_NAME: 'Repo Writer',
  GIT_COMMITTER_EMAIL: 'repo@example.com',
};

export function git(args: string[], cwd?: string): string {
  return execFileSync('git', args, { cwd, env: ENV, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).replace(/\n$/, '');
}

const made: string[] = [];

/** Removes every repository made so far (afterAll). */
export function removeRepositories(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export interface TestRepository {
  /** The bare repository's folder. */
  dir: string;
  /** Its file:// URL, as an export or import names it. */
  url: string;
}

/** A bare repository; with `files` (a folder or path → text), one commit of them on `main`. */
export function makeRepository(files?: string | Record<string, string>): TestRepository {
  const dir = mkdtempSync(join(tmpdir(), 'folio-git-remote-'));
  made.push(dir);
  git(['init', '--quiet', '--bare', '--initial-branch=main', dir]);
  const repository = { dir, url: pathToFileURL(dir).href };
  if (files) commitToRepository(repository, 'Initial content', (work) => writeFiles(work, files));
  return repository;
}

function writeFiles(work: string, files: string | Record<string, string>): void {
  if (typeof files === 'string') {
    for (const entry of readdirSync(files)) cpSync(join(files, entry), join(work, entry), { recursive: true });
    return;
  }
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(work, path)), { recursive: true });
    writeFileSync(join(work, path), content);
  }
}

/** Clones `main`, lets `change` edit the working folder, commits everything and pushes; answers the commit. */
export function commitToRepository(repository: TestRepository, message: string, change: (work: string) => void): string {
  const work = mkdtempSync(join(tmpdir(), 'folio-git-work-'));
  try {
    git(['clone', '--quiet', repository.url, work]);
    git(['checkout', '--quiet', '-B', 'main'], work);
    change(work);
    git(['add', '-A'], work);
    git(['commit', '--quiet', '--allow-empty', '-m', message], work);
    git(['push', '--quiet', 'origin', 'HEAD:refs/heads/main'], work);
    return git(['rev-parse', 'HEAD'], work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The files of a branch, read from a fresh clone. */
export function filesOf(repository: TestRepository, branch = 'main'): Files {
  const work = mkdtempSync(join(tmpdir(), 'folio-git-read-'));
  try {
    git(['clone', '--quiet', '--branch', branch, repository.url, work]);
    rmSync(join(work, '.git'), { recursive: true, force: true });
    return readFolder(work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function headOf(repository: TestRepository, branch = 'main'): string | undefined {
  try {
    return git(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`], repository.dir);
  } catch {
    return undefined;
  }
}

/** `git log` of a branch: one line per commit, "<author name> <email>|<subject>". */
export function logOf(repository: TestRepository, branch = 'main'): string[] {
  return git(['log', '--format=%an <%ae>|%s', `refs/heads/${branch}`], repository.dir).split('\n').filter(Boolean);
}
