import type { MemberRoleOrGuest } from '../../src-shared/roles';
import { type ServiceContext, isoNow } from '../app/context';
import { notFound } from '../errors';
import { requireOrgRole } from '../orgs/access';
import { inTransaction } from '../store/database';
import type { PageRequest } from '../store/keyset';
import {
  deleteLinkInvite,
  getLinkInvite,
  insertLinkInvite,
  listLinkInvites,
  setLinkInviteRole,
  type LinkInviteRow,
} from '../store/link-invites';

const MANAGE = 'manage invite links';

export function createOrganizationLinkInvite(ctx: ServiceContext, organizationId: string, role: MemberRoleOrGuest) {
  const { org, role: callerRole } = requireOrgRole(ctx, organizationId, 'admin', MANAGE);
  const invite = insertLinkInvite(ctx.db, { organizationId: org.id, role, createdBy: ctx.user.id, now: isoNow(ctx.clock) });
  return { invite, callerRole };
}

export function listOrganizationLinkInvites(ctx: ServiceContext, organizationId: string, page: PageRequest) {
  const { org, role } = requireOrgRole(ctx, organizationId, 'admin', MANAGE);
  return { page: listLinkInvites(ctx.db, org.id, page), callerRole: role };
}

export function getOrganizationLinkInvite(ctx: ServiceContext, organizationId: string, inviteId: string) {
  const { org, role } = requireOrgRole(ctx, organizationId, 'admin', MANAGE);
  return { invite: requireInvite(ctx, org.id, inviteId), callerRole: role };
}

export function updateOrganizationLinkInvite(
  ctx: ServiceContext,
  organizationId: string,
  inviteId: string,
  role: MemberRoleOrGuest,
) {
  return inTransaction(ctx.db, () => {
    const { org, role: callerRole } = requireOrgRole(ctx, organizationId, 'admin', MANAGE);
    requireInvite(ctx, org.id, inviteId);
    setLinkInviteRole(ctx.db, inviteId, role);
    return { invite: getLinkInvite(ctx.db, org.id, inviteId)!, callerRole };
  });
}

export function deleteOrganizationLinkInvite(ctx: ServiceContext, organizationId: string, inviteId: string): void {
  inTransaction(ctx.db, () => {
    const { org } = requireOrgRole(ctx, organizationId, 'admin', MANAGE);
    requireInvite(ctx, org.id, inviteId);
    deleteLinkInvite(ctx.db, inviteId);
  });
}

function requireInvite(ctx: ServiceContext, organizationId: string, inviteId: string): LinkInviteRow {
  const invite = getLinkInvite(ctx.db, organizationId, inviteId);
  if (!invite) throw notFound(`Invite link "${inviteId}" not found`);
  return invite;
}
