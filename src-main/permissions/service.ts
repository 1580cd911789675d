import type { MemberRole } from '../../src-shared/roles';
import type { InviteUsersAndTeamsInput, PermissionTarget } from '../../src-shared/schemas/permissions';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, notFound } from '../errors';
import { type Membership, requireMembership } from '../orgs/access';
import {
  deleteContentPermission,
  getContentPermission,
  listTeamPermissions,
  listUserPermissions,
  memberRoleRow,
  type PrincipalKind,
  upsertContentPermission,
} from '../store/content-permissions';
import { inTransaction } from '../store/database';
import type { PageRequest } from '../store/keyset';
import { getTeam } from '../store/teams';
import { resolveTarget } from './target';
import { recordAuditEvent } from '../audit-events/record';

/**
 * Invites users and teams with a role (inviteToSpace, inviteToCollection, inviteToSite). Users must already be in
 * the organization, as members or guests: joining one waits for the invitee's consent (POST /v1/orgs/{id}/invites,
 * role null for a guest), so an admin cannot put a stranger in it by naming their id. Everything named is checked
 * before anything is written.
 */
export function inviteToContent(ctx: ServiceContext, target: PermissionTarget, input: InviteUsersAndTeamsInput): void {
  inTransaction(ctx.db, () => {
    const { object, organizationId } = resolveTarget(ctx, target, true);
    if (input.role === null) throw badRequest('role: an invitation needs a role (read, comment, edit, review, create or admin)');
    const role: MemberRole = input.role;
    const users = [...new Set(input.users ?? [])];
    const teams = [...new Set(input.teams ?? [])];
    for (const userId of users) {
      // One answer for unknown users and for users of other organizations: ids do not reveal who exists.
      if (!memberRoleRow(ctx.db, organizationId, userId)) {
        throw badRequest(`users: "${userId}" is not a member or guest of this organization (invite them to the organization first)`);
      }
    }
    for (const teamId of teams) {
      if (!getTeam(ctx.db, organizationId, teamId)) throw badRequest(`teams: no team "${teamId}" in this organization`);
    }
    const now = isoNow(ctx.clock);
    const write = (principal: PrincipalKind, principalId: string) =>
      upsertContentPermission(ctx.db, { organizationId, object, principal, principalId, role, now });
    for (const userId of users) write('user', userId);
    for (const teamId of teams) write('team', teamId);
    recordAuditEvent(ctx, organizationId, 'permission.granted', { type: object.kind, id: object.id }, { role, users, teams });
  });
}

/**
 * Changes an invited role (updateUserPermissionIn*, updateTeamPermissionIn*); `null` (spaces and collections)
 * takes the invitation away. 404 when there is no invitation to change.
 */
export function updateContentPermission(
  ctx: ServiceContext,
  target: PermissionTarget,
  principal: PrincipalKind,
  principalId: string,
  role: MemberRole | null,
): void {
  inTransaction(ctx.db, () => {
    const { object, organizationId } = resolveTarget(ctx, target, true);
    if (!getContentPermission(ctx.db, object, principal, principalId)) {
      throw notFound(`No ${principal} "${principalId}" is invited to this ${object.kind}`);
    }
    if (role === null) deleteContentPermission(ctx.db, object, principal, principalId);
    else upsertContentPermission(ctx.db, { organizationId, object, principal, principalId, role, now: isoNow(ctx.clock) });
    const action = role === null ? 'permission.revoked' : 'permission.updated';
    recordAuditEvent(ctx, organizationId, action, { type: object.kind, id: object.id }, { [principal]: principalId, role });
  });
}

/** Takes an invitation away (removeUserFrom*, removeTeamFrom*): whether there was one (205) or not (204). */
export function removeContentPermission(ctx: ServiceContext, target: PermissionTarget, principal: PrincipalKind, principalId: string): boolean {
  return inTransaction(ctx.db, () => {
    const { object, organizationId } = resolveTarget(ctx, target, true);
    const removed = deleteContentPermission(ctx.db, object, principal, principalId);
    if (removed) recordAuditEvent(ctx, organizationId, 'permission.revoked', { type: object.kind, id: object.id }, { [principal]: principalId });
    return removed;
  });
}

/** Users invited on the object (listUserPermissionsIn*): anyone who can see it may see who was invited. */
export function listContentUserPermissions(ctx: ServiceContext, target: PermissionTarget, page: PageRequest) {
  const { object } = resolveTarget(ctx, target, false);
  return listUserPermissions(ctx.db, object, page);
}

/** Teams invited on the object (listTeamPermissionsIn*), with the caller's membership for the teams' permissions. */
export function listContentTeamPermissions(ctx: ServiceContext, target: PermissionTarget, page: PageRequest): { page: ReturnType<typeof listTeamPermissions>; membership: Membership } {
  const { object, organizationId } = resolveTarget(ctx, target, false);
  return { page: listTeamPermissions(ctx.db, object, page), membership: requireMembership(ctx, organizationId) };
}
