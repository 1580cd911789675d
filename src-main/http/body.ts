import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { NOT_WELL_FORMED, pathOfMalformedText } from '../../src-shared/text/well-formed';
import { FolioError, badRequest } from '../errors';
import { bodyDecoder, encodingOf } from './content-encoding';

/** The largest /v1 (and /sync) request body, counted after decompression. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Reads and parses a JSON request body; no body is `undefined`. Bounded, so a huge upload cannot exhaust memory. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const bytes = await readBody(req, MAX_BODY_BYTES);
  if (bytes.length === 0) return undefined;
  const type = req.headers['content-type'];
  if (type && !/^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(type)) {
    throw new FolioError('unsupported_media_type', `Content-Type must be application/json, got "${type}"`);
  }
  const text = bytes.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw badRequest(`body: malformed JSON (${(error as Error).message})`);
  }
  // Decoded UTF-8 never holds a lone surrogate: only a `\uD800`-style escape can make one, so most bodies skip the walk.
  const malformed = /\\u[dD][89a-fA-F]/.test(text) ? pathOfMalformedText(parsed) : undefined;
  if (malformed) throw badRequest(`${malformed}: ${NOT_WELL_FORMED}`);
  return parsed;
}

/**
 * Reads a request body of at most `limit` bytes, inflating `Content-Encoding: gzip` or `deflate` as it
 * arrives (the limit counts the inflated bytes, so a small bomb cannot expand past it in memory). A declared
 * Content-Length over the limit is refused before anything is read. On a refusal the rest of the body stays
 * unread: the caller answers, then discards it (see discardBody), so the client reads the answer.
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const encoding = encodingOf(req);
  if (encoding === 'identity') return collect(req, req, limit, '');
  const decoder = bodyDecoder(encoding);
  req.pipe(decoder);
  try {
    return await collect(req, decoder, limit, ' once decompressed');
  } catch (error) {
    req.unpipe(decoder);
    decoder.destroy();
    throw error;
  }
}

const tooLarge = (limit: number, after = '') => new FolioError('payload_too_large', `Request body is larger than ${limit} bytes${after}`);

/**
 * Collects what `source` yields (the request itself, or its decoder) up to `limit` bytes. The request's own
 * bytes are bounded by the same limit, so a compressed body cannot be larger than a plain one either.
 */
function collect(req: IncomingMessage, source: Readable, limit: number, after: string): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let received = 0;
    let done = false;
    const onReceived = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) finish(tooLarge(limit));
    };
    const onData = (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) return finish(tooLarge(limit, after));
      chunks.push(chunk);
    };
    const onEnd = () => finish();
    const onError = (error: Error) =>
      finish(source === req ? error : badRequest(`body: malformed ${String(req.headers['content-encoding']).trim()} data (${error.message})`));
    // The client went away mid-body (a complete request may close before its decoder has flushed).
    const onClose = () => {
      if (!req.complete) finish(new Error('The request ended before its body did'));
    };
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      req.off('data', onReceived);
      req.off('close', onClose);
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onError);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size));
    };
    if (source !== req) req.on('data', onReceived);
    req.on('close', onClose);
    source.on('data', onData);
    source.on('end', onEnd);
    source.on('error', onError);
  });
}
