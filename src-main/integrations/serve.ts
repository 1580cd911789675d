import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendableMediaType } from '../http/header-values';
import type { Db } from '../store/database';
import { getIntegration, getIntegrationAsset } from '../store/integrations';
import { answerPlain } from '../http/surface-answers';

/**
 * GET /integrations/{name}/{version}/script.js and /integrations/{name}/assets/{hash}: an integration's files,
 * outside /v1 and without a token (published content embeds them for anonymous visitors). The script is
 * served, never run, with the integration's contentSecurityPolicy as its Content-Security-Policy header; a
 * script URL names its version, so an older one answers 404 once a new version is published. Images are
 * served sandboxed: an SVG must never run script on the host's origin.
 */
export function serveIntegrationFile(db: Db, req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return answerPlain(res, 405, 'Method not allowed');
  const script = /^\/integrations\/([a-zA-Z0-9_.-]{1,100})\/(\d{1,9})\/script\.js$/.exec(url.pathname);
  const asset = /^\/integrations\/([a-zA-Z0-9_.-]{1,100})\/assets\/([0-9a-f]{64})$/.exec(url.pathname);
  const integration = script || asset ? getIntegration(db, (script ?? asset)![1]!) : undefined;
  if (!integration) return answerPlain(res, 404, 'No such integration file');

  if (script) {
    if (Number(script[2]) !== integration.version) return answerPlain(res, 404, `No version ${script[2]} of this integration's script`);
    const file = getIntegrationAsset(db, integration.name, integration.script);
    if (!file) return answerPlain(res, 404, 'No such integration file');
    return send(req, res, Buffer.from(file.data, 'base64'), {
      'Content-Type': 'text/javascript; charset=utf-8',
      // Checked when published; one stored before that check and unsendable is left out (and logged) by the response.
      ...(integration.content_security_policy !== null ? { 'Content-Security-Policy': integration.content_security_policy } : {}),
      // The URL changes with every version: what it names never changes.
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  }
  const hash = asset![2]!;
  const named = hash === integration.icon || (JSON.parse(integration.preview_images) as string[]).includes(hash);
  const file = named ? getIntegrationAsset(db, integration.name, hash) : undefined;
  if (!file) return answerPlain(res, 404, 'No such integration file');
  return send(req, res, Buffer.from(file.data, 'base64'), {
    'Content-Type': sendableMediaType(file.content_type),
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
}

function send(req: IncomingMessage, res: ServerResponse, bytes: Buffer, headers: Record<string, string>): void {
  res.writeHead(200, { ...headers, 'Content-Length': String(bytes.length), 'X-Content-Type-Options': 'nosniff' });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

