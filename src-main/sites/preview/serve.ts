import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FolioApp } from '../../app/app';
import { refreshStalePageBodies } from '../../content/stale-bodies';
import { baseUrlOf } from '../../http/base-url';
import { getSite, type SiteRow } from '../../store/sites';
import { getSpace } from '../../store/spaces';
import { readSiteStructure } from '../structure';
import { resolveVisitor, visibleStructure } from '../visitors';
import { CREDENTIAL_PARAMS, credentialCookies, readCookies, readCredentials, verifyPreviewToken } from './credentials';
import { type SiteLocation, locate } from './locate';
import { renderPageMarkdown } from './markdown';
import { pageCover } from './page-cover';
import { escapeHtml } from '../../../src-shared/html';
import { messagePageHtml, type SiteFrame, searchPageHtml, sitePageHtml } from './page-html';
import { sitePageLinks } from './page-links';
import { recordPageView } from './page-views';
import { redirectAddress } from './redirects';
import { siteRedirectFor } from './site-redirects';
import { policyWithLinks, visibleExternalLinks } from './external-links';
import { searchSiteSpace } from './search';
import { serveSiteFile } from './site-files';
import { SITE_CSS } from './site-css';
import { customizationOf, serveSiteStyle } from './site-style';
import { refResolver } from './content-refs';
import { etagOf, sendCacheable, sitePolicy } from './http-cache';

const SITE_CSS_ETAG = etagOf(SITE_CSS);

/**
 * GET /sites/{siteId}/...: the published site as its visitors see it (the `urls.published` of sites, site
 * spaces, sections and share links), served by the host itself, so writers read their docs offline as
 * visitors will. Who may see what is decided as for `GET .../published`: visibility, share keys, visitor JWTs
 * and conditions (sites/visitors.ts); a writer's preview link shows an unpublished site too.
 */
export async function serveSitePreview(app: FolioApp, req: IncomingMessage, res: ServerResponse, url: URL, listenUrl: string): Promise<void> {
  try {
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, messagePageHtml('Not allowed', 'Sites are read with GET.'), { Allow: 'GET, HEAD' });
    if (url.pathname === '/sites/~static/site.css') {
      return sendCacheable(req, res, SITE_CSS, { 'Content-Type': 'text/css; charset=utf-8' }, 'shared', SITE_CSS_ETAG);
    }
    // Visitors read the read model as it is after every acknowledged keystroke.
    refreshStalePageBodies(app);
    const match = /^\/sites\/([^/~][^/]*)(\/.*)?$/.exec(url.pathname);
    const site = match ? getSite(app.db, safeDecode(match[1]!) ?? '') : undefined;
    if (!match || !site) return notFound(res);
    if (match[2] === undefined) return redirect(res, `/sites/${site.id}/${url.search}`);
    const segments = match[2].split('/').slice(1).filter(Boolean).map(safeDecode);
    if (segments.some((segment) => segment === undefined)) return notFound(res);
    await serveSite(app, req, res, url, site, segments as string[], listenUrl);
  } catch (error) {
    console.error('Could not serve the site preview:', error);
    if (!res.headersSent) send(res, 500, messagePageHtml('Something went wrong', 'This page could not be shown. Try again.'));
    else res.destroy();
  }
}

async function serveSite(app: FolioApp, req: IncomingMessage, res: ServerResponse, url: URL, site: SiteRow, segments: string[], listenUrl: string) {
  const secure = baseUrlOf(req, listenUrl).startsWith('https:');
  const cookies = readCookies(req);
  const { credentials, fromAddress } = readCredentials(site, url, cookies);
  const nowMs = app.clock.now().getTime();
  let claims: Record<string, unknown>;
  let shareLinkId: string | undefined;
  let isPreview = false;
  const previewClaims = credentials.preview ? await verifyPreviewToken(app.db, site, credentials.preview, nowMs) : undefined;
  if (previewClaims) {
    claims = previewClaims;
    isPreview = true;
  } else {
    const access = await resolveVisitor(site, app.db, { shareKey: credentials.shareKey, token: credentials.token, now: new Date(nowMs) });
    if (!access.ok) {
      if (access.status === 401 && access.fallbackURL) return redirect(res, access.fallbackURL);
      return access.status === 401
        ? send(res, 401, messagePageHtml('Sign in to read this site', access.reason))
        : notFound(res);
    }
    claims = access.claims;
    shareLinkId = access.shareLinkId;
  }
  // Credentials arrive once in the address: kept in the site's cookies, and the address is cleaned so that
  // the key does not stay in the history or leave in a Referer.
  if (fromAddress) {
    const clean = new URL(url.href);
    for (const name of Object.values(CREDENTIAL_PARAMS)) clean.searchParams.delete(name);
    return redirect(res, `${clean.pathname}${clean.search}`, credentialCookies(site, isPreview ? { preview: credentials.preview } : credentials, secure));
  }

  const fullModel = readSiteStructure(app.db, site);
  const model = visibleStructure(fullModel, claims);
  // Who may keep the answer: decided by the site and the visitor, never by the page (docs/sites.md).
  const policy = policyWithLinks(sitePolicy(site, fullModel, { isPreview, claims }), app.db, site.id);
  if (segments[0] === '~files' && segments.length === 3) return serveSiteFile(app.db, req, res, model, segments[1]!, segments[2]!, policy);
  if (segments[0] === '~style' && segments.length === 2) return serveSiteStyle(req, res, site, model, segments[1]!, policy, app.db);
  const searching = segments.at(-1) === '~search';
  const location = locate(app.db, site, model, searching ? segments.slice(0, -1) : segments);
  // The site's own redirects answer an address no page is at (docs/sites.md, "Redirects").
  const siteRedirect = () => siteRedirectFor(app.db, site, url.pathname.slice(`/sites/${site.id}`.length) || '/', { search: url.search, isPreview });
  if (!location) {
    const moved = searching ? undefined : siteRedirect();
    return moved ? redirect(res, moved.location, [], moved.status) : notFound(res);
  }
  const frame: SiteFrame = {
    site,
    root: `/sites/${site.id}/`,
    model,
    location,
    indexable: site.visibility === 'public' && !isPreview,
    spaceTitles: spaceTitles(app, location),
    customization: customizationOf(site, location.siteSpace, claims),
    resolve: refResolver(app.db, `/sites/${site.id}/`, model, location),
    externalLinks: visibleExternalLinks(app.db, site.id, claims),
  };
  if (searching) {
    const query = (url.searchParams.get('q') ?? '').slice(0, 200);
    // No page is the current one on the results page.
    const results = { ...frame, location: { ...location, page: undefined } };
    return sendCacheable(req, res, searchPageHtml(results, query, searchSiteSpace(app.db, location, query)), pageHeaders(frame), policy);
  }
  const pagePath = segments.slice(location.spaceBase.split('/').filter(Boolean).length).join('/');
  if (pagePath !== '' && !location.page) {
    const siteMoved = siteRedirect();
    if (siteMoved) return redirect(res, siteMoved.location, [], siteMoved.status);
    // An old address the space keeps a redirect for (a GitBook repository's `.gitbook.yaml`): moved for good.
    const moved = redirectAddress(app.db, location, pagePath);
    if (moved !== undefined) return redirect(res, `${frame.root}${moved}${url.search}`, [], 301);
    return send(res, 404, sitePageHtml(frame, undefined, ''), pageHeaders(frame));
  }
  const page = location.page;
  const links = page ? sitePageLinks(app, frame, page, new URL(baseUrlOf(req, listenUrl)).origin) : undefined;
  const body = page && links ? renderPageMarkdown(page.markdown, links) : '';
  const cover = page && links ? pageCover(page, links) : undefined;
  const headers = pageHeaders(frame);
  let setsCookies = false;
  if (!isPreview) {
    const ids = recordPageView(app, req, { site, location, claims, shareLinkId, url: `${baseUrlOf(req, listenUrl)}${url.pathname}`, secure, cookies });
    if (ids.setCookies.length) headers['Set-Cookie'] = ids.setCookies;
    setsCookies = ids.setCookies.length > 0;
  }
  const pagePolicy = setsCookies && policy === 'shared' ? 'personal' : policy;
  sendCacheable(req, res, sitePageHtml(frame, page, body, cover), headers, pagePolicy);
}

function spaceTitles(app: FolioApp, location: SiteLocation): Map<string, string> {
  return new Map(location.siteSpaces.map((row) => [row.space_id, getSpace(app.db, row.space_id)?.title ?? row.path]));
}

function pageHeaders(frame: SiteFrame): Record<string, string | string[]> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    // No script at all; styles from the site's own stylesheet; images of the space or from the web; custom fonts' files.
    'Content-Security-Policy': "default-src 'none'; style-src 'self'; img-src 'self' data: https:; font-src https:; form-action 'self'; base-uri 'none'; frame-ancestors 'self'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cache-Control': 'private, no-cache',
    ...(frame.indexable ? {} : { 'X-Robots-Tag': 'noindex' }),
  };
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function notFound(res: ServerResponse): void {
  send(res, 404, messagePageHtml('Page not found', 'There is no published page at this address.'), { 'X-Robots-Tag': 'noindex' });
}

function redirect(res: ServerResponse, location: string, cookies: string[] = [], status: 301 | 302 | 307 | 308 = 302): void {
  res.writeHead(status, { Location: location, 'Cache-Control': 'no-store', ...(cookies.length ? { 'Set-Cookie': cookies } : {}) });
  res.end(`<a href="${escapeHtml(location)}">Continue</a>`);
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string | string[]> = {}, headOnly = false): void {
  const bytes = Buffer.from(body);
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': "default-src 'none'; style-src 'self'",
    ...headers,
    'Content-Length': String(bytes.length),
  });
  res.end(headOnly ? undefined : bytes);
}
