import type { ListMembersQuery, UpdateMemberInput } from '../../src-shared/schemas/members';
import type { ServiceContext } from '../app/context';
import { conflict, forbidden, notFound } from '../errors';
import { requireMembership, requireOrgRole } from '../orgs/access';
import { inTransaction } from '../store/database';
import { countAdmins, deleteMember, getMember, listMembers, setMemberRole, type MemberRow } from '../store/members';
import { recordAuditEvent } from '../audit-events/record';

export function listOrganizationMembers(ctx: ServiceContext, organizationId: string, query: ListMembersQuery) {
  const { org } = requireOrgRole(ctx, organizationId, 'read', 'list members');
  return listMembers(
    ctx.db,
    org.id,
    {
      role: query.role === undefined ? undefined : query.role === 'guest' ? null : query.role,
      search: query.search,
      sort: query.sort ?? 'joinedAt',
      order: query.order ?? 'desc',
    },
    query,
  );
}

export function getOrganizationMember(ctx: ServiceContext, organizationId: string, userId: string): MemberRow {
  const { org } = requireMembership(ctx, organizationId);
  // Guests see themselves only, like the member list they cannot read.
  if (userId !== ctx.user.id) requireOrgRole(ctx, org.id, 'read', 'see other members');
  return requireMember(ctx, org.id, userId);
}

export function changeMemberRole(ctx: ServiceContext, organizationId: string, userId: string, input: UpdateMemberInput) {
  return inTransaction(ctx.db, () => {
    const { org } = requireOrgRole(ctx, organizationId, 'admin', "change members' roles");
    const member = requireMember(ctx, org.id, userId);
    if (member.role === 'admin' && input.role !== 'admin') assertNotLastAdmin(ctx, org.id);
    setMemberRole(ctx.db, org.id, userId, input.role);
    recordAuditEvent(ctx, org.id, 'member.role_updated', { type: 'member', id: userId }, { from: member.role, to: input.role });
    return getMember(ctx.db, org.id, userId)!;
  });
}

/** Admins remove anyone; any member may leave. The last admin can do neither to themselves. */
export function removeMember(ctx: ServiceContext, organizationId: string, userId: string): void {
  inTransaction(ctx.db, () => {
    const { org, role } = requireMembership(ctx, organizationId);
    if (userId !== ctx.user.id && role !== 'admin') {
      throw forbidden(`You need the "admin" role in this organization to remove members (yours: ${role ?? 'guest'})`);
    }
    const member = requireMember(ctx, org.id, userId);
    if (member.role === 'admin') assertNotLastAdmin(ctx, org.id);
    deleteMember(ctx.db, org.id, userId);
    recordAuditEvent(ctx, org.id, 'member.removed', { type: 'member', id: userId }, { role: member.role });
  });
}

function requireMember(ctx: ServiceContext, organizationId: string, userId: string): MemberRow {
  const member = getMember(ctx.db, organizationId, userId);
  if (!member) throw notFound(`No member "${userId}" in this organization`);
  return member;
}

function assertNotLastAdmin(ctx: ServiceContext, organizationId: string): void {
  if (countAdmins(ctx.db, organizationId) <= 1) {
    throw conflict('The organization must keep at least one admin: make another member admin first');
  }
}
