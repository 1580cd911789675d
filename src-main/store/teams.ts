import type { TeamMemberRole } from '../../src-shared/roles';
import type { Db } from './database';
import { TEAM_SPACES } from './content-permissions';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult } from './keyset';
import { MEMBER_SITES, MEMBER_SPACES, type MemberRow } from './members';

export interface TeamRow {
  seq: number;
  id: string;
  organization_id: string;
  title: string;
  created_at: string;
  members: number;
  /** Live spaces the team was invited to, directly or through a collection. */
  spaces: number;
}

const TEAM_SELECT = `SELECT t.*, (SELECT COUNT(*) FROM team_members tm WHERE tm.team_id = t.id) AS members, ${TEAM_SPACES} AS spaces FROM teams t`;

export function getTeam(db: Db, organizationId: string, id: string): TeamRow | undefined {
  return db.prepare(`${TEAM_SELECT} WHERE t.organization_id = ? AND t.id = ?`).get(organizationId, id) as
    | TeamRow
    | undefined;
}

interface TeamFilter {
  title?: string;
  /** Only teams this user owns. */
  ownedBy?: string;
}

export function listTeams(db: Db, organizationId: string, filter: TeamFilter, page: PageRequest): PageResult<TeamRow> {
  const where = ['t.organization_id = ?'];
  const params: unknown[] = [organizationId];
  if (filter.title) {
    where.push('instr(folio_lower(t.title), folio_lower(?)) > 0');
    params.push(filter.title);
  }
  if (filter.ownedBy !== undefined) {
    where.push("EXISTS (SELECT 1 FROM team_members o WHERE o.team_id = t.id AND o.user_id = ? AND o.role = 'owner')");
    params.push(filter.ownedBy);
  }
  return listPage(db, { select: TEAM_SELECT, where, params, order: [{ expr: 't.seq', dir: 'asc', key: 'seq' }] }, page);
}

export function insertTeam(db: Db, organizationId: string, title: string, now: string): string {
  const id = newId();
  db.prepare('INSERT INTO teams (id, organization_id, title, created_at) VALUES (?, ?, ?, ?)').run(
    id,
    organizationId,
    title,
    now,
  );
  return id;
}

export function renameTeam(db: Db, id: string, title: string): void {
  db.prepare('UPDATE teams SET title = ? WHERE id = ?').run(title, id);
}

export function deleteTeam(db: Db, id: string): void {
  db.prepare('DELETE FROM teams WHERE id = ?').run(id);
}

export function getTeamRole(db: Db, teamId: string, userId: string): TeamMemberRole | undefined {
  return (
    db.prepare('SELECT role FROM team_members WHERE team_id = ? AND user_id = ?').get(teamId, userId) as
      | { role: TeamMemberRole }
      | undefined
  )?.role;
}

/** Adds the user to the team, or sets the role of a user already in it. */
export function upsertTeamMember(db: Db, teamId: string, userId: string, role: TeamMemberRole, now: string): void {
  db.prepare(
    `INSERT INTO team_members (team_id, user_id, role, added_at) VALUES (?, ?, ?, ?)
     ON CONFLICT(team_id, user_id) DO UPDATE SET role = excluded.role`,
  ).run(teamId, userId, role, now);
}

/** Adds the user with the given role unless already in the team (whose role then stays). */
export function addTeamMember(db: Db, teamId: string, userId: string, role: TeamMemberRole, now: string): void {
  db.prepare(
    'INSERT INTO team_members (team_id, user_id, role, added_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
  ).run(teamId, userId, role, now);
}

export function removeTeamMember(db: Db, teamId: string, userId: string): boolean {
  return db.prepare('DELETE FROM team_members WHERE team_id = ? AND user_id = ?').run(teamId, userId).changes > 0;
}

export type TeamMemberRow = MemberRow & { team_role: TeamMemberRole; tm_seq: number };

export function listTeamMembers(db: Db, organizationId: string, teamId: string, page: PageRequest): PageResult<TeamMemberRow> {
  return listPage(
    db,
    {
      select: `SELECT m.*, u.email, u.display_name, u.photo_url, tm.role AS team_role, tm.seq AS tm_seq,
        ${MEMBER_SPACES} AS spaces,
        ${MEMBER_SITES} AS sites,
        (SELECT COUNT(*) FROM team_members x JOIN teams t ON t.id = x.team_id
         WHERE x.user_id = m.user_id AND t.organization_id = m.organization_id) AS teams
        FROM team_members tm
        JOIN members m ON m.user_id = tm.user_id AND m.organization_id = ?
        JOIN users u ON u.id = tm.user_id`,
      where: ['tm.team_id = ?'],
      params: [organizationId, teamId],
      order: [{ expr: 'tm.seq', dir: 'asc', key: 'tm_seq' }],
    },
    page,
  );
}

/** Whether the user owns at least one team of the organization (the `ownTeam` permission). */
export function ownsTeamIn(db: Db, organizationId: string, userId: string): boolean {
  return (
    db
      .prepare(
        `SELECT 1 FROM team_members tm JOIN teams t ON t.id = tm.team_id
         WHERE t.organization_id = ? AND tm.user_id = ? AND tm.role = 'owner' LIMIT 1`,
      )
      .get(organizationId, userId) !== undefined
  );
}
