import { type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { pipeline, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { bareHostname, type NetworkPolicy, NetworkRefusal, type ResolvedAddress, resolveDestination } from './network-policy';

/**
 * The one fetcher for requests a user directs (imports, OpenAPI specs, files by URL). Unlike global
 * fetch it
 * - connects only to addresses the network policy vetted (see network-policy.ts), at every hop;
 * - follows redirects itself (at most MAX_REDIRECTS), vetting the scheme and destination of each;
 * - decodes gzip, deflate and br itself, as a stream, so the caller counts decoded bytes against its
 *   budget and a small compressed body cannot expand past it in memory (readBody).
 * The team server the sync client talks to is configured by the operator and does not go through here.
 */

export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

interface GuardedFetchOptions {
  policy: NetworkPolicy;
  /** Aborts the whole fetch, body included (the caller's deadline). */
  signal: AbortSignal;
  headers?: Record<string, string>;
}

interface GuardedResponse {
  status: number;
  /** Where the answer came from, after redirects. */
  url: URL;
  contentType: string | undefined;
  /** The decoded body: read it (readBody) or destroy it. */
  body: Readable;
}

export async function guardedFetch(start: URL, options: GuardedFetchOptions): Promise<GuardedResponse> {
  let url = start;
  for (let hop = 0; ; hop += 1) {
    let addresses: ResolvedAddress[];
    try {
      addresses = await resolveDestination(url, options.policy);
    } catch (error) {
      if (hop === 0) throw error;
      // Name the hop: the URL the user gave may well be allowed.
      const message = `redirected to ${url.href}: ${(error as Error).message}`;
      throw error instanceof NetworkRefusal ? new NetworkRefusal(message) : new Error(message, { cause: error });
    }
    const response = await requestOnce(url, addresses, options);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECT_STATUSES.has(status) && location) {
      response.destroy();
      if (hop >= MAX_REDIRECTS) throw new Error(`${start.href} redirected more than ${MAX_REDIRECTS} times`);
      try {
        url = new URL(location, url);
      } catch {
        throw new Error(`${url.href} redirected to "${location.slice(0, 200)}", which is not a URL`);
      }
      continue;
    }
    return { status, url, contentType: response.headers['content-type'], body: decoded(response) };
  }
}

/**
 * Reads a body whole, refusing it once more than `maxBytes` decoded bytes arrive (nothing past the
 * limit is kept: the stream is destroyed there). `tooLarge` makes the error to throw.
 */
export async function readBody(response: GuardedResponse, maxBytes: number, tooLarge: () => Error, signal?: AbortSignal): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        response.body.destroy();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
  } catch (error) {
    throw signal?.aborted ? timedOut() : error;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function requestOnce(url: URL, addresses: ResolvedAddress[], options: GuardedFetchOptions): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) return reject(timedOut());
    const req = request(
      {
        protocol: url.protocol,
        hostname: bareHostname(url),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { ...options.headers, host: url.host, 'accept-encoding': 'gzip, deflate, br' },
        // A fresh connection per request: a pooled socket could have been opened to another address.
        agent: false,
        lookup: pinnedLookup(addresses),
        signal: options.signal,
      },
      (response) => {
        // The deadline covers the body too: the response stream ends with an error when it passes.
        const abort = () => response.destroy(timedOut());
        options.signal.addEventListener('abort', abort, { once: true });
        response.once('close', () => options.signal.removeEventListener('abort', abort));
        resolve(response);
      },
    );
    req.on('error', (error) => reject(options.signal.aborted ? timedOut() : error));
    req.end();
  });
}

/** A lookup that answers only the vetted addresses: the connection cannot go anywhere else. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : undefined;
    const usable = family ? addresses.filter((a) => a.family === family) : addresses;
    if (usable.length === 0) {
      callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }), '', 0);
      return;
    }
    if (lookupOptions.all) (callback as unknown as (error: null, all: ResolvedAddress[]) => void)(null, usable);
    else callback(null, usable[0]!.address, usable[0]!.family);
  };
}

/** The body with its Content-Encoding undone, as a stream (decoders applied last-first, as listed). */
function decoded(response: IncomingMessage): Readable {
  const encodings = (response.headers['content-encoding'] ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e && e !== 'identity');
  let body: Readable = response;
  for (const encoding of encodings.reverse()) {
    const decoder = decoderFor(encoding);
    if (!decoder) {
      response.destroy();
      throw new Error(`answered with content encoding "${encoding.slice(0, 40)}", which cannot be read`);
    }
    body = pipeline(body, decoder, () => {});
  }
  return body;
}

function decoderFor(encoding: string): Transform | undefined {
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip();
  if (encoding === 'deflate') return createInflate();
  if (encoding === 'br') return createBrotliDecompress();
  return undefined;
}

function timedOut(): Error {
  return Object.assign(new Error('no complete answer in time'), { name: 'TimeoutError' });
}
