import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { badRequest } from '../errors';
import { guardedFetch, readBody } from '../net/guarded-fetch';
import { type NetworkPolicy, NetworkRefusal } from '../net/network-policy';

/** Every import is bounded: a source cannot exhaust memory, disk or time, nor reach what the server may not. */
export interface ImportLimits extends FetchAccess {
  maxBytes: number;
  maxFiles: number;
  timeoutMs: number;
}

/** Who may be fetched: the network policy (AppConfig's) and whether file:// URLs may be read. */
export interface FetchAccess {
  network: NetworkPolicy;
  /** file:// URLs: the desktop app imports local folders; a shared server refuses them unless told. */
  allowFileUrls: boolean;
}

export const DEFAULT_LIMITS: ImportLimits = {
  maxBytes: 100 * 1024 * 1024,
  maxFiles: 5_000,
  timeoutMs: 60_000,
  // Public http(s) addresses only, unless the app's config says otherwise.
  network: {},
  allowFileUrls: false,
};

export interface Fetched {
  bytes: Uint8Array;
  contentType: string;
  url: URL;
}

/** A folder of files by relative path ('/'-separated), as zips are unpacked. */
type FileTree = Map<string, Uint8Array>;

export function parseSourceUrl(raw: string, limits: ImportLimits): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('url: not a URL');
  }
  if (url.protocol === 'file:' && !limits.allowFileUrls) {
    throw badRequest('url: file:// URLs are imported by the desktop app; this server was not started with --allow-file-imports');
  }
  if (!['http:', 'https:', 'file:'].includes(url.protocol)) throw badRequest(`url: ${url.protocol} URLs cannot be imported`);
  return url;
}

/**
 * Fetches one resource within the limits (remaining bytes, a deadline), through the guarded fetcher:
 * http(s) only, to destinations the network policy allows at every redirect hop (a refusal is a
 * NetworkRefusal), and file:// only where `access` allows it.
 */
export async function fetchResource(url: URL, budget: { bytesLeft: number; deadline: number }, access: FetchAccess): Promise<Fetched> {
  if (url.protocol === 'file:') {
    if (!access.allowFileUrls) throw new NetworkRefusal('file:// URLs are not read here (--allow-file-imports)');
    const path = fileURLToPath(url);
    const info = await stat(path);
    if (info.size > budget.bytesLeft) throw new Error(`${url.href} is larger than the import allows`);
    const bytes = new Uint8Array(await readFile(path));
    budget.bytesLeft -= bytes.byteLength;
    return { bytes, contentType: contentTypeOf(path), url };
  }
  const remaining = budget.deadline - Date.now();
  if (remaining <= 0) throw new Error('the import ran out of time');
  const signal = AbortSignal.timeout(Math.min(remaining, 15_000));
  const response = await guardedFetch(url, { policy: access.network, signal, headers: { 'user-agent': 'FolioImporter/1 (+docs import)' } });
  if (response.status < 200 || response.status > 299) {
    response.body.destroy();
    throw new HttpError(response.status, `${url.href} answered ${response.status}`);
  }
  const bytes = await readBody(response, budget.bytesLeft, () => new Error(`${url.href} is larger than the import allows`), signal);
  budget.bytesLeft -= bytes.byteLength;
  return { bytes, contentType: response.contentType ?? contentTypeOf(url.pathname), url: response.url };
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A folder or an unpacked archive, listed before it is read: an importer reads only the files it
 * uses (a page, an image a page shows), and only what it reads counts against the byte limit.
 */
export interface SourceTree {
  /** Every file, by path relative to the top ('/'-separated). */
  readonly paths: readonly string[];
  has(path: string): boolean;
  /** A file's bytes; a 400 when the import's byte limit is passed. */
  read(path: string): Promise<Uint8Array>;
}

/** An unpacked archive as a SourceTree: its bytes are in memory already, counted by the unpacking. */
export function treeOfMap(files: FileTree): SourceTree {
  return {
    paths: [...files.keys()],
    has: (path) => files.has(path),
    read: async (path) => {
      const bytes = files.get(path);
      if (!bytes) throw new Error(`no file ${path}`);
      return bytes;
    },
  };
}

/**
 * Lists a local folder (within the file count limit) and reads its files on demand, each read
 * counted against the byte budget. Hidden files are left out, but for GitBook's `.gitbook/` folder
 * and `.gitbook.yaml`.
 */
export async function readFolder(url: URL, limits: ImportLimits, budget: { bytesLeft: number }): Promise<SourceTree> {
  const root = fileURLToPath(url);
  const files = new Map<string, string>();
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') && entry.name !== '.gitbook' && entry.name !== '.gitbook.yaml') continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        if (files.size >= limits.maxFiles) throw badRequest(`url: the folder holds more than ${limits.maxFiles} files`);
        files.set(relative(root, full).split(sep).join('/'), full);
      }
    }
  };
  await walk(root);
  return {
    paths: [...files.keys()],
    has: (path) => files.has(path),
    read: async (path) => {
      const full = files.get(path);
      if (!full) throw new Error(`no file ${path}`);
      // The size first, so a huge file is refused without being read into memory.
      if ((await stat(full)).size > budget.bytesLeft) throw badRequest(`url: the pages and the files they use are larger than ${limits.maxBytes} bytes`);
      const bytes = new Uint8Array(await readFile(full));
      budget.bytesLeft -= bytes.byteLength;
      if (budget.bytesLeft < 0) throw badRequest(`url: the pages and the files they use are larger than ${limits.maxBytes} bytes`);
      return bytes;
    },
  };
}

export async function isLocalFolder(url: URL): Promise<boolean> {
  if (url.protocol !== 'file:') return false;
  try {
    return (await stat(fileURLToPath(url))).isDirectory();
  } catch {
    throw badRequest(`url: nothing at ${url.href}`);
  }
}

const TYPES: Record<string, string> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
};

export function contentTypeOf(path: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return (ext && TYPES[ext]) || 'application/octet-stream';
}
