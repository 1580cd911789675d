import { type MemberRoleOrGuest, roleRank } from '../../src-shared/roles';
import type { LinkInviteRow } from '../store/link-invites';

/** `redundant`: the caller already has everything the invite would give. */
export function presentLinkInvite(invite: LinkInviteRow, callerRole: MemberRoleOrGuest | undefined) {
  return {
    object: 'invite' as const,
    id: invite.id,
    role: invite.role,
    redundant: callerRole !== undefined && roleRank(callerRole) >= roleRank(invite.role),
  };
}
