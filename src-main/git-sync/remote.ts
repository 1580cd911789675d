import { badRequest } from '../errors';
import { classifyAddress } from '../net/ip-address';
import { bareHostname, NetworkRefusal, type NetworkPolicy, resolveDestination } from '../net/network-policy';

/** A repository URL taken apart: where it is (no credentials) and who to be there. */
export interface GitRemote {
  /** The URL without user and password: what is stored in the clear, shown and given to git. */
  url: string;
  protocol: 'https' | 'http' | 'file';
  credentials?: { username: string; password: string };
}

interface RemoteAccess {
  /** file:// repositories (the desktop app; a server with --allow-file-imports). */
  allowFileImports: boolean;
  network: NetworkPolicy;
}

/**
 * Parses the `url` of an export or import: https:// (credentials in the URL allowed, as GitBook
 * takes them), http:// only where the network policy allows the host anyway (an intranet or a test
 * server on loopback), and file:// on the desktop or with --allow-file-imports. SSH is refused: it would
 * need keys on the server.
 */
export function parseRemote(text: string, access: RemoteAccess, field = 'url'): GitRemote {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw badRequest(`${field}: "${text.slice(0, 200)}" is not a URL (give https://host/owner/repo.git or file:///path/to/repo)`);
  }
  const protocol = url.protocol.slice(0, -1);
  if (protocol === 'file') {
    if (!access.allowFileImports) throw badRequest(`${field}: file:// repositories are read by the desktop app; this server was not started with --allow-file-imports`);
    if (url.host) throw badRequest(`${field}: a file:// URL names a path on this machine (file:///path), not a host`);
    return { url: url.href, protocol: 'file' };
  }
  if (protocol !== 'https' && protocol !== 'http') {
    throw badRequest(`${field}: ${url.protocol} repositories are not supported (use https:// with a token in the URL or the space's Git Sync credentials)`);
  }
  const credentials = url.username || url.password
    ? { username: decodeURIComponent(url.username) || 'git', password: decodeURIComponent(url.password) }
    : undefined;
  url.username = '';
  url.password = '';
  url.hash = '';
  return { url: url.href, protocol, ...(credentials && { credentials }) };
}

/**
 * The git settings one run against `remote` needs: only its own protocol, no redirects (each hop would
 * escape the address check), the host pinned to the address the policy vetted (no second lookup a DNS
 * rebinding could answer differently), and the credentials as a header (never on a command line).
 * Throws a 400 on `field` when the policy refuses the destination.
 */
export async function remoteConfig(remote: GitRemote, policy: NetworkPolicy, field = 'url'): Promise<Record<string, string>> {
  const config: Record<string, string> = { 'protocol.allow': 'never', [`protocol.${remote.protocol}.allow`]: 'always' };
  if (remote.protocol === 'file') return config;
  const url = new URL(remote.url);
  let addresses;
  try {
    addresses = await resolveDestination(url, policy);
  } catch (error) {
    if (error instanceof NetworkRefusal) throw badRequest(`${field}: ${error.message}`);
    throw badRequest(`${field}: ${bareHostname(url)} could not be resolved (${(error as Error).message})`);
  }
  // Plain http only inside the network the operator opened (an intranet, a test server on loopback): across
  // the internet it would carry credentials and content in the clear.
  if (remote.protocol === 'http' && addresses.some(({ address }) => classifyAddress(address) === 'public')) {
    throw badRequest(`${field}: plain http:// is used only for hosts on a private network; use https://`);
  }
  const port = url.port || (remote.protocol === 'https' ? '443' : '80');
  const address = addresses[0]!.family === 6 ? `[${addresses[0]!.address}]` : addresses[0]!.address;
  config['http.followRedirects'] = 'false';
  config['http.curloptResolve'] = `${bareHostname(url)}:${port}:${address}`;
  if (remote.credentials) {
    const basic = Buffer.from(`${remote.credentials.username}:${remote.credentials.password}`, 'utf8').toString('base64');
    config['http.extraHeader'] = `Authorization: Basic ${basic}`;
  }
  return config;
}
