import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { badRequest } from '../errors';
import { ADDRESS_KIND_WORDS, classifyAddress } from './ip-address';

/**
 * Where the server may fetch on a user's behalf (website imports, OpenAPI specs and their $refs,
 * files given by URL). A shared server must not become a way into its own machine or network
 * (server-side request forgery): by default it fetches only http(s) from public addresses. The
 * desktop app, which acts for the person at the machine, allows private networks.
 *
 * The check is on the addresses a connection actually uses: guarded-fetch.ts resolves the host once,
 * vets every address of the answer here, and connects only to those (no second lookup that a DNS
 * rebinding could answer differently); IP literals are vetted as given.
 */
export interface NetworkPolicy {
  /** Loopback, private, link-local... addresses may be fetched (the desktop app; a server with --allow-private-network). */
  allowPrivateNetwork?: boolean;
  /** `HOST` or `HOST:PORT` entries (--allow-host) that may be fetched even when private: an intranet wiki. */
  allowHosts?: readonly string[];
  /** How host names are resolved (tests inject answers); the system resolver otherwise. */
  resolveHost?: HostResolver;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** A destination the policy refuses; callers answer it as a 400 on their field. */
export class NetworkRefusal extends Error {
  override name = 'NetworkRefusal';
}

const HINT = 'this server does not fetch private network addresses (start it with --allow-private-network to allow them, or --allow-host HOST[:PORT] for one host)';

export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

function assertFetchableScheme(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new NetworkRefusal(`${url.protocol} URLs are not fetched (only http and https)`);
}

/** The URL's host without IPv6 brackets, as sockets and resolvers take it. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Resolves the URL's host and vets every address it resolves to; the answer is what a connection may
 * use. Throws NetworkRefusal when the scheme or any address is refused (one private address among
 * public ones is enough: a connection could land on it).
 */
export async function resolveDestination(url: URL, policy: NetworkPolicy): Promise<ResolvedAddress[]> {
  assertFetchableScheme(url);
  const host = bareHostname(url);
  const literal = isIP(host);
  const addresses: ResolvedAddress[] = literal ? [{ address: host, family: literal === 6 ? 6 : 4 }] : await (policy.resolveHost ?? systemResolver)(host);
  if (addresses.length === 0) throw new Error(`${host} resolves to no address`);
  if (policy.allowPrivateNetwork) return addresses;
  const allowed = allowedHosts(policy.allowHosts ?? []);
  const port = effectivePort(url);
  if (allowed.some((entry) => matches(entry, url.hostname, port))) return addresses;
  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (kind === 'public' || allowed.some((entry) => matches(entry, hostnameOf(address), port))) continue;
    // A name's address is not repeated: the answer would map the server's internal DNS for the caller.
    const what = literal ? `${host} is ${ADDRESS_KIND_WORDS[kind]}` : `${host} resolves to ${ADDRESS_KIND_WORDS[kind]}`;
    throw new NetworkRefusal(`${what}; ${HINT}`);
  }
  return addresses;
}

/**
 * Checks a URL a request names before any work starts: a 400 on `field` when the policy refuses it.
 * Other failures (a name that does not resolve) are left to the fetch, which reports them as usual.
 */
export async function assertDestinationAllowed(url: URL, policy: NetworkPolicy, field: string): Promise<void> {
  try {
    await resolveDestination(url, policy);
  } catch (error) {
    if (error instanceof NetworkRefusal) throw badRequest(`${field}: ${error.message}`);
  }
}

interface AllowedHost {
  /** As a WHATWG URL spells it (lower case, IPv4 normalized, IPv6 in brackets). */
  hostname: string;
  port?: string;
}

/** Parses an --allow-host entry (`HOST` or `HOST:PORT`, IPv6 in brackets); throws on anything else. */
export function parseAllowedHost(entry: string): AllowedHost {
  const match = /^(\[[^\]]+\]|[^:[\]/]+)(?::(\d{1,5}))?$/.exec(entry.trim());
  if (!match) throw new Error(`"${entry}" is not HOST or HOST:PORT`);
  let hostname: string;
  try {
    hostname = new URL(`http://${match[1]}`).hostname;
  } catch {
    throw new Error(`"${entry}" is not HOST or HOST:PORT`);
  }
  return { hostname, port: match[2] === undefined ? undefined : String(Number(match[2])) };
}

function allowedHosts(entries: readonly string[]): AllowedHost[] {
  return entries.flatMap((entry) => {
    try {
      return [parseAllowedHost(entry)];
    } catch {
      return []; // the CLI refuses malformed entries at start; a malformed one allows nothing
    }
  });
}

function matches(entry: AllowedHost, hostname: string, port: string): boolean {
  return entry.hostname === hostname && (entry.port === undefined || entry.port === port);
}

function effectivePort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** An address as a URL's hostname spells it, to compare with allow-list entries. */
function hostnameOf(address: string): string {
  try {
    return new URL(`http://${isIP(address) === 6 ? `[${address}]` : address}`).hostname;
  } catch {
    return address;
  }
}
