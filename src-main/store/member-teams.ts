import type { TeamMemberRole } from '../../src-shared/roles';
import type { Db } from './database';
import { TEAM_SPACES } from './content-permissions';
import { listPage, type PageRequest, type PageResult } from './keyset';
import type { TeamRow } from './teams';

type MemberTeamRow = TeamRow & { team_role: TeamMemberRole };

/** The teams of the organization a user belongs to, with their role in each, in the order the teams were made. */
export function listTeamsOfMember(db: Db, organizationId: string, userId: string, title: string | undefined, page: PageRequest): PageResult<MemberTeamRow> {
  const where = ['t.organization_id = ?', 'tm.user_id = ?'];
  const params: unknown[] = [organizationId, userId];
  if (title) {
    where.push("instr(lower(t.title), lower(?)) > 0");
    params.push(title);
  }
  return listPage<MemberTeamRow>(
    db,
    {
      select: `SELECT t.*, tm.role AS team_role,
        (SELECT COUNT(*) FROM team_members x WHERE x.team_id = t.id) AS members, ${TEAM_SPACES} AS spaces
        FROM teams t JOIN team_members tm ON tm.team_id = t.id`,
      where,
      params,
      order: [{ expr: 't.seq', dir: 'asc', key: 'seq' }],
    },
    page,
  );
}
