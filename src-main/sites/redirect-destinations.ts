import type { SiteRedirectDestinationInput, SiteRedirectInputDestination } from '../../src-shared/schemas/site-redirects';
import { badRequest } from '../errors';
import { getLivePage, getLivePageByPath } from '../store/content-pages';
import type { Db } from '../store/database';
import { getSection } from '../store/site-sections';
import { liveWildcardRedirects, siteRedirectBySource, type SiteRedirectRow } from '../store/site-redirects';
import { allSiteSpaces, getSiteSpace, type SiteRow, type SiteSpaceRow } from '../store/sites';

/**
 * Checks a destination names something of this site and stores it in GitBook's SiteRedirectDestination shape:
 * a `path` destination (a page named by its path in a space) becomes the `site-page` of the site space that
 * publishes that space, so it follows the page through renames and moves.
 */
export function storedDestination(db: Db, site: SiteRow, input: SiteRedirectInputDestination, field = 'destination'): SiteRedirectDestinationInput {
  switch (input.kind) {
    case 'external':
      return input;
    case 'site-section':
      if (!getSection(db, site.id, input.siteSectionId)) throw badRequest(`${field}.siteSectionId: no section "${input.siteSectionId}" in this site`);
      return input;
    case 'site-space':
      if (!getSiteSpace(db, site.id, input.siteSpaceId)) throw badRequest(`${field}.siteSpaceId: no site space "${input.siteSpaceId}" in this site`);
      return input;
    case 'site-page': {
      const siteSpace = getSiteSpace(db, site.id, input.siteSpaceId);
      if (!siteSpace) throw badRequest(`${field}.siteSpaceId: no site space "${input.siteSpaceId}" in this site`);
      if (getLivePage(db, siteSpace.space_id, input.pageId)?.kind !== 'document') {
        throw badRequest(`${field}.pageId: no page "${input.pageId}" in the space of site space "${siteSpace.id}"`);
      }
      return input;
    }
    case 'path': {
      const siteSpace = allSiteSpaces(db, site.id).find((row) => row.space_id === input.spaceId);
      if (!siteSpace) throw badRequest(`${field}.spaceId: space "${input.spaceId}" is not published on this site`);
      const page = getLivePageByPath(db, input.spaceId, input.path.replace(/^\/+|\/+$/g, ''));
      if (page?.kind !== 'document') throw badRequest(`${field}.path: no page at "${input.path}" in space "${input.spaceId}"`);
      return { kind: 'site-page', siteSpaceId: siteSpace.id, pageId: page.page_id };
    }
  }
}

/** The address of a site space from the site's root (`guides/v2/`, `api/`). */
function siteSpaceAddress(db: Db, site: SiteRow, row: SiteSpaceRow): string {
  const section = row.section_id !== null ? getSection(db, site.id, row.section_id) : undefined;
  return `${section ? `${encodeURIComponent(section.path)}/` : ''}${encodeURIComponent(row.path)}/`;
}

/**
 * Where a redirect leads: an absolute URL for an external destination, else an address relative to the site's
 * root. Undefined when what it names is gone (a section, site space or page deleted since): such a redirect
 * leads nowhere and the visitor sees the site's 404.
 */
export function destinationAddress(db: Db, site: SiteRow, redirect: SiteRedirectRow): { external: string } | { relative: string } | undefined {
  const destination = JSON.parse(redirect.destination) as SiteRedirectDestinationInput;
  switch (destination.kind) {
    case 'external':
      return { external: destination.url };
    case 'site-section': {
      const section = getSection(db, site.id, destination.siteSectionId);
      return section ? { relative: `${encodeURIComponent(section.path)}/` } : undefined;
    }
    case 'site-space': {
      const row = getSiteSpace(db, site.id, destination.siteSpaceId);
      return row ? { relative: siteSpaceAddress(db, site, row) } : undefined;
    }
    case 'site-page': {
      const row = getSiteSpace(db, site.id, destination.siteSpaceId);
      const page = row ? getLivePage(db, row.space_id, destination.pageId) : undefined;
      if (!row || page?.kind !== 'document') return undefined;
      return { relative: `${siteSpaceAddress(db, site, row)}${page.path.split('/').map(encodeURIComponent).join('/')}` };
    }
  }
}

/**
 * The suffix a wildcard source matched in `path` (both from the site's root, with a leading `/`), or undefined
 * when the source does not match. `/old/*` matches `/old` and everything below it; `/old*` anything starting so.
 */
function wildcardMatch(source: string, path: string): string | undefined {
  if (!source.endsWith('*')) return source === path ? '' : undefined;
  const prefix = source.slice(0, -1);
  if (prefix.endsWith('/') && path === prefix.slice(0, -1)) return '';
  return path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
}

/** The destination with the captured suffix appended (GitBook's captureWildcard), query and fragment kept last. */
export function withCapturedSuffix(target: string, suffix: string): string {
  if (!suffix) return target;
  const cut = target.search(/[?#]/);
  const [base, tail] = cut === -1 ? [target, ''] : [target.slice(0, cut), target.slice(cut)];
  return `${base.replace(/\/+$/, '')}/${suffix.replace(/^\/+/, '')}${tail}`;
}

/**
 * The live redirect a visitor's address (from the site's root, percent-encoded as requested, with its leading
 * `/`) falls under: the redirect from exactly that address, else the wildcard with the longest prefix
 * matching it. Draft redirects never apply.
 */
export function matchSiteRedirect(db: Db, siteId: string, path: string): { redirect: SiteRedirectRow; suffix: string } | undefined {
  const address = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const exact = siteRedirectBySource(db, siteId, address, false);
  if (exact) return { redirect: exact, suffix: '' };
  let best: { redirect: SiteRedirectRow; suffix: string } | undefined;
  for (const redirect of liveWildcardRedirects(db, siteId)) {
    const suffix = wildcardMatch(redirect.source, address);
    if (suffix !== undefined && (!best || redirect.source.length > best.redirect.source.length)) best = { redirect, suffix };
  }
  return best;
}
