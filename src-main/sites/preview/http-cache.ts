import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SiteRow } from '../../store/sites';
import { sectionNodes, type SiteStructureModel } from '../structure';

/**
 * Who may keep a published site's answer (docs/sites.md, "Behind a CDN or reverse proxy"):
 * - `shared`: the same bytes for every visitor, so any CDN or proxy may keep it for a short while;
 * - `personal`: only this visitor's browser may keep it, revalidating each time (their claims or cookies shaped it);
 * - `never`: nobody keeps it (sites behind a share link or visitor auth, writers' previews): a cache shared by
 *   several people must never hand one person's admitted page to someone who was not admitted.
 */
export type SiteCachePolicy = 'shared' | 'personal' | 'never';

/** Short: a publish or an edit shows within a minute; stale-while-revalidate hides the origin's latency meanwhile. */
const SHARED_MAX_AGE_SECONDS = 60;
const SHARED_STALE_SECONDS = 600;

function cacheControlOf(policy: SiteCachePolicy): string {
  if (policy === 'shared') return `public, max-age=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${SHARED_STALE_SECONDS}`;
  return policy === 'personal' ? 'private, no-cache' : 'private, no-store';
}

/**
 * The policy of a visitor's answer. Shared only when nothing about the visitor can change the bytes: a public or
 * unlisted site without adaptive content or conditions, a visitor without claims, and no cookie being set (a
 * cached Set-Cookie would give every visitor the same visitor id).
 */
export function sitePolicy(
  site: SiteRow,
  model: SiteStructureModel,
  visitor: { isPreview: boolean; claims: Record<string, unknown>; setsCookies?: boolean },
): SiteCachePolicy {
  if (visitor.isPreview) return 'never';
  if (site.visibility !== 'public' && site.visibility !== 'unlisted') return 'never';
  if (Object.keys(visitor.claims).length || visitor.setsCookies || adaptsToVisitors(site, model)) return 'personal';
  return 'shared';
}

/** Whether some visitor's claims could show them something else than an anonymous visitor sees. */
function adaptsToVisitors(site: SiteRow, model: SiteStructureModel): boolean {
  if (site.adaptive_content === 1) return true;
  const siteSpaces = model.type === 'siteSpaces' ? model.siteSpaces : sectionNodes(model).flatMap((node) => node.siteSpaces);
  const sectionConditions = model.type === 'sections' ? sectionNodes(model).map((node) => node.section.condition) : [];
  const customizations = [site.customization, ...siteSpaces.map((row) => row.customization)];
  return (
    siteSpaces.some((row) => row.condition !== null) ||
    sectionConditions.some((condition) => condition !== null) ||
    // Header links may carry conditions (site-style.ts filters them by claims).
    customizations.some((json) => json?.includes('"condition"'))
  );
}

/** A strong validator of exactly these bytes: equal bytes, equal tag, whatever produced them. */
export function etagOf(bytes: Uint8Array | string): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
}

/** Whether the request's If-None-Match names this tag (weak comparison, as RFC 9110 asks for GET and HEAD). */
function matchesIfNoneMatch(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Answers 200 with the bytes, their ETag and the policy's Cache-Control, or 304 without a body when the
 * client (or a proxy revalidating) already holds them. HEAD gets the same headers without the body.
 */
export function sendCacheable(
  req: IncomingMessage,
  res: ServerResponse,
  body: Uint8Array | string,
  headers: Record<string, string | string[]>,
  policy: SiteCachePolicy,
  etag: string = etagOf(body),
): void {
  const cacheHeaders = { ETag: etag, 'Cache-Control': cacheControlOf(policy), ...(policy === 'personal' ? { Vary: 'Cookie' } : {}) };
  if (matchesIfNoneMatch(req, etag)) {
    // A 304 repeats the validators and caching headers, not the representation's (RFC 9110 §15.4.5).
    const setCookie = headers['Set-Cookie'];
    res.writeHead(304, { ...cacheHeaders, ...(setCookie ? { 'Set-Cookie': setCookie } : {}) }).end();
    return;
  }
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(200, { ...headers, ...cacheHeaders, 'Content-Length': String(bytes.byteLength) });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
