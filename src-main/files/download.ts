import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../app/context';
import type { Db } from '../store/database';
import { contentDisposition, sendableMediaType } from '../http/header-values';
import { readBlob } from '../store/content-files';
import { verifyDownload } from './signing';
import { answerPlain } from '../http/surface-answers';

/**
 * GET /files/{hash}/{name}?type&expires&signature: the target of a file's downloadURL. Served
 * sandboxed: an uploaded HTML or SVG file must never run script on the API's origin.
 */
export function serveDownload(db: Db, clock: Clock, req: IncomingMessage, res: ServerResponse, url: URL): void {
  const match = /^\/files\/([0-9a-f]{64})\/([^/]+)$/.exec(url.pathname);
  if (req.method !== 'GET' && req.method !== 'HEAD') return answerPlain(res, 405, 'Method not allowed');
  if (!match) return answerPlain(res, 404, 'No such file');
  let name: string;
  try {
    name = decodeURIComponent(match[2]!);
  } catch {
    return answerPlain(res, 400, 'Malformed file name');
  }
  const verdict = verifyDownload(db, match[1]!, name, url.searchParams, clock.now());
  if (!verdict.ok) return answerPlain(res, 403, verdict.reason);
  const bytes = readBlob(db, verdict.target.hash);
  if (!bytes) return answerPlain(res, 404, 'No such file');
  res.writeHead(200, {
    // A type stored before types were checked, that is no media type, is served as bytes rather than refused.
    'Content-Type': sendableMediaType(verdict.target.contentType),
    'Content-Length': String(bytes.length),
    'Content-Disposition': contentDisposition('inline', name),
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, max-age=3600',
  });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

