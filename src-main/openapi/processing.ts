import SwaggerParser from '@apidevtools/swagger-parser';
import { type FetchAccess, fetchResource } from '../import/source';
import type { NetworkPolicy } from '../net/network-policy';
import type { OpenAPIProcessingErrorCode } from '../../src-shared/schemas/openapi';

/**
 * Turning a specification's source into a stored version: fetch (bounded in time and size), parse
 * (JSON or YAML), bundle its references into one document, and validate it (OpenAPI 3.x or Swagger
 * 2.0) with @apidevtools/swagger-parser.
 *
 * Fetching follows the import feature's policy (import/source.ts, which does the fetching through the
 * guarded fetcher of net/): http(s) URLs whose every address, redirect hops included, the network policy
 * allows (public addresses on a server; private ones too on the desktop or with --allow-private-network);
 * `file:` only where imports may read local files (AppConfig.allowFileImports: the desktop app, or a
 * server started with --allow-file-imports).
 *
 * External $refs are where a specification could make the server read what its author could not:
 * another host (SSRF) or a local file. So the parser's own file and http resolvers are off, and one
 * resolver of ours reads only
 * - the entry document itself (a pasted text never leaves memory: its references must be internal), and
 * - for a fetched specification, references on the same origin as its URL (a multi-file spec published
 *   in one place), within the same time and size budget; for a `file:` source, files in its folder.
 * Anything else is refused, and the processing fails with PARSE_ERROR; a same-origin reference the
 * network policy refuses (a redirect elsewhere, a name resolving differently) fails with FETCH_ERROR.
 */

export interface ProcessingLimits {
  /** The whole processing's fetching (the document and its references) must finish within this. */
  timeoutMs: number;
  /** Bytes fetched in all. */
  maxBytes: number;
  allowFileUrls: boolean;
  /** Where the server may fetch (AppConfig's policy). */
  network: NetworkPolicy;
}

export const DEFAULT_PROCESSING_LIMITS: ProcessingLimits = { timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024, allowFileUrls: false, network: {} };

export type ProcessingOutcome =
  | { ok: true; document: Record<string, unknown>; content: string; sourceUrl: string | null }
  | { ok: false; code: OpenAPIProcessingErrorCode; message: string };

/** Where a pasted text claims to live, so that the parser has a base URL; nothing is ever read from it. */
const TEXT_ENTRY = 'https://pasted-text.folio.invalid/openapi';

/**
 * How many values (objects, arrays, scalars) a document may expand to. YAML aliases make shared
 * subtrees, so a few kilobytes can stand for an exponential number of nodes once written out as JSON.
 */
const MAX_NODES = 2_000_000;

class ProcessingError extends Error {
  constructor(
    readonly code: OpenAPIProcessingErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export async function processSource(source: { url?: string | null; text?: string | null }, limits: ProcessingLimits): Promise<ProcessingOutcome> {
  const budget = { bytesLeft: limits.maxBytes, deadline: Date.now() + limits.timeoutMs };
  try {
    let entry: URL;
    let text: string;
    if (source.url) {
      entry = new URL(source.url);
      if (entry.protocol === 'file:' && !limits.allowFileUrls) throw new ProcessingError('FETCH_ERROR', 'file: URLs are not read here');
      text = await fetchText(entry, budget, limits);
    } else {
      entry = new URL(TEXT_ENTRY);
      text = source.text ?? '';
      if (Buffer.byteLength(text) > limits.maxBytes) throw new ProcessingError('PARSE_ERROR', `the specification is larger than ${limits.maxBytes} bytes`);
    }
    const document = await bundleAndValidate(entry, text, source.url ? budget : undefined, limits);
    return { ok: true, document, content: JSON.stringify(document), sourceUrl: source.url ?? null };
  } catch (error) {
    if (error instanceof ProcessingError) return { ok: false, code: error.code, message: error.message };
    return { ok: false, code: 'PARSE_ERROR', message: error instanceof Error ? error.message : String(error) };
  }
}

async function fetchText(url: URL, budget: { bytesLeft: number; deadline: number }, limits: ProcessingLimits): Promise<string> {
  try {
    const access: FetchAccess = { network: limits.network, allowFileUrls: limits.allowFileUrls };
    const fetched = await fetchResource(url, budget, access);
    return new TextDecoder().decode(fetched.bytes);
  } catch (error) {
    const timedOut = Date.now() >= budget.deadline || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'));
    throw new ProcessingError(timedOut ? 'FETCH_TIMEOUT' : 'FETCH_ERROR', `${url.href}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** May the parser follow a reference from `entry` to `target`? See the policy above. */
function sameOrigin(entry: URL, target: URL): boolean {
  if (entry.href === TEXT_ENTRY) return false;
  if (entry.protocol === 'file:') return target.protocol === 'file:' && target.pathname.startsWith(entry.pathname.replace(/[^/]*$/, ''));
  return (target.protocol === 'http:' || target.protocol === 'https:') && target.origin === entry.origin;
}

async function bundleAndValidate(
  entry: URL,
  text: string,
  budget: { bytesLeft: number; deadline: number } | undefined,
  limits: ProcessingLimits,
): Promise<Record<string, unknown>> {
  // A fetch failure inside the parser reaches us wrapped in its own error: remember the first one.
  let fetchFailure: ProcessingError | undefined;
  const resolver = {
    order: 1,
    canRead: true,
    async read(file: { url: string }): Promise<string> {
      const target = new URL(file.url.replace(/#.*$/, ''));
      if (target.href === entry.href) return text;
      if (!budget || !sameOrigin(entry, target)) {
        throw new ProcessingError('PARSE_ERROR', `$ref to ${target.href}: only references on the specification's own origin are followed`);
      }
      try {
        return await fetchText(target, budget, limits);
      } catch (error) {
        fetchFailure ??= error as ProcessingError;
        throw error;
      }
    },
  };
  const options = {
    resolve: { file: false, http: false, folio: resolver },
    // JSON or YAML only (the text and binary parsers would take anything as a string).
    parse: { text: false, binary: false },
  };
  let bundled: unknown;
  try {
    bundled = await new SwaggerParser().bundle(entry.href, options as never);
  } catch (error) {
    if (fetchFailure) throw fetchFailure;
    throw new ProcessingError('PARSE_ERROR', messageOf(error));
  }
  if (!bundled || typeof bundled !== 'object' || Array.isArray(bundled)) throw new ProcessingError('PARSE_ERROR', 'the specification is not a JSON or YAML object');
  if (countNodes(bundled, MAX_NODES) > MAX_NODES) throw new ProcessingError('PARSE_ERROR', 'the specification expands to too many values');
  // Bundling leaves only internal references; validation dereferences a copy (it changes what it is given).
  try {
    await SwaggerParser.validate(structuredClone(bundled) as never, { resolve: { external: false } } as never);
  } catch (error) {
    throw new ProcessingError('PARSE_ERROR', messageOf(error));
  }
  return bundled as Record<string, unknown>;
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/** The number of values in `value` written out in full (shared subtrees counted each time), stopping past `max`. */
function countNodes(value: unknown, max: number): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && count <= max) {
    const next = stack.pop();
    count += 1;
    if (next && typeof next === 'object') for (const child of Array.isArray(next) ? next : Object.values(next)) stack.push(child);
  }
  return count;
}
