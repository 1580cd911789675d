import { roleAtLeast } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import { forbidden, notFound } from '../errors';
import { type Membership, requireMembership } from '../orgs/access';
import { siteRoleFor } from '../permissions/content-role';
import { getSite, type SiteRow } from '../store/sites';

/**
 * Sites belong to the organization: every member (not guests) reads them; changing, publishing and deleting
 * them, and choosing their spaces, is the organization admins' (the API description names no role for it; admins hold the organization's settings).
 */
export const SITE_ADMIN_ROLE = 'admin';

/**
 * A site of the organization the caller can read (else 404), with the caller's membership and role on the
 * site: the organization role raised by roles invited on the site (permissions/content-role.ts), so an invited
 * guest reads it and an invited admin manages it. `action`: the admin role on the site is needed (else 403).
 */
export function requireSite(ctx: ServiceContext, organizationId: string, siteId: string, action?: string): { site: SiteRow } & Membership {
  const membership = requireMembership(ctx, organizationId);
  const site = getSite(ctx.db, siteId);
  const role = site && site.organization_id === membership.org.id ? siteRoleFor(ctx.db, ctx.user.id, site) : undefined;
  if (!site || role === undefined || !roleAtLeast(role, 'read')) {
    throw notFound(`Site "${siteId}" not found`);
  }
  if (action && !roleAtLeast(role, SITE_ADMIN_ROLE)) {
    throw forbidden(`You need the "${SITE_ADMIN_ROLE}" role on this site to ${action} (yours: ${role ?? 'guest'})`);
  }
  return { site, org: membership.org, role };
}

export function requireSiteAdmin(ctx: ServiceContext, organizationId: string, action: string): Membership {
  const membership = requireMembership(ctx, organizationId);
  if (!roleAtLeast(membership.role, SITE_ADMIN_ROLE)) {
    throw forbidden(`You need the "${SITE_ADMIN_ROLE}" role in this organization to ${action} (yours: ${membership.role ?? 'guest'})`);
  }
  return membership;
}

