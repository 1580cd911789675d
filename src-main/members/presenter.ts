import type { PresentContext } from '../app/context';
import type { MemberRow } from '../store/members';
import { presentUserOfRow } from '../users/presenter';

export function presentMember(member: MemberRow, pc: PresentContext) {
  return {
    object: 'member' as const,
    id: member.user_id,
    role: member.role,
    user: presentUserOfRow(member, pc),
    disabled: member.disabled === 1,
    joinedAt: member.joined_at,
    ...(member.last_seen_at ? { lastSeenAt: member.last_seen_at } : {}),
    sso: member.sso === 1,
    spaces: member.spaces,
    teams: member.teams,
    sites: member.sites,
  };
}
