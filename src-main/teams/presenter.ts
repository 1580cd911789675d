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
    // Spaces the team was invited to, directly or through a collection (store/content-permissions.ts).
    spaces: team.spaces,
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
