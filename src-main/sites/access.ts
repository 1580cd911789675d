import { roleAtLeast } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import { forbidden, notFound } from '../errors';
import { type Membership, requireMembership } from '../orgs/access';
import { getSite, type SiteRow } from '../store/sites';

/**
 * Sites belong to the organization: every member (not guests) reads them; changing, publishing and deleting
 * them, and choosing their spaces, is the organization admins' (the API description names no role for it; admins hold the organization's settings).
 */
export const SITE_ADMIN_ROLE = 'admin';

/** A site of the organization the caller can read (else 404), with the caller's membership. */
export function requireSite(ctx: ServiceContext, organizationId: string, siteId: string, action?: string): { site: SiteRow } & Membership {
  const membership = requireMembership(ctx, organizationId);
  const site = getSite(ctx.db, siteId);
  if (!site || site.organization_id !== membership.org.id || !roleAtLeast(membership.role, 'read')) {
    throw notFound(`Site "${siteId}" not found`);
  }
  if (action && !roleAtLeast(membership.role, SITE_ADMIN_ROLE)) {
    throw forbidden(`You need the "${SITE_ADMIN_ROLE}" role in this organization to ${action} (yours: ${membership.role ?? 'guest'})`);
  }
  return { site, ...membership };
}

export function requireSiteAdmin(ctx: ServiceContext, organizationId: string, action: string): Membership {
  const membership = requireMembership(ctx, organizationId);
  if (!roleAtLeast(membership.role, SITE_ADMIN_ROLE)) {
    throw forbidden(`You need the "${SITE_ADMIN_ROLE}" role in this organization to ${action} (yours: ${membership.role ?? 'guest'})`);
  }
  return membership;
}

