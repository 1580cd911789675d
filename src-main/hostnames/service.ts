import { isIP } from 'node:net';
import { roleAtLeast } from '../../src-shared/roles';
import { type CallContext, type ServiceContext, isoNow } from '../app/context';
import { conflict, notFound } from '../errors';
import { systemResolver } from '../net/network-policy';
import { requireSite } from '../sites/access';
import { deleteCustomHostnameCheck, getCustomHostnameCheck, recordCustomHostnameCheck } from '../store/custom-hostname-checks';
import { inTransaction } from '../store/database';
import { getMember } from '../store/members';
import { getOrganizationByHostname } from '../store/orgs';
import { siteWithHostname, type SiteRow, updateSite } from '../store/sites';

/**
 * GitBook's custom hostnames and subdomains, as Folio has them: a custom hostname is a site's `hostname` (set by
 * PATCH on the site; the host serves the site at the root of that name, http/server.ts), and a subdomain is an
 * organization's `hostname` (GitBook's `<hostname>.gitbook.io`). Only members of the owning organization see
 * them: to anyone else a name is a 404, whoever holds it.
 */

/** The site holding a custom hostname, for a member of its organization. */
function requireHostnameSite(ctx: ServiceContext, hostname: string, action?: string): SiteRow {
  const held = siteWithHostname(ctx.db, hostname);
  const member = held && getMember(ctx.db, held.organization_id, ctx.user.id);
  if (!held || !member || !roleAtLeast(member.role, 'read')) throw notFound(`Custom hostname "${hostname}" not found`);
  return requireSite(ctx, held.organization_id, held.id, action).site;
}

/** The hostname record: active while its site is published (the host then answers for it). */
export function getCustomHostname(ctx: ServiceContext, hostname: string) {
  const site = requireHostnameSite(ctx, hostname.toLowerCase());
  return { site, hostname: site.hostname!, active: site.published === 1, check: getCustomHostnameCheck(ctx.db, site.hostname!) };
}

/**
 * Checks the hostname's DNS now: its addresses against those of the host this API was reached at (what the
 * name must point to for visitors to reach this server). A name with no address is `dns_no_cname`, one pointing
 * elsewhere `dns_wrong_cname`, one reaching this host `dns_passed`. The answer is this replica's resolver's
 * (config.resolveHost, else the system's: a lookup only, no connection is made) and is kept as the hostname's
 * status. Only a published site's hostname is checked (GitBook: an inactive hostname cannot be revalidated; its spec gives that answer the ConflictError body, whose code is 409, so Folio answers 409).
 */
export async function dnsRevalidateCustomHostname(ctx: CallContext, hostname: string): Promise<void> {
  const site = requireHostnameSite(ctx, hostname.toLowerCase(), 'check its hostname');
  if (site.published !== 1) throw conflict(`Custom hostname "${site.hostname}" is inactive (its site is not published) and cannot be revalidated`);
  const resolve = ctx.config.resolveHost ?? systemResolver;
  const addressesOf = async (name: string) => {
    if (isIP(name)) return [name];
    try {
      return (await resolve(name)).map((answer) => answer.address);
    } catch {
      return [];
    }
  };
  const own = new URL(ctx.baseUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  const [theirs, ours] = await Promise.all([addressesOf(site.hostname!), addressesOf(own)]);
  const status = theirs.length === 0 ? 'dns_no_cname' : theirs.some((address) => ours.includes(address)) ? 'dns_passed' : 'dns_wrong_cname';
  // The site may have lost the hostname while the lookup ran: record only what still names it.
  inTransaction(ctx.db, () => {
    if (siteWithHostname(ctx.db, site.hostname!)?.id === site.id) recordCustomHostnameCheck(ctx.db, site.hostname!, status, isoNow(ctx.clock));
  });
}

/** Takes the hostname off its site (the host stops answering for it); false when no site of the caller's has it. */
export function removeCustomHostname(ctx: ServiceContext, hostname: string): boolean {
  return inTransaction(ctx.db, () => {
    const name = hostname.toLowerCase();
    const held = siteWithHostname(ctx.db, name);
    if (!held || !getMember(ctx.db, held.organization_id, ctx.user.id)) return false;
    const { site } = requireSite(ctx, held.organization_id, held.id, 'remove its hostname');
    updateSite(ctx.db, site.id, { hostname: null, updated_at: isoNow(ctx.clock) });
    deleteCustomHostnameCheck(ctx.db, name);
    return true;
  });
}

/**
 * An organization's subdomain, for its members. `isActive` is false: Folio serves no `<subdomain>.<domain>`
 * address (it knows no domain of its own to put under, and taking any first label of a Host for an organization
 * would capture the addresses the app itself is reached at); sites are reached at their own address or hostname.
 */
export function getSubdomain(ctx: ServiceContext, subdomain: string) {
  const org = getOrganizationByHostname(ctx.db, subdomain);
  const member = org && getMember(ctx.db, org.id, ctx.user.id);
  if (!org || !member) throw notFound(`Subdomain "${subdomain}" not found`);
  return { org, active: false };
}
