import { type MemberRole, type MemberRoleOrGuest, roleAtLeast } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import { forbidden, notFound } from '../errors';
import { isInstallationPrincipalOf } from '../store/content-permissions';
import { getMember } from '../store/members';
import { getOrganization, type OrganizationRow } from '../store/orgs';

export interface Membership {
  org: OrganizationRow;
  role: MemberRoleOrGuest;
}

/**
 * The caller's membership of an organization. Non-members get 404: an organization's existence does not leak.
 * An installation token's principal is a guest of the installing organization (migration 037).
 */
export function requireMembership(ctx: ServiceContext, organizationId: string): Membership {
  const org = getOrganization(ctx.db, organizationId);
  const member = org && getMember(ctx.db, org.id, ctx.user.id);
  if (org && member) return { org, role: member.role };
  if (org && isInstallationPrincipalOf(ctx.db, org.id, ctx.user.id)) return { org, role: null };
  throw notFound(`Organization "${organizationId}" not found`);
}

/** As requireMembership, and the caller's role must be at least `required` (else 403 saying what is missing). */
export function requireOrgRole(
  ctx: ServiceContext,
  organizationId: string,
  required: MemberRole,
  action: string,
): Membership {
  const membership = requireMembership(ctx, organizationId);
  if (!roleAtLeast(membership.role, required)) {
    throw forbidden(`You need the "${required}" role in this organization to ${action} (yours: ${membership.role ?? 'guest'})`);
  }
  return membership;
}
