import { parse as parseYaml } from 'yaml';

/**
 * OpenAPI specification files of a space (`{% openapi src="../.gitbook/assets/petstore.yaml" %}`), parsed for
 * the published site. A page is rendered synchronously from the store, so a file is parsed here (JSON or YAML)
 * rather than by the org specs' asynchronous processing (openapi/processing.ts): a spec file of a space has no
 * origin to fetch its external references from, and only its internal `#/` references are written out
 * (openapi/operation.ts), which is all that processing would have left anyway.
 *
 * Parsed documents are kept by the file's content hash (so a file whose bytes change is parsed again, and two
 * spaces holding the same file share one parse), a bounded number of them; a file too large or that does not
 * parse is remembered as unreadable, and its block keeps the card naming the operation.
 */

/** A larger file is not parsed while a page is being rendered. */
export const MAX_SPEC_FILE_BYTES = 2 * 1024 * 1024;
/** The cache holds documents parsed from at most this many bytes of files in all. */
const MAX_CACHED_BYTES = 16 * 1024 * 1024;
/** YAML aliases expanded per document: a few kilobytes of aliases could otherwise stand for millions of values. */
const MAX_ALIASES = 100;

type SpecDocument = Record<string, unknown>;

interface Cached {
  document: SpecDocument | null;
  bytes: number;
}

// Least recently used first (a Map keeps insertion order; a hit is moved to the end).
const cache = new Map<string, Cached>();
let cachedBytes = 0;

/**
 * The parsed document of a spec file (`hash` names its bytes, `read` reads them when they are not parsed yet);
 * undefined when it is too large, not JSON or YAML, or not an OpenAPI 3.x or Swagger 2.0 document.
 */
export function specFileDocument(file: { hash: string; size: number }, read: () => Uint8Array | undefined): SpecDocument | undefined {
  const hit = cache.get(file.hash);
  if (hit) {
    cache.delete(file.hash);
    cache.set(file.hash, hit);
    return hit.document ?? undefined;
  }
  if (file.size > MAX_SPEC_FILE_BYTES) return undefined;
  const bytes = read();
  if (!bytes || bytes.byteLength > MAX_SPEC_FILE_BYTES) return undefined;
  const document = parseSpec(new TextDecoder().decode(bytes));
  remember(file.hash, { document: document ?? null, bytes: bytes.byteLength });
  return document;
}

/** Forgets every parsed document (tests). */
export function clearSpecFileCache(): void {
  cache.clear();
  cachedBytes = 0;
}

function remember(hash: string, entry: Cached): void {
  cache.set(hash, entry);
  cachedBytes += entry.bytes;
  for (const [oldest, old] of cache) {
    if (cachedBytes <= MAX_CACHED_BYTES || oldest === hash) break;
    cache.delete(oldest);
    cachedBytes -= old.bytes;
  }
}

function parseSpec(text: string): SpecDocument | undefined {
  let value: unknown;
  try {
    // JSON is read as JSON (much faster than as YAML); anything else as YAML.
    value = text.trimStart().startsWith('{') ? tryJson(text) : undefined;
    value ??= parseYaml(text, { maxAliasCount: MAX_ALIASES, prettyErrors: false });
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const document = value as SpecDocument;
  const versioned = typeof document.openapi === 'string' || typeof document.swagger === 'string';
  const paths = document.paths;
  return versioned && paths && typeof paths === 'object' && !Array.isArray(paths) ? document : undefined;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
