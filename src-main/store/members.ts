import type { MemberRoleOrGuest } from '../../src-shared/roles';
import { GUEST_SITES, GUEST_SPACES } from './content-permissions';
import type { Db } from './database';
import { listPage, type PageRequest, type PageResult, type SortTerm } from './keyset';

export interface MemberRow {
  seq: number;
  organization_id: string;
  user_id: string;
  role: MemberRoleOrGuest;
  disabled: number;
  sso: number;
  joined_at: string;
  last_seen_at: string | null;
  // from users
  email: string;
  display_name: string;
  photo_url: string | null;
  // computed
  teams: number;
  spaces: number;
  sites: number;
}

/** Sites a member can reach: every site of the organization for members, those invited to for guests. */
export const MEMBER_SITES = `CASE WHEN m.role IS NULL THEN ${GUEST_SITES} ELSE
  (SELECT COUNT(*) FROM sites x WHERE x.organization_id = m.organization_id) END`;

/** Spaces a member can reach: every live space of the organization for members, those invited to for guests. */
export const MEMBER_SPACES = `CASE WHEN m.role IS NULL THEN ${GUEST_SPACES} ELSE
  (SELECT COUNT(*) FROM spaces s WHERE s.organization_id = m.organization_id AND s.deleted_at IS NULL) END`;

const MEMBER_SELECT = `SELECT m.*, u.email, u.display_name, u.photo_url,
  (SELECT COUNT(*) FROM team_members tm JOIN teams t ON t.id = tm.team_id
   WHERE tm.user_id = m.user_id AND t.organization_id = m.organization_id) AS teams,
  ${MEMBER_SPACES} AS spaces,
  ${MEMBER_SITES} AS sites,
  COALESCE(m.last_seen_at, '') AS last_seen_key
  FROM members m JOIN users u ON u.id = m.user_id`;

export function getMember(db: Db, organizationId: string, userId: string): MemberRow | undefined {
  return db
    .prepare(`${MEMBER_SELECT} WHERE m.organization_id = ? AND m.user_id = ?`)
    .get(organizationId, userId) as MemberRow | undefined;
}

interface MemberFilter {
  role?: MemberRoleOrGuest;
  search?: string;
  sort: 'joinedAt' | 'lastSeenAt';
  order: 'asc' | 'desc';
}

export function listMembers(
  db: Db,
  organizationId: string,
  filter: MemberFilter,
  page: PageRequest,
): PageResult<MemberRow> {
  const where = ['m.organization_id = ?'];
  const params: unknown[] = [organizationId];
  if (filter.role !== undefined) {
    where.push(filter.role === null ? 'm.role IS NULL' : 'm.role = ?');
    if (filter.role !== null) params.push(filter.role);
  }
  if (filter.search) {
    where.push("(instr(folio_lower(u.display_name), folio_lower(?)) > 0 OR instr(folio_lower(u.email), folio_lower(?)) > 0)");
    params.push(filter.search, filter.search);
  }
  const first: SortTerm =
    filter.sort === 'joinedAt'
      ? { expr: 'm.joined_at', dir: filter.order, key: 'joined_at' }
      : { expr: "COALESCE(m.last_seen_at, '')", dir: filter.order, key: 'last_seen_key' };
  return listPage(db, { select: MEMBER_SELECT, where, params, order: [first, { expr: 'm.seq', dir: filter.order, key: 'seq' }] }, page);
}

export function insertMember(db: Db, organizationId: string, userId: string, role: MemberRoleOrGuest, now: string): void {
  db.prepare('INSERT INTO members (organization_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)').run(
    organizationId,
    userId,
    role,
    now,
  );
}

export function setMemberRole(db: Db, organizationId: string, userId: string, role: MemberRoleOrGuest): void {
  db.prepare('UPDATE members SET role = ? WHERE organization_id = ? AND user_id = ?').run(role, organizationId, userId);
}

/** Removes the membership and the user's places in the organization's teams. */
export function deleteMember(db: Db, organizationId: string, userId: string): void {
  db.prepare(
    'DELETE FROM team_members WHERE user_id = ? AND team_id IN (SELECT id FROM teams WHERE organization_id = ?)',
  ).run(userId, organizationId);
  db.prepare('DELETE FROM members WHERE organization_id = ? AND user_id = ?').run(organizationId, userId);
}

export function countAdmins(db: Db, organizationId: string): number {
  return (
    db.prepare("SELECT COUNT(*) AS n FROM members WHERE organization_id = ? AND role = 'admin'").get(organizationId) as {
      n: number;
    }
  ).n;
}


/** Records that the member was active now, unless they already were within `sinceAtLeast` (an ISO time): at most one write a minute per member. */
export function touchMemberLastSeen(db: Db, organizationId: string, userId: string, now: string, sinceAtLeast: string): void {
  db.prepare('UPDATE members SET last_seen_at = ? WHERE organization_id = ? AND user_id = ? AND (last_seen_at IS NULL OR last_seen_at < ?)').run(
    now,
    organizationId,
    userId,
    sinceAtLeast,
  );
}
