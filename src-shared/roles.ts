/**
 * The organization role enumeration of the API, from least to most permissive.
 * `null` (a guest) sits below every role: guests see only what they were given explicitly.
 */
export const MEMBER_ROLES = ['read', 'comment', 'edit', 'review', 'create', 'admin'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export type MemberRoleOrGuest = MemberRole | null;

export const TEAM_MEMBER_ROLES = ['owner', 'member'] as const;
export type TeamMemberRole = (typeof TEAM_MEMBER_ROLES)[number];

export function roleRank(role: MemberRoleOrGuest): number {
  return role === null ? 0 : MEMBER_ROLES.indexOf(role) + 1;
}

/** True when `role` grants at least what `required` grants. */
export function roleAtLeast(role: MemberRoleOrGuest | undefined, required: MemberRole): boolean {
  return role !== undefined && roleRank(role) >= roleRank(required);
}

/** The most permissive of several applicable roles (how collection, space and organization levels combine). */
export function mostPermissive(...roles: Array<MemberRoleOrGuest | undefined>): MemberRoleOrGuest | undefined {
  let best: MemberRoleOrGuest | undefined;
  for (const role of roles) {
    if (role === undefined) continue;
    if (best === undefined || roleRank(role) > roleRank(best)) best = role;
  }
  return best;
}
