/**
 * The app's addresses (the part after `#`), shared by the renderer, which shows what they name, and the server,
 * whose `urls.app` links lead there: one definition, so every link Folio hands out opens a page of the app.
 */

/** What the address says is open: a space, a page in it, and which content of it; or a screen of an organization. */
export interface AppLocation {
  spaceId?: string;
  pageId?: string;
  /** A reusable content of the space open in its editor (never with a page). */
  reusableContentId?: string;
  changeRequestId?: string;
  revisionId?: string;
  /** The Sites screen of this organization (never with a space); with `siteId`, that site's page. */
  sitesOf?: string;
  siteId?: string;
  /** The API specs screen of this organization; with `specSlug`, that spec's page. */
  openapiOf?: string;
  specSlug?: string;
  /** The Integrations screen of this organization. */
  integrationsOf?: string;
  /** The home of this organization (its spaces and collections). */
  organizationId?: string;
}

const PREFIX = '#/';

/**
 * `#/spaces/{id}/pages/{id}?cr={id}&rev={id}` (`/reusable-contents/{id}` for a reusable content). Hashes, not paths, because the desktop app loads a file://
 * page where paths cannot change; `#spaces` and the like (in-page anchors) are not locations.
 */
export function formatLocation(location: AppLocation): string {
  if (!location.spaceId && location.openapiOf) {
    const specs = `${PREFIX}orgs/${encodeURIComponent(location.openapiOf)}/openapi`;
    return location.specSlug ? `${specs}/${encodeURIComponent(location.specSlug)}` : specs;
  }
  if (!location.spaceId && location.integrationsOf) return `${PREFIX}orgs/${encodeURIComponent(location.integrationsOf)}/integrations`;
  if (!location.spaceId && location.sitesOf) {
    const sites = `${PREFIX}orgs/${encodeURIComponent(location.sitesOf)}/sites`;
    return location.siteId ? `${sites}/${encodeURIComponent(location.siteId)}` : sites;
  }
  if (!location.spaceId && location.organizationId) return `${PREFIX}orgs/${encodeURIComponent(location.organizationId)}`;
  if (!location.spaceId) return '';
  let hash = `${PREFIX}spaces/${encodeURIComponent(location.spaceId)}`;
  if (location.reusableContentId) hash += `/reusable-contents/${encodeURIComponent(location.reusableContentId)}`;
  else if (location.pageId) hash += `/pages/${encodeURIComponent(location.pageId)}`;
  const query: string[] = [];
  if (location.changeRequestId) query.push(`cr=${encodeURIComponent(location.changeRequestId)}`);
  if (location.revisionId) query.push(`rev=${encodeURIComponent(location.revisionId)}`);
  return query.length ? `${hash}?${query.join('&')}` : hash;
}

/** The location a hash names; undefined when the hash is not one of the app's (an anchor, or garbage). */
export function parseLocation(hash: string): AppLocation | undefined {
  if (hash === '' || hash === '#') return {};
  if (!hash.startsWith(PREFIX)) return undefined;
  const [path = '', search = ''] = hash.slice(PREFIX.length).split('?', 2);
  const decode = (part: string | undefined) => (part ? decodeURIComponent(part) : undefined);
  // `#/orgs/{id}/sites/{siteId}`: sites belong to an organization, which the address names for a pasted link.
  const sites = /^orgs\/([^/]+)\/sites(?:\/([^/]+))?\/?$/.exec(path);
  if (sites) return { sitesOf: decode(sites[1]), ...(sites[2] ? { siteId: decode(sites[2]) } : {}) };
  const specs = /^orgs\/([^/]+)\/openapi(?:\/([^/]+))?\/?$/.exec(path);
  if (specs) return { openapiOf: decode(specs[1]), ...(specs[2] ? { specSlug: decode(specs[2]) } : {}) };
  const integrations = /^orgs\/([^/]+)\/integrations\/?$/.exec(path);
  if (integrations) return { integrationsOf: decode(integrations[1]) };
  const home = /^orgs\/([^/]+)\/?$/.exec(path);
  if (home) return { organizationId: decode(home[1]) };
  const match = /^spaces\/([^/]+)(?:\/pages\/([^/]+)|\/reusable-contents\/([^/]+))?\/?$/.exec(path);
  if (!match) return undefined;
  const query = queryOf(search);
  return {
    spaceId: decode(match[1]),
    pageId: decode(match[2]),
    ...(match[3] ? { reusableContentId: decode(match[3]) } : {}),
    changeRequestId: query.get('cr'),
    revisionId: query.get('rev'),
  };
}


/** `a=1&b=2` (`+` a space, as forms write it); the first value of a repeated name wins. No DOM here: src-shared runs everywhere. */
function queryOf(search: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const pair of search.split('&')) {
    if (!pair) continue;
    const [name = '', value = ''] = pair.split('=', 2);
    try {
      const key = decodeURIComponent(name.replace(/\+/g, ' '));
      if (!values.has(key)) values.set(key, decodeURIComponent(value.replace(/\+/g, ' ')));
    } catch {
      // A malformed escape names nothing.
    }
  }
  return values;
}

/**
 * What a `urls.app` link names (the paths the API hands out: `/s/{space}/{page path}`, `/s/{space}/~/changes/{n}`,
 * `/s/{space}/~/revisions/{id}`, `/c/{collection}`, `/o/{org}` and its screens); what is not an id in it (a page
 * path, a change request number, a collection) the server resolves for the caller into an AppLocation.
 */
type AppPath =
  | { kind: 'location'; location: AppLocation }
  | { kind: 'page'; spaceId: string; pagePath: string }
  | { kind: 'change-request'; spaceId: string; number: string }
  | { kind: 'collection'; collectionId: string };

export function parseAppPath(pathname: string): AppPath | undefined {
  const segments = pathname.split('/').filter(Boolean);
  let parts: string[];
  try {
    parts = segments.map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
  const [kind, id, ...rest] = parts;
  if (!id) return undefined;
  if (kind === 'c' && rest.length === 0) return { kind: 'collection', collectionId: id };
  if (kind === 'o') {
    if (rest.length === 0) return { kind: 'location', location: { organizationId: id } };
    if (rest[0] === 'sites' && rest.length <= 2) return { kind: 'location', location: { sitesOf: id, ...(rest[1] ? { siteId: rest[1] } : {}) } };
    if (rest[0] === 'openapi' && rest.length <= 2) return { kind: 'location', location: { openapiOf: id, ...(rest[1] ? { specSlug: rest[1] } : {}) } };
    if (rest[0] === 'integrations' && rest.length === 1) return { kind: 'location', location: { integrationsOf: id } };
    return undefined;
  }
  if (kind !== 's') return undefined;
  if (rest.length === 0) return { kind: 'location', location: { spaceId: id } };
  if (rest[0] === '~') {
    if (rest[1] === 'changes' && rest[2] && rest.length === 3) return { kind: 'change-request', spaceId: id, number: rest[2] };
    if (rest[1] === 'revisions' && rest[2] && rest.length === 3) return { kind: 'location', location: { spaceId: id, revisionId: rest[2] } };
    return undefined;
  }
  return { kind: 'page', spaceId: id, pagePath: rest.join('/') };
}
