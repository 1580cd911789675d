import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { GitCommandError, gitText, runGit } from './git-command';
import type { GitRemote } from './remote';

/**
 * Each space with Git Sync keeps a bare repository of its own under the data directory
 * (`git/<spaceId>.git`): what was fetched stays between operations, so a fetch transfers only new
 * commits, and a commit made while the remote is unreachable waits there to be pushed.
 */
export async function openLocalRepository(dataDir: string, spaceId: string): Promise<string> {
  const gitDir = join(dataDir, 'git', `${spaceId}.git`);
  mkdirSync(join(dataDir, 'git'), { recursive: true });
  // `init` on an existing repository only re-reads it; it never discards anything.
  await runGit(['init', '--quiet', '--bare', gitDir]);
  return gitDir;
}

const TOO_LARGE = 'received more than';

/** What one fetch may write: the repository's history, packed. */
const MAX_FETCH_BYTES = 512 * 1024 * 1024;

function removeTemporaryPacks(folder: string): void {
  try {
    for (const name of readdirSync(folder)) if (name.startsWith('tmp_')) rmSync(join(folder, name), { force: true });
  } catch {
    // No pack folder: nothing to remove.
  }
}

function folderBytes(folder: string): number {
  let total = 0;
  try {
    for (const name of readdirSync(folder)) total += statSync(join(folder, name), { throwIfNoEntry: false })?.size ?? 0;
  } catch {
    // Not there yet: nothing written.
  }
  return total;
}

/** The local ref holding what was last fetched from the remote. */
export const FETCHED_REF = 'refs/folio/fetched';

/**
 * Fetches `ref` (`refs/heads/main`) from the remote into FETCHED_REF; resolves to its commit, or
 * undefined when the remote has no such branch yet (an empty repository, a new branch).
 */
export async function fetchBranch(gitDir: string, remote: GitRemote, config: Record<string, string>, ref: string, maxBytes = MAX_FETCH_BYTES): Promise<string | undefined> {
  try {
    const packs = join(gitDir, 'objects', 'pack');
    const before = folderBytes(packs);
    // A repository cannot fill the server's disk: the packs a fetch writes are bounded.
    const watch = () => (folderBytes(packs) - before > maxBytes ? `${TOO_LARGE} ${Math.round(maxBytes / 1024 / 1024)} MB; the repository is too large to sync` : undefined);
    await runGit(['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', remote.url, `+${ref}:${FETCHED_REF}`], {
      gitDir,
      // Kept as packs (never exploded into loose objects), so what a fetch wrote is the size of one folder.
      config: { ...config, 'fetch.unpackLimit': '1' },
      watch,
    });
    // A fetch quicker than the watch still counts.
    const tooLarge = watch();
    if (tooLarge) {
      await deleteRef(gitDir, FETCHED_REF);
      throw new GitCommandError(['fetch'], null, tooLarge);
    }
  } catch (error) {
    // A fetch stopped mid-way leaves its partial pack behind: not kept. Stopped just after it moved the ref,
    // the ref goes too: what is too large is never used.
    removeTemporaryPacks(join(gitDir, 'objects', 'pack'));
    if (error instanceof GitCommandError && error.stderr.startsWith(TOO_LARGE)) await deleteRef(gitDir, FETCHED_REF);
    if (error instanceof GitCommandError && /couldn't find remote ref/i.test(error.stderr)) {
      await deleteRef(gitDir, FETCHED_REF);
      return undefined;
    }
    throw error;
  }
  return resolveCommit(gitDir, FETCHED_REF);
}

export async function resolveCommit(gitDir: string, ref: string): Promise<string | undefined> {
  try {
    return await gitText(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { gitDir });
  } catch {
    return undefined;
  }
}

async function deleteRef(gitDir: string, ref: string): Promise<void> {
  await runGit(['update-ref', '-d', ref], { gitDir }).catch(() => undefined);
}

/** A file of a commit's tree. */
export interface TreeEntry {
  path: string;
  oid: string;
  size: number;
}

/** The regular files of `commit` under `directory` ('' for all), paths relative to that directory. */
export async function listFiles(gitDir: string, commit: string, directory: string): Promise<TreeEntry[]> {
  const prefix = directory ? `${directory.replace(/\/+$/, '')}/` : '';
  const out = await runGit(['ls-tree', '-r', '-z', '-l', '--full-tree', commit, ...(prefix ? ['--', prefix] : [])], { gitDir });
  const entries: TreeEntry[] = [];
  for (const line of out.toString('utf8').split('\0')) {
    // "<mode> <type> <oid> <size>\t<path>": regular and executable files only (no links, no submodules).
    const match = /^(100644|100755) blob ([0-9a-f]+)\s+(\d+)\t([\s\S]+)$/.exec(line);
    if (match && match[4]!.startsWith(prefix)) entries.push({ oid: match[2]!, size: Number(match[3]), path: match[4]!.slice(prefix.length) });
  }
  return entries;
}

/** The bytes of blobs, read in one `git cat-file --batch`. */
export async function readBlobs(gitDir: string, oids: readonly string[]): Promise<Map<string, Buffer>> {
  const unique = [...new Set(oids)];
  const blobs = new Map<string, Buffer>();
  if (unique.length === 0) return blobs;
  const out = await runGit(['cat-file', '--batch'], { gitDir, input: `${unique.join('\n')}\n` });
  let at = 0;
  for (const oid of unique) {
    const end = out.indexOf(10, at);
    const header = out.subarray(at, end).toString('utf8');
    const size = Number(header.split(' ')[2]);
    if (!header.startsWith(oid) || !Number.isFinite(size)) throw new Error(`git cat-file answered "${header}" for ${oid}`);
    blobs.set(oid, out.subarray(end + 1, end + 1 + size));
    at = end + 1 + size + 1;
  }
  return blobs;
}

interface CommitRequest {
  /** The commit the new one follows (none: the branch's first commit). */
  parent?: string;
  /** Files to write, paths from the repository's top. */
  write: ReadonlyArray<{ path: string; bytes: Uint8Array }>;
  /** Paths to delete (from the repository's top). */
  remove: readonly string[];
  message: string;
  author: { name: string; email: string };
  /** Seconds since the epoch. */
  time: number;
}

const WORK_REF = 'refs/folio/work';

/**
 * Writes a commit with `git fast-import` (the files in memory; no working tree) and answers its id,
 * or undefined when its tree would equal its parent's: nothing changed, so nothing is committed.
 */
export async function writeCommit(gitDir: string, request: CommitRequest): Promise<string | undefined> {
  const parts: Buffer[] = [];
  const text = (value: string) => parts.push(Buffer.from(value, 'utf8'));
  const data = (bytes: Uint8Array) => {
    text(`data ${bytes.byteLength}\n`);
    parts.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    text('\n');
  };
  const who = (person: { name: string; email: string }) => `${oneLine(person.name)} <${oneLine(person.email).replace(/[<>]/g, '')}> ${Math.floor(request.time)} +0000`;
  text(`reset ${WORK_REF}\n`);
  text(`commit ${WORK_REF}\n`);
  text(`author ${who(request.author)}\n`);
  text(`committer ${who({ name: 'Folio', email: 'folio@localhost' })}\n`);
  data(Buffer.from(request.message.endsWith('\n') ? request.message : `${request.message}\n`, 'utf8'));
  if (request.parent) text(`from ${request.parent}\n`);
  for (const path of request.remove) text(`D ${quotePath(path)}\n`);
  for (const file of request.write) {
    text(`M 100644 inline ${quotePath(file.path)}\n`);
    data(file.bytes);
  }
  text('done\n');
  await runGit(['fast-import', '--quiet', '--done', '--force'], { gitDir, input: Buffer.concat(parts) });
  const commit = (await resolveCommit(gitDir, WORK_REF))!;
  if (request.parent) {
    const [tree, parentTree] = await Promise.all([gitText(['rev-parse', `${commit}^{tree}`], { gitDir }), gitText(['rev-parse', `${request.parent}^{tree}`], { gitDir })]);
    if (tree === parentTree) return undefined;
  }
  return commit;
}

/** Pushes `commit` to the remote's `ref`; a rejection (the branch moved on) is a GitCommandError. */
export async function pushCommit(gitDir: string, remote: GitRemote, config: Record<string, string>, commit: string, ref: string, force = false): Promise<void> {
  await runGit(['push', '--quiet', '--porcelain', remote.url, `${force ? '+' : ''}${commit}:${ref}`], { gitDir, config });
  // What the branch holds now, for an export made while the repository cannot be reached.
  await runGit(['update-ref', FETCHED_REF, commit], { gitDir });
}

/** Renamed files between two commits under `directory`, as git detects them (old → new, relative to it). */
export async function renamesBetween(gitDir: string, from: string, to: string, directory: string): Promise<Map<string, string>> {
  const prefix = directory ? `${directory.replace(/\/+$/, '')}/` : '';
  const out = await runGit(['diff', '--name-status', '-z', '-M', '-l0', from, to, ...(prefix ? ['--', prefix] : [])], { gitDir });
  const fields = out.toString('utf8').split('\0');
  const renames = new Map<string, string>();
  for (let i = 0; i < fields.length; ) {
    const status = fields[i++] ?? '';
    if (status.startsWith('R')) {
      const oldPath = fields[i++]!;
      const newPath = fields[i++]!;
      if (oldPath.startsWith(prefix) && newPath.startsWith(prefix)) renames.set(oldPath.slice(prefix.length), newPath.slice(prefix.length));
    } else if (status) i += status.startsWith('C') ? 2 : 1;
  }
  return renames;
}

/** Whether `ancestor` is `commit` or one of its ancestors. */
export async function isAncestor(gitDir: string, ancestor: string, commit: string): Promise<boolean> {
  if (ancestor === commit) return true;
  return runGit(['merge-base', '--is-ancestor', ancestor, commit], { gitDir }).then(
    () => true,
    () => false,
  );
}

/** The paths changed between two commits, or undefined when `from` is not an ancestor of `to` (history rewritten). */
export async function changedPathsBetween(gitDir: string, from: string, to: string): Promise<string[] | undefined> {
  try {
    await runGit(['merge-base', '--is-ancestor', from, to], { gitDir });
  } catch {
    return undefined;
  }
  const out = await runGit(['diff', '--name-only', '-z', '--no-renames', from, to], { gitDir });
  return out.toString('utf8').split('\0').filter(Boolean);
}

/** fast-import takes a path as is unless it starts with a quote or holds a newline; quote those C-style. */
function quotePath(path: string): string {
  if (!/^"|[\n\\"]/.test(path)) return path;
  return `"${path.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

function oneLine(value: string): string {
  return value.replace(/[\r\n<>]/g, ' ').trim() || 'Unknown';
}
