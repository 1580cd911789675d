import type { CreateOrganizationInput, UpdateOrganizationInput } from '../../src-shared/schemas/orgs';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, conflict } from '../errors';
import { inTransaction } from '../store/database';
import type { PageRequest } from '../store/keyset';
import { insertMember } from '../store/members';
import { setOrganizationMergeRules } from '../store/merge-rules';
import {
  getOrganization,
  getOrganizationByHostname,
  insertOrganization,
  listOrganizationsByEmailDomain,
  listOrganizationsOfUser,
  updateOrganization,
  type OrganizationChanges,
} from '../store/orgs';
import { requireMembership, requireOrgRole } from './access';
import { changedFields, recordAuditEvent } from '../audit-events/record';

export function listMyOrganizations(ctx: ServiceContext, page: PageRequest) {
  return listOrganizationsOfUser(ctx.db, ctx.user.id, page);
}

export function getOrganizationForCaller(ctx: ServiceContext, organizationId: string) {
  return requireMembership(ctx, organizationId);
}

/** Creates an organization whose first admin is the caller. */
export function createOrganization(ctx: ServiceContext, input: CreateOrganizationInput) {
  return inTransaction(ctx.db, () => {
    const now = isoNow(ctx.clock);
    const org = insertOrganization(ctx.db, { title: input.title, emailDomains: input.emailDomains ?? [], now });
    insertMember(ctx.db, org.id, ctx.user.id, 'admin', now);
    return { org, role: 'admin' as const };
  });
}

export function updateOrganizationSettings(ctx: ServiceContext, organizationId: string, input: UpdateOrganizationInput) {
  return inTransaction(ctx.db, () => {
    const { org, role } = requireOrgRole(ctx, organizationId, 'admin', 'change organization settings');
    if (input.hostname !== undefined) {
      const holder = getOrganizationByHostname(ctx.db, input.hostname);
      if (holder && holder.id !== org.id) throw conflict(`hostname: "${input.hostname}" is already used by another organization`);
    }
    if (input.defaultContent) {
      // Docs sites arrive with the sites issue; until then no site id can be valid.
      throw badRequest(`defaultContent.site: no site "${input.defaultContent.site}" in this organization`);
    }
    const changes: OrganizationChanges = {
      title: input.title,
      email_domains: input.emailDomains && JSON.stringify([...new Set(input.emailDomains.map((d) => d.toLowerCase()))]),
      hostname: input.hostname,
      default_role: input.defaultRole,
      default_content: input.defaultContent === null ? null : undefined,
      logo: input.logo,
      sso: bit(input.sso),
      ai: bit(input.ai),
      invite_links: bit(input.inviteLinks),
    };
    updateOrganization(ctx.db, org.id, changes);
    if (input.mergeRules) setOrganizationMergeRules(ctx.db, org.id, input.mergeRules, isoNow(ctx.clock));
    recordAuditEvent(ctx, org.id, 'organization.updated', { type: 'organization', id: org.id, label: input.title ?? org.title }, { fields: changedFields(input) });
    return { org: getOrganization(ctx.db, org.id)!, role };
  });
}

/**
 * Organizations that list an email domain. A caller sees those they belong to, and those their own
 * email domain would let them join; nothing else leaks.
 */
export function organizationsForEmailDomain(ctx: ServiceContext, domain: string) {
  const ownDomain = ctx.user.email.split('@')[1]?.toLowerCase();
  return listOrganizationsByEmailDomain(ctx.db, domain, ctx.user.id).filter(
    (org) => org.is_member === 1 || domain.toLowerCase() === ownDomain,
  );
}

function bit(value: boolean | undefined): number | undefined {
  return value === undefined ? undefined : value ? 1 : 0;
}
