import type { Db } from '../store/database';
import { getSite, siteWithHostname, type SiteRow } from '../store/sites';

/** A published site's address split into the site and the path segments below its root. */
interface SiteAddress {
  site: SiteRow;
  /** The site's root as a path of the URL: `/sites/{id}/` on this host, `/` on a site's own hostname. */
  root: string;
  segments: string[];
}

/**
 * Which site a URL is an address of, as the host routes it (http/server.ts): `/sites/{siteId}/...` on this
 * host, or any path on a hostname a site was given. Undefined when it is neither.
 */
export function siteAddressOf(db: Db, url: URL, appOrigin: string): SiteAddress | undefined {
  const segments = url.pathname.split('/').filter(Boolean).map(safeDecode);
  if (segments.some((segment) => segment === undefined)) return undefined;
  const parts = segments as string[];
  if (url.origin === appOrigin && parts[0] === 'sites' && parts[1]) {
    const site = getSite(db, parts[1]);
    return site ? { site, root: `/sites/${site.id}/`, segments: parts.slice(2) } : undefined;
  }
  const site = url.origin === appOrigin ? undefined : siteWithHostname(db, url.hostname);
  return site ? { site, root: '/', segments: parts } : undefined;
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** A URL the caller gave, parsed; undefined when it is not an http(s) URL. */
export function parseHttpUrl(raw: string): URL | undefined {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
