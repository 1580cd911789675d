import type { TeamPermission, UserPermission } from '../../api/types';
import { MEMBER_ROLES, type MemberRole } from '../../../../src-shared/roles';
import { countOf, roleLabel } from '../../format';

/** The roles an invitation can carry, least to most permissive, as the selects offer them. */
export const ROLE_OPTIONS: Array<{ value: MemberRole; label: string }> = MEMBER_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

/** Who an invited user is, in a row and in the accessible names of its controls. */
export function userName(entry: UserPermission): string {
  return entry.user.displayName || entry.user.email;
}

export function teamName(entry: TeamPermission): string {
  return entry.team.title || 'Untitled team';
}

export function teamFacts(entry: TeamPermission): string {
  return `Team · ${countOf(entry.team.members, 'member')}`;
}
