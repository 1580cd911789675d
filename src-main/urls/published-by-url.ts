import type { ServiceContext } from '../app/context';
import { badRequest, notFound } from '../errors';
import { locate } from '../sites/preview/locate';
import { siteRedirectFor } from '../sites/preview/site-redirects';
import { readSiteStructure } from '../sites/structure';
import { resolveVisitor, visibleStructure } from '../sites/visitors';
import { parseHttpUrl, siteAddressOf } from './site-address';

interface PublishedLookupInput {
  url: string;
  /** A visitor JWT (GitBook's `visitorAuthToken`, or the POST body's `visitor.jwtToken`). */
  token?: string;
  unsignedClaims?: Record<string, unknown>;
  redirectOnError?: boolean;
}

/**
 * GitBook's PublishedSiteContentLookup of a published site's URL (getPublishedContentByUrl,
 * resolvePublishedContentByUrl): the site, section, site space and space the address shows, and the page
 * path within it, found as the host serves the address (sites/preview/locate.ts), for the visitor the
 * credentials make (a share key in the URL, a visitor token): what that visitor could not open is a 404,
 * the spec's only refusal. An address no page is at that the site redirects is answered as the redirect.
 * `apiToken` is empty: Folio issues no content tokens; the caller reads the space with its own token.
 */
export async function publishedContentByUrl(ctx: ServiceContext & { baseUrl: string }, input: PublishedLookupInput) {
  const url = parseHttpUrl(input.url);
  if (!url) throw badRequest('url: give the http or https address of a published page');
  const address = siteAddressOf(ctx.db, url, new URL(ctx.baseUrl).origin);
  if (!address) throw notFound(`No published site of this Folio at ${url.origin}${url.pathname}`);
  const { site, root, segments } = address;
  const shareKey = url.searchParams.get('shareKey') ?? undefined;
  const token = input.token ?? url.searchParams.get('jwt_token') ?? undefined;
  const access = await resolveVisitor(site, ctx.db, { shareKey, token, unsignedClaims: input.unsignedClaims, now: ctx.clock.now() });
  if (!access.ok) {
    if (access.fallbackURL && input.redirectOnError) return { target: 'external' as const, site: site.id, redirect: access.fallbackURL };
    throw notFound(`Published content not found: ${access.reason}`);
  }
  const model = visibleStructure(readSiteStructure(ctx.db, site), access.claims);
  const location = locate(ctx.db, site, model, segments);
  const pathname = location ? segments.slice(location.spaceBase.split('/').filter(Boolean).length).join('/') : '';
  if (!location || (pathname !== '' && !location.page)) {
    const moved = siteRedirectFor(ctx.db, site, `/${segments.join('/')}`, { search: url.search, isPreview: false });
    if (moved) return { target: 'content' as const, redirect: new URL(moved.location, url).href };
    if (!location) throw notFound('This address of the site shows no content');
  }
  const basePath = `${root}${location.spaceBase}`;
  return {
    site: site.id,
    ...(location.section ? { siteSection: location.section.section.id } : {}),
    siteSpace: location.siteSpace.id,
    space: location.space.id,
    pathname,
    basePath,
    siteBasePath: root,
    apiToken: '',
    organization: site.organization_id,
    ...(shareKey ? { shareKey } : {}),
    // Folio's addresses name the section and site space before the page: what follows is the page path.
    complete: true,
    canonicalUrl: `${url.origin}${basePath}${pathname.split('/').map(encodeURIComponent).join('/')}`,
  };
}
