import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { generateServiceProviderMetadata, type Profile } from '@node-saml/node-saml';
import { ssoExchangeBody } from '../../src-shared/schemas/saml';
import type { AppServices } from '../app/context';
import { FolioError, isFolioError } from '../errors';
import { baseUrlOf } from '../http/base-url';
import { readBody, readJsonBody } from '../http/body';
import { discardBody } from '../http/discard-body';
import { errorToResponse, STATUS_OF } from '../http/errors';
import { parseInput } from '../http/validate';
import { getSamlProvider } from '../store/saml';
import { serviceUrls } from './presenter';
import { samlFor, SqliteRequestCache, REQUEST_TTL_MS } from './service-provider';
import { activeProvider, completeSamlLogin, digest, exchangeLoginCode } from './sign-in';

/** The cookie that ties a login to the browser that started it (see exchangeLoginCode). */
const NONCE_COOKIE = 'folio_sso';
/** A SAMLResponse is a few kilobytes; a bound keeps a huge post from being read. */
const MAX_FORM_BYTES = 512 * 1024;

/**
 * The browser side of SAML single sign-on, outside /v1 (no API token: this is how a person gets one):
 *   GET  /sso/saml/{id}/start     redirects to the identity provider with an AuthnRequest (HTTP-Redirect binding)
 *   POST /sso/saml/{id}/acs       the identity provider posts the signed response here (HTTP-POST binding)
 *   GET  /sso/saml/{id}/metadata  Folio's SP metadata (its URL is the SP entity ID)
 *   POST /sso/exchange            the app trades the one-time code the ACS redirect carried for an API token
 */
export async function serveSso(services: AppServices, req: IncomingMessage, res: ServerResponse, url: URL, listenUrl: string): Promise<void> {
  const baseUrl = baseUrlOf(req, listenUrl);
  try {
    if (url.pathname === '/sso/exchange') return await exchange(services, req, res);
    const match = /^\/sso\/saml\/([^/]+)\/(start|acs|metadata)$/.exec(url.pathname);
    if (!match) return sendPage(res, 404, 'Not found', 'There is no single sign-on page at this address.');
    const providerId = safeDecode(match[1]!);
    const action = match[2]!;
    const method = action === 'acs' ? 'POST' : 'GET';
    if (req.method !== method) return sendPage(res, 405, 'Not allowed', `Use ${method} here.`, { Allow: method });
    if (action === 'metadata') return metadata(services, res, providerId, baseUrl);
    if (action === 'start') return await start(services, res, providerId, baseUrl);
    return await acs(services, req, res, providerId, baseUrl);
  } catch (error) {
    // Read away an unread body (bounded) so the client reads this answer, not a reset connection.
    discardBody(req);
    if (res.headersSent) return void res.destroy();
    if (url.pathname === '/sso/exchange') {
      const { status, body } = errorToResponse(error);
      return sendJson(res, status, body);
    }
    if (!isFolioError(error)) console.error('[folio] single sign-on failed unexpectedly:', error);
    const status = isFolioError(error) ? STATUS_OF[error.kind] : 500;
    sendPage(res, status, 'Single sign-on failed', isFolioError(error) ? error.message : 'Something went wrong; try again.');
  }
}

async function start(services: AppServices, res: ServerResponse, providerId: string, baseUrl: string) {
  const provider = activeProvider(services, providerId);
  const nonce = randomBytes(32).toString('base64url');
  const saml = samlFor(provider, baseUrl, new SqliteRequestCache(services.db, services.clock, provider.id, digest(nonce)));
  const location = await saml.getAuthorizeUrlAsync('', undefined, {});
  res
    .writeHead(302, {
      Location: location,
      'Cache-Control': 'no-store',
      'Set-Cookie': `${NONCE_COOKIE}=${nonce}; Path=/sso/; HttpOnly; SameSite=Lax; Max-Age=${REQUEST_TTL_MS / 1000}`,
    })
    .end();
}

async function acs(services: AppServices, req: IncomingMessage, res: ServerResponse, providerId: string, baseUrl: string) {
  const provider = activeProvider(services, providerId);
  const form = await readForm(req);
  const samlResponse = form.get('SAMLResponse');
  if (!samlResponse) throw new FolioError('bad_request', 'SAMLResponse: missing from the posted form');
  const saml = samlFor(provider, baseUrl, new SqliteRequestCache(services.db, services.clock, provider.id));
  let profile: Profile | null;
  try {
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    // Signature, audience, time, InResponseTo: node-saml says which, in words fit for the person.
    throw new FolioError('bad_request', `The identity provider's response was refused: ${(error as Error).message}`);
  }
  if (!profile) throw new FolioError('bad_request', "The identity provider's response signs no one in");
  const code = completeSamlLogin(services, provider.id, profile);
  // 303: the browser follows with a GET to the app, which trades the code (never the token) from its address.
  res.writeHead(303, { Location: `${baseUrl}/#/sso/complete?code=${code}`, 'Cache-Control': 'no-store' }).end();
}

function metadata(services: AppServices, res: ServerResponse, providerId: string, baseUrl: string) {
  if (!getSamlProvider(services.db, providerId)) throw new FolioError('not_found', `SAML provider "${providerId}" not found`);
  const sp = serviceUrls(providerId, baseUrl);
  const xml = generateServiceProviderMetadata({
    issuer: sp.entityID,
    callbackUrl: sp.acsURL,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    wantAssertionsSigned: true,
  });
  res.writeHead(200, { 'Content-Type': 'application/samlmetadata+xml; charset=utf-8', 'Cache-Control': 'no-store' }).end(xml);
}

async function exchange(services: AppServices, req: IncomingMessage, res: ServerResponse) {
  if (req.method !== 'POST') throw new FolioError('method_not_allowed', 'Use POST here');
  const { code } = parseInput(ssoExchangeBody, await readJsonBody(req));
  const { token } = exchangeLoginCode(services, code, readCookie(req, NONCE_COOKIE));
  // The nonce has done its work: forget it.
  res.setHeader('Set-Cookie', `${NONCE_COOKIE}=; Path=/sso/; HttpOnly; SameSite=Lax; Max-Age=0`);
  sendJson(res, 200, { token });
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
    throw new FolioError('unsupported_media_type', `Content-Type must be application/x-www-form-urlencoded, got "${type}"`);
  }
  return new URLSearchParams((await readBody(req, MAX_FORM_BYTES)).toString('utf8'));
}

function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': String(Buffer.byteLength(payload)) });
  res.end(payload);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain page a person reads when a sign-in cannot go on, with a way back to the app. */
function sendPage(res: ServerResponse, status: number, title: string, message: string, headers: Record<string, string> = {}) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Folio</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to Folio</a></p></main></body></html>`;
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...headers }).end(html);
}
