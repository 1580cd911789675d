import { type MemberRoleOrGuest, roleAtLeast } from '../../src-shared/roles';
import type { ServiceContext } from '../app/context';
import { forbidden, notFound } from '../errors';
import { type Membership, requireOrgRole } from '../orgs/access';
import { getIntegration, type IntegrationRow } from '../store/integrations';
import { memberRoleRow } from '../store/content-permissions';
import { getOrganization, getOrganizationByHostname } from '../store/orgs';

/**
 * Who may do what with integrations (the spec and the description name no roles):
 * - an integration belongs to the organization that first published its name; that organization's admins
 *   publish new versions of it and unpublish it;
 * - public and unlisted integrations can be read by anyone signed in (unlisted ones are left out of lists);
 *   private ones only by members (not guests) of their organization;
 * - installing on an organization takes that organization's admin role, on a space the space's admin role.
 */
export const INTEGRATION_ADMIN_ROLE = 'admin';

export function orgRoleOf(ctx: ServiceContext, organizationId: string): MemberRoleOrGuest | undefined {
  return memberRoleRow(ctx.db, organizationId, ctx.user.id)?.role;
}

function canSeeIntegration(ctx: ServiceContext, row: IntegrationRow): boolean {
  return row.visibility !== 'private' || roleAtLeast(orgRoleOf(ctx, row.organization_id), 'read');
}

/** An integration the caller may see (else 404); with `action`, they must be an admin of its organization (else 403). */
export function requireIntegration(ctx: ServiceContext, name: string, action?: string): IntegrationRow {
  const row = getIntegration(ctx.db, name);
  if (!row || !canSeeIntegration(ctx, row)) throw notFound(`Integration "${name}" not found`);
  if (action && orgRoleOf(ctx, row.organization_id) !== INTEGRATION_ADMIN_ROLE) {
    throw forbidden(`You need the "${INTEGRATION_ADMIN_ROLE}" role in the organization that published this integration to ${action}`);
  }
  return row;
}

/** The publishing organization, named by id or subdomain (hostname); the caller must be one of its admins. */
export function requirePublisher(ctx: ServiceContext, ref: string): Membership {
  const org = getOrganization(ctx.db, ref) ?? getOrganizationByHostname(ctx.db, ref.toLowerCase());
  return requireOrgRole(ctx, org?.id ?? ref, INTEGRATION_ADMIN_ROLE, 'publish integrations');
}
