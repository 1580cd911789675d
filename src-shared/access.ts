import { type MemberRole, type MemberRoleOrGuest, mostPermissive, roleAtLeast } from './roles';

/** A default level on a collection or a space: a role, `null` (no default access), or `inherit`. */
export type DefaultLevel = MemberRoleOrGuest | 'inherit';

/**
 * The role a caller has on a piece of content: the most permissive of their organization role, every default
 * level that applies (the space's own and those of its parent collections) and every role invited to them
 * (directly or through a team) on the content or anything above it. Levels and invitations only ever raise
 * access; guests (null) get nothing from levels, only from invitations (GitBook's guest model).
 * `undefined`: not a member at all.
 */
export function effectiveRole(
  orgRole: MemberRoleOrGuest | undefined,
  levels: DefaultLevel[],
  invited: readonly MemberRole[] = [],
): MemberRoleOrGuest | undefined {
  if (orgRole === undefined) return undefined;
  if (orgRole === null) return invited.length ? mostPermissive(...invited) : null;
  const applicable = levels.filter((level): level is MemberRole => level !== 'inherit' && level !== null);
  return mostPermissive(orgRole, ...applicable, ...invited);
}

export function spacePermissions(role: MemberRoleOrGuest | undefined) {
  const admin = role === 'admin';
  return {
    view: roleAtLeast(role, 'read'),
    access: roleAtLeast(role, 'read'),
    admin,
    viewInviteLinks: admin,
    edit: roleAtLeast(role, 'edit'),
    triggerGitSync: roleAtLeast(role, 'edit'),
    comment: roleAtLeast(role, 'comment'),
    merge: roleAtLeast(role, 'review'),
    review: roleAtLeast(role, 'review'),
    installIntegration: admin,
  };
}

export function collectionPermissions(role: MemberRoleOrGuest | undefined) {
  return {
    view: roleAtLeast(role, 'read'),
    admin: role === 'admin',
    viewInviteLinks: role === 'admin',
    create: roleAtLeast(role, 'create'),
  };
}
