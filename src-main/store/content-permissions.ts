import type { MemberRole } from '../../src-shared/roles';
import type { Db } from './database';
import { listPage, type PageRequest, type PageResult } from './keyset';

/** What a role can be invited on, and who can be invited (migration 031). */
export type PermissionObjectKind = 'space' | 'collection' | 'site';
export type PrincipalKind = 'user' | 'team';

export interface PermissionObject {
  kind: PermissionObjectKind;
  id: string;
}

interface ContentPermissionRow {
  seq: number;
  object_kind: PermissionObjectKind;
  object_id: string;
  principal_kind: PrincipalKind;
  principal_id: string;
  organization_id: string;
  role: MemberRole;
  created_at: string;
  updated_at: string;
}

/** The invitations that reach user `?` (bound twice): their own and their teams'. */
const REACHES_USER = `((p.principal_kind = 'user' AND p.principal_id = ?)
  OR (p.principal_kind = 'team' AND p.principal_id IN (SELECT team_id FROM team_members WHERE user_id = ?)))`;

/** The roles invited to this user, directly or through a team, on any of these objects. */
export function invitedRoles(db: Db, userId: string, objects: readonly PermissionObject[]): MemberRole[] {
  if (!objects.length) return [];
  const byKind = new Map<PermissionObjectKind, string[]>();
  for (const object of objects) byKind.set(object.kind, [...(byKind.get(object.kind) ?? []), object.id]);
  const alternatives: string[] = [];
  const params: unknown[] = [];
  for (const [kind, ids] of byKind) {
    alternatives.push(`(p.object_kind = ? AND p.object_id IN (SELECT value FROM json_each(?)))`);
    params.push(kind, JSON.stringify(ids));
  }
  // An installation's principal (migration 037) holds no invitations: its grants are derived from where it is installed.
  const rows = db
    .prepare(
      `SELECT p.role FROM content_permissions p WHERE (${alternatives.join(' OR ')}) AND ${REACHES_USER}
       UNION ALL SELECT p.role FROM installation_grants p WHERE (${alternatives.join(' OR ')}) AND p.user_id = ?`,
    )
    .all(...params, userId, userId, ...params, userId) as Array<{ role: MemberRole }>;
  return rows.map((row) => row.role);
}

export function getContentPermission(db: Db, object: PermissionObject, principal: PrincipalKind, principalId: string): ContentPermissionRow | undefined {
  return db
    .prepare('SELECT * FROM content_permissions WHERE object_kind = ? AND object_id = ? AND principal_kind = ? AND principal_id = ?')
    .get(object.kind, object.id, principal, principalId) as ContentPermissionRow | undefined;
}

/** Invites (or re-invites with another role); an unchanged role writes nothing, so sync records nothing. */
export function upsertContentPermission(
  db: Db,
  input: { organizationId: string; object: PermissionObject; principal: PrincipalKind; principalId: string; role: MemberRole; now: string },
): void {
  db.prepare(
    `INSERT INTO content_permissions (object_kind, object_id, principal_kind, principal_id, organization_id, role, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (object_kind, object_id, principal_kind, principal_id)
     DO UPDATE SET role = excluded.role, updated_at = excluded.updated_at WHERE content_permissions.role IS NOT excluded.role`,
  ).run(input.object.kind, input.object.id, input.principal, input.principalId, input.organizationId, input.role, input.now, input.now);
}

/** Whether there was an invitation to remove. */
export function deleteContentPermission(db: Db, object: PermissionObject, principal: PrincipalKind, principalId: string): boolean {
  return (
    db
      .prepare('DELETE FROM content_permissions WHERE object_kind = ? AND object_id = ? AND principal_kind = ? AND principal_id = ?')
      .run(object.kind, object.id, principal, principalId).changes > 0
  );
}

export interface UserPermissionRow {
  seq: number;
  role: MemberRole;
  user_id: string;
  email: string;
  display_name: string;
  photo_url: string | null;
}

export function listUserPermissions(db: Db, object: PermissionObject, page: PageRequest): PageResult<UserPermissionRow> {
  return listPage(
    db,
    {
      select: `SELECT p.seq, p.role, u.id AS user_id, u.email, u.display_name, u.photo_url
        FROM content_permissions p JOIN users u ON u.id = p.principal_id`,
      where: ["p.object_kind = ?", 'p.object_id = ?', "p.principal_kind = 'user'"],
      params: [object.kind, object.id],
      order: [{ expr: 'p.seq', dir: 'asc', key: 'seq' }],
    },
    page,
  );
}

/** Spaces a team reaches through its invitations: those it was invited to, and every live space below a collection it was. */
export const TEAM_SPACES = `(WITH RECURSIVE reach(id) AS (
    SELECT object_id FROM content_permissions WHERE object_kind = 'collection' AND principal_kind = 'team' AND principal_id = t.id
    UNION SELECT c.id FROM collections c JOIN reach ON c.parent_id = reach.id)
  SELECT COUNT(*) FROM spaces s WHERE s.organization_id = t.organization_id AND s.deleted_at IS NULL AND (s.parent_id IN (SELECT id FROM reach)
    OR s.id IN (SELECT object_id FROM content_permissions WHERE object_kind = 'space' AND principal_kind = 'team' AND principal_id = t.id)))`;

export interface TeamPermissionRow {
  seq: number;
  role: MemberRole;
  id: string;
  organization_id: string;
  title: string;
  created_at: string;
  members: number;
  spaces: number;
}

export function listTeamPermissions(db: Db, object: PermissionObject, page: PageRequest): PageResult<TeamPermissionRow> {
  return listPage(
    db,
    {
      select: `SELECT p.seq, p.role, t.id, t.organization_id, t.title, t.created_at,
          (SELECT COUNT(*) FROM team_members tm WHERE tm.team_id = t.id) AS members, ${TEAM_SPACES} AS spaces
        FROM content_permissions p JOIN teams t ON t.id = p.principal_id`,
      where: ['p.object_kind = ?', 'p.object_id = ?', "p.principal_kind = 'team'"],
      params: [object.kind, object.id],
      order: [{ expr: 'p.seq', dir: 'asc', key: 'seq' }],
    },
    page,
  );
}

/** What a guest reaches in an organization: the spaces and collections they (or their teams) were invited to, and everything inside those collections. */
function guestReach(db: Db, organizationId: string, userId: string): { spaces: string[]; collections: string[] } {
  const granted = `SELECT p.object_kind, p.object_id FROM content_permissions p WHERE p.organization_id = ? AND ${REACHES_USER}
    UNION ALL SELECT g.object_kind, g.object_id FROM installation_grants g WHERE g.organization_id = ? AND g.user_id = ?`;
  const collections = (
    db
      .prepare(
        `WITH RECURSIVE reach(id) AS (
           SELECT object_id FROM (${granted}) WHERE object_kind = 'collection'
           UNION SELECT c.id FROM collections c JOIN reach ON c.parent_id = reach.id)
         SELECT id FROM reach`,
      )
      .all(organizationId, userId, userId, organizationId, userId) as Array<{ id: string }>
  ).map((row) => row.id);
  const spaces = (
    db
      .prepare(
        `SELECT s.id FROM spaces s WHERE s.organization_id = ? AND (s.parent_id IN (SELECT value FROM json_each(?))
           OR s.id IN (SELECT object_id FROM (${granted}) WHERE object_kind = 'space'))`,
      )
      .all(organizationId, JSON.stringify(collections), organizationId, userId, userId, organizationId, userId) as Array<{ id: string }>
  ).map((row) => row.id);
  return { spaces, collections };
}

export function spacesReachedByGuest(db: Db, organizationId: string, userId: string): string[] {
  return guestReach(db, organizationId, userId).spaces;
}

export function collectionsReachedByGuest(db: Db, organizationId: string, userId: string): string[] {
  return guestReach(db, organizationId, userId).collections;
}

/** The site a row of a site table belongs to (its id for `sites`), for rules that follow the site's role. */
export function siteOfSiteRow(db: Db, table: string, id: string): string | undefined {
  if (table === 'sites') return id;
  const tables = new Set(['site_spaces', 'site_sections', 'site_section_groups', 'site_share_links', 'site_insight_events', 'site_redirects', 'site_external_links']);
  if (!tables.has(table)) return undefined;
  return (db.prepare(`SELECT site_id FROM ${table} WHERE id = ?`).get(id) as { site_id: string } | undefined)?.site_id;
}

/**
 * The caller's organization role, without the counts a member row carries: the hot path of every role check.
 * An active installation's principal (migration 037) is a guest of the installing organization: it reaches
 * only its grants.
 */
export function memberRoleRow(db: Db, organizationId: string, userId: string): { role: MemberRole | null } | undefined {
  const member = db.prepare('SELECT role FROM members WHERE organization_id = ? AND user_id = ?').get(organizationId, userId) as
    | { role: MemberRole | null }
    | undefined;
  return member ?? (isInstallationPrincipalOf(db, organizationId, userId) ? { role: null } : undefined);
}

/** Whether the user is the principal of an active installation in this organization. */
export function isInstallationPrincipalOf(db: Db, organizationId: string, userId: string): boolean {
  return (
    db
      .prepare(
        `SELECT 1 FROM installation_principals p JOIN integration_installations i ON i.id = p.installation_id
         WHERE p.user_id = ? AND i.organization_id = ? AND i.status = 'active'`,
      )
      .get(userId, organizationId) !== undefined
  );
}

/** Live spaces a guest (member row `m`) reaches through invitations, theirs and their teams', directly or through a collection. */
export const GUEST_SPACES = `(WITH RECURSIVE granted(kind, id) AS (
    SELECT p.object_kind, p.object_id FROM content_permissions p WHERE p.organization_id = m.organization_id
      AND ((p.principal_kind = 'user' AND p.principal_id = m.user_id)
        OR (p.principal_kind = 'team' AND p.principal_id IN (SELECT team_id FROM team_members WHERE user_id = m.user_id)))),
  reach(id) AS (SELECT id FROM granted WHERE kind = 'collection' UNION SELECT c.id FROM collections c JOIN reach ON c.parent_id = reach.id)
  SELECT COUNT(*) FROM spaces s WHERE s.organization_id = m.organization_id AND s.deleted_at IS NULL
    AND (s.parent_id IN (SELECT id FROM reach) OR s.id IN (SELECT id FROM granted WHERE kind = 'space')))`;

/** Sites a guest (member row `m`) was invited to, themselves or through a team. */
export const GUEST_SITES = `(SELECT COUNT(DISTINCT p.object_id) FROM content_permissions p WHERE p.organization_id = m.organization_id
    AND p.object_kind = 'site' AND ((p.principal_kind = 'user' AND p.principal_id = m.user_id)
      OR (p.principal_kind = 'team' AND p.principal_id IN (SELECT team_id FROM team_members WHERE user_id = m.user_id))))`;

export interface AggregateMemberRow {
  seq: number;
  user_id: string;
  role: MemberRole | null;
  disabled: number;
  joined_at: string;
  last_seen_at: string | null;
  email: string;
  display_name: string;
  photo_url: string | null;
}

interface AggregateFilter {
  search?: string;
  /** Only members of this team. */
  teamId?: string;
  sort: 'joinedAt' | 'lastSeenAt' | 'name';
  order: 'asc' | 'desc';
}

/** Members of the organization among `userIds` (those with access, computed by the caller), a page of them. */
export function listMembersAmong(db: Db, organizationId: string, userIds: readonly string[], filter: AggregateFilter, page: PageRequest): PageResult<AggregateMemberRow> {
  const where = ['m.organization_id = ?', 'm.user_id IN (SELECT value FROM json_each(?))'];
  const params: unknown[] = [organizationId, JSON.stringify(userIds)];
  if (filter.search) {
    where.push('(instr(folio_lower(u.display_name), folio_lower(?)) > 0 OR instr(folio_lower(u.email), folio_lower(?)) > 0)');
    params.push(filter.search, filter.search);
  }
  if (filter.teamId !== undefined) {
    where.push('m.user_id IN (SELECT user_id FROM team_members WHERE team_id = ?)');
    params.push(filter.teamId);
  }
  const first =
    filter.sort === 'name'
      ? { expr: 'folio_lower(u.display_name)', key: 'name_key' }
      : filter.sort === 'lastSeenAt'
        ? { expr: "COALESCE(m.last_seen_at, '')", key: 'last_seen_key' }
        : { expr: 'm.joined_at', key: 'joined_at' };
  return listPage(
    db,
    {
      select: `SELECT m.seq, m.user_id, m.role, m.disabled, m.joined_at, m.last_seen_at, u.email, u.display_name, u.photo_url,
          folio_lower(u.display_name) AS name_key, COALESCE(m.last_seen_at, '') AS last_seen_key
        FROM members m JOIN users u ON u.id = m.user_id`,
      where,
      params,
      order: [
        { expr: first.expr, dir: filter.order, key: first.key },
        { expr: 'm.seq', dir: filter.order, key: 'seq' },
      ],
    },
    page,
  );
}

/** Every member of the organization (user id and organization role), for computing who can reach an object. */
export function organizationMemberIds(db: Db, organizationId: string): string[] {
  return (db.prepare('SELECT user_id FROM members WHERE organization_id = ?').all(organizationId) as Array<{ user_id: string }>).map((row) => row.user_id);
}

/** Sites a guest was invited to, directly or through a team. */
export function sitesReachedByGuest(db: Db, organizationId: string, userId: string): string[] {
  return (
    db
      .prepare(
        `SELECT p.object_id AS id FROM content_permissions p WHERE p.organization_id = ? AND p.object_kind = 'site' AND ${REACHES_USER}
         UNION SELECT g.object_id FROM installation_grants g WHERE g.organization_id = ? AND g.object_kind = 'site' AND g.user_id = ?`,
      )
      .all(organizationId, userId, userId, organizationId, userId) as Array<{ id: string }>
  ).map((row) => row.id);
}
