import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import { FolioError } from '../errors';

type BodyEncoding = 'identity' | 'gzip' | 'deflate';

/** A request body's Content-Encoding: none, gzip or deflate (RFC 9110 §8.4.1); anything else is a 415 naming it. */
export function encodingOf(req: IncomingMessage): BodyEncoding {
  const given = (req.headers['content-encoding'] ?? '').trim();
  const name = given.toLowerCase();
  if (name === '' || name === 'identity') return 'identity';
  if (name === 'gzip' || name === 'x-gzip') return 'gzip';
  if (name === 'deflate') return 'deflate';
  throw new FolioError(
    'unsupported_media_type',
    `Content-Encoding "${given.slice(0, 100)}" is not supported: send the body uncompressed, or with gzip or deflate`,
  );
}

/** A streaming decoder: the body is inflated as it arrives, so its size can be counted before it is held. */
export function bodyDecoder(encoding: Exclude<BodyEncoding, 'identity'>): Transform {
  return encoding === 'gzip' ? createGunzip() : createInflate();
}
