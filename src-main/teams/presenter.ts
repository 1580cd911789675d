import type { PresentContext } from '../app/context';
import { presentMember } from '../members/presenter';
import type { TeamMemberRow, TeamRow } from '../store/teams';

export interface TeamPermissions {
  admin: boolean;
  view: boolean;
}

export function presentTeam(team: TeamRow, permissions: TeamPermissions) {
  return {
    object: 'team' as const,
    id: team.id,
    title: team.title,
    members: team.members,
    // Teams are not given access to spaces of their own (members reach spaces through their
    // organization role), so no space counts for a team.
    spaces: 0,
    createdAt: team.created_at,
    permissions,
  };
}

export function presentTeamMember(row: TeamMemberRow, pc: PresentContext) {
  return {
    organization: presentMember(row, pc),
    team: { role: row.team_role },
    permissions: { view: true },
  };
}
