import type { IncomingMessage } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../store/database';
import { ensureSecretSetting, SECRET_SETTINGS } from '../../secrets/settings';
import type { SiteRow } from '../../store/sites';

/**
 * What a visitor of the site preview carries: a share link's key, a visitor JWT, or a writer's preview token,
 * each arriving once in the address (`?shareKey=`, `?jwt_token=` as GitBook names it, `?preview=`) and kept
 * in a cookie scoped to the site, so links within the site need not repeat it. Visitor and session ids
 * (for insights) are cookies too.
 */
export interface Credentials {
  shareKey?: string;
  token?: string;
  preview?: string;
}

export const CREDENTIAL_PARAMS = { shareKey: 'shareKey', token: 'jwt_token', preview: 'preview' } as const;

const cookieName = (site: SiteRow, kind: keyof Credentials) => `folio_${kind}_${site.id}`;

export function readCookies(req: IncomingMessage): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    try {
      cookies.set(part.slice(0, at).trim(), decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      // A cookie we did not write: ignore it.
    }
  }
  return cookies;
}

/** Credentials from the address first (newly given), else from the site's cookies. */
export function readCredentials(site: SiteRow, url: URL, cookies: Map<string, string>): { credentials: Credentials; fromAddress: boolean } {
  const credentials: Credentials = {};
  let fromAddress = false;
  for (const kind of Object.keys(CREDENTIAL_PARAMS) as Array<keyof Credentials>) {
    const given = url.searchParams.get(CREDENTIAL_PARAMS[kind]);
    if (given) fromAddress = true;
    const value = given ?? cookies.get(cookieName(site, kind));
    if (value) credentials[kind] = value.slice(0, 8192);
  }
  return { credentials, fromAddress };
}

/** Cookies keeping the credentials for the site's own paths only; HttpOnly (no page script reads them). */
export function credentialCookies(site: SiteRow, credentials: Credentials, secure: boolean): string[] {
  return (Object.keys(CREDENTIAL_PARAMS) as Array<keyof Credentials>)
    .filter((kind) => credentials[kind] !== undefined)
    .map((kind) => cookie(cookieName(site, kind), credentials[kind]!, `/sites/${site.id}/`, secure));
}

/** The visitor (a year) and session (until the browser closes) ids insights count by. */
export function visitorIds(cookies: Map<string, string>, secure: boolean): { visitorId: string; sessionId: string; setCookies: string[] } {
  const setCookies: string[] = [];
  let visitorId = cookies.get('folio_visitor');
  if (!visitorId || !/^[\w-]{8,64}$/.test(visitorId)) {
    visitorId = randomUUID();
    setCookies.push(`${cookie('folio_visitor', visitorId, '/sites/', secure)}; Max-Age=31536000`);
  }
  let sessionId = cookies.get('folio_session');
  if (!sessionId || !/^[\w-]{8,64}$/.test(sessionId)) {
    sessionId = randomUUID();
    setCookies.push(cookie('folio_session', sessionId, '/sites/', secure));
  }
  return { visitorId, sessionId, setCookies };
}

function cookie(name: string, value: string, path: string, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Path=${path}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** How long a writer's preview address works: long enough to review, short enough that a shared one lapses. */
export const PREVIEW_TTL_SECONDS = 60 * 60;
const PREVIEW_PURPOSE = 'folio-site-preview';

/**
 * A writer's preview token (GET .../publishing/preview): shows the site as a visitor with `claims` would see
 * it, published or not. Signed with a secret of this installation (not the site's visitor key, which only
 * admins' workstations hold), for this site only; the `purpose` claim keeps any other JWT from passing as one.
 */
export async function signPreviewToken(db: Db, site: SiteRow, claims: Record<string, unknown>, nowMs: number): Promise<string> {
  return new SignJWT({ purpose: PREVIEW_PURPOSE, claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(site.id)
    .setIssuedAt(Math.floor(nowMs / 1000))
    .setExpirationTime(Math.floor(nowMs / 1000) + PREVIEW_TTL_SECONDS)
    .sign(previewSecret(db));
}

/** The claims of a valid preview token for this site, or undefined. */
export async function verifyPreviewToken(db: Db, site: SiteRow, token: string, nowMs: number): Promise<Record<string, unknown> | undefined> {
  try {
    const { payload } = await jwtVerify(token, previewSecret(db), { algorithms: ['HS256'], subject: site.id, currentDate: new Date(nowMs) });
    if (payload.purpose !== PREVIEW_PURPOSE) return undefined;
    const claims = payload.claims;
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : {};
  } catch {
    return undefined;
  }
}

export function previewSecret(db: Db): Uint8Array {
  // Kept sealed (secrets/settings.ts).
  return new TextEncoder().encode(ensureSecretSetting(db, SECRET_SETTINGS.sitePreviewKey, () => randomBytes(32).toString('hex')));
}
