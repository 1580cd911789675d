import type { IncomingMessage } from 'node:http';
import { FolioError, badRequest } from '../errors';

export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Reads and parses a JSON request body; no body is `undefined`. Bounded, so a huge upload cannot exhaust memory. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw new FolioError('payload_too_large', `Request body is larger than ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(chunk);
  }
  if (size === 0) return undefined;
  const type = req.headers['content-type'];
  if (type && !/^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(type)) {
    throw new FolioError('unsupported_media_type', `Content-Type must be application/json, got "${type}"`);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw badRequest(`body: malformed JSON (${(error as Error).message})`);
  }
}
