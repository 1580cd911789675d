import type { MemberRoleOrGuest } from '../../src-shared/roles';
import type { PresentContext } from '../app/context';
import type { AggregateMemberRow, TeamPermissionRow, UserPermissionRow } from '../store/content-permissions';
import type { TeamPermissions } from '../teams/presenter';
import { presentTeam } from '../teams/presenter';
import { presentUserOfRow } from '../users/presenter';

/** GitBook's UserContentPermission (and a site's UserSitePermissionOverride): an invited user and the role. */
export function presentUserPermission(row: UserPermissionRow, pc: PresentContext) {
  return { permission: row.role, user: presentUserOfRow(row, pc) };
}

/** A team invited on the object and the role (the items of listTeamPermissionsIn*). */
export function presentTeamPermission(row: TeamPermissionRow, permissions: TeamPermissions) {
  return { permission: row.role, team: presentTeam(row, permissions) };
}

/** Someone who can reach a space or collection, with their role on it. */
export function presentAggregatePermission(row: AggregateMemberRow, role: MemberRoleOrGuest, pc: PresentContext) {
  return { permission: role, user: presentUserOfRow(row, pc) };
}

/**
 * Someone who can reach a site (GitBook's UserSitePermission). The origin names the organization: 0.137.0, which
 * also serves this operation, knows no site origin (0.202.0's `{type: "site"}`), and both accept this one.
 */
export function presentSiteAggregatePermission(row: AggregateMemberRow, role: MemberRoleOrGuest, organizationId: string, pc: PresentContext) {
  return {
    permission: role,
    user: presentUserOfRow(row, pc),
    origin: { type: 'organization' as const, organization: organizationId },
    disabled: row.disabled === 1,
    ...(row.last_seen_at ? { lastSeenAt: row.last_seen_at } : {}),
  };
}
