import type { Db } from '../../store/database';
import type { SiteRow } from '../../store/sites';
import { destinationAddress, matchSiteRedirect, withCapturedSuffix } from '../redirect-destinations';

/**
 * Where the site's own redirects send a visitor asking for `address` (the path from the site's root as
 * requested, percent-encoded, with its leading `/`), and with which status; undefined when none applies or
 * its destination is gone. GitBook's rule: a permanent redirect is a 308 for public live traffic and a 307
 * elsewhere (a site behind share links or visitor authentication, a writer's preview); a temporary one is 307.
 * A relative destination keeps the visitor's query; an external one is the URL as configured.
 */
export function siteRedirectFor(
  db: Db,
  site: SiteRow,
  address: string,
  context: { search: string; isPreview: boolean },
): { location: string; status: 307 | 308 } | undefined {
  const match = matchSiteRedirect(db, site.id, address);
  if (!match) return undefined;
  const destination = destinationAddress(db, site, match.redirect);
  if (!destination) return undefined;
  const suffix = match.redirect.capture_wildcard === 1 ? match.suffix : '';
  const location =
    'external' in destination
      ? withCapturedSuffix(destination.external, suffix)
      : `${withCapturedSuffix(`/sites/${site.id}/${destination.relative}`, suffix)}${context.search}`;
  const publicTraffic = (site.visibility === 'public' || site.visibility === 'unlisted') && !context.isPreview;
  return { location, status: match.redirect.permanent === 1 && publicTraffic ? 308 : 307 };
}
