import type { Readable } from 'node:stream';
import { guardedFetch } from '../net/guarded-fetch';
import { type NetworkPolicy, NetworkRefusal } from '../net/network-policy';
import type { LinkMetadataOutcome } from '../store/link-metadata';
import { decodeHtml, htmlMetadata } from './html-metadata';

/**
 * Fetches what an embedded link's page says about itself (its title, description, site name), for the card
 * the published site shows in place of a frame. A link is written by whoever edits a page, so the fetch is
 * one a user directs: it goes through the guarded fetcher, under the app's network policy (public addresses
 * on a shared server; what its operator allows besides), within a deadline, and reads only the first
 * `maxBytes` of the page (its head is there; the rest is never downloaded). Every failure is an outcome,
 * never a throw: the caller caches it.
 */
export interface LinkFetchLimits {
  network: NetworkPolicy;
  /** How much of the page is read: enough for a head, little enough for any number of links. */
  maxBytes: number;
  /** The whole fetch, redirects and body included. */
  timeoutMs: number;
}

export const DEFAULT_LINK_FETCH_LIMITS: LinkFetchLimits = { network: {}, maxBytes: 256 * 1024, timeoutMs: 10_000 };

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const MAX_FAILURE_CHARS = 300;

export async function fetchLinkMetadata(url: URL, limits: LinkFetchLimits): Promise<LinkMetadataOutcome> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await guardedFetch(url, {
      policy: limits.network,
      signal,
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9', 'user-agent': 'FolioLinkPreview/1 (+embed titles)' },
    });
    if (response.status < 200 || response.status > 299) {
      response.body.destroy();
      return failed(`answered ${response.status}`);
    }
    const type = (response.contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
    if (!HTML_TYPES.has(type)) {
      response.body.destroy();
      return failed(`not an HTML page (${type || 'no content type'})`);
    }
    const bytes = await readPrefix(response.body, limits.maxBytes);
    const metadata = htmlMetadata(decodeHtml(bytes, response.contentType));
    return { status: 'ok', ...metadata };
  } catch (error) {
    if (error instanceof NetworkRefusal) return failed(`refused: ${error.message}`);
    if (signal.aborted || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))) return failed('no complete answer in time');
    return failed(error instanceof Error ? error.message : String(error));
  }
}

/** The first `maxBytes` of a body; the stream (and its connection) is destroyed there, read or not. */
async function readPrefix(body: Readable, maxBytes: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      const room = maxBytes - size;
      chunks.push(chunk.byteLength > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.byteLength, room);
      if (size >= maxBytes) break;
    }
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks, size);
}

function failed(reason: string): LinkMetadataOutcome {
  return { status: 'failed', failure: [...reason].slice(0, MAX_FAILURE_CHARS).join('') };
}
