import type { MemberRoleOrGuest } from '../../src-shared/roles';
import type { Db } from './database';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult } from './keyset';

export interface OrganizationRow {
  seq: number;
  id: string;
  title: string;
  created_at: string;
  email_domains: string;
  hostname: string | null;
  type: 'business' | 'community';
  default_role: MemberRoleOrGuest;
  default_content: string | null;
  logo: string | null;
  sso: number;
  ai: number;
  invite_links: number;
  plan: string;
}

/** An organization as seen by one user: the row and that user's role in it. */
type OrganizationWithRole = OrganizationRow & { member_role: MemberRoleOrGuest };

export function getOrganization(db: Db, id: string): OrganizationRow | undefined {
  return db.prepare('SELECT * FROM organizations WHERE id = ?').get(id) as OrganizationRow | undefined;
}

export function insertOrganization(
  db: Db,
  org: { title: string; emailDomains: string[]; now: string },
): OrganizationRow {
  const id = newId();
  db.prepare('INSERT INTO organizations (id, title, email_domains, created_at) VALUES (?, ?, ?, ?)').run(
    id,
    org.title,
    JSON.stringify(org.emailDomains),
    org.now,
  );
  return getOrganization(db, id)!;
}

export interface OrganizationChanges {
  title?: string;
  email_domains?: string;
  hostname?: string;
  default_role?: MemberRoleOrGuest;
  default_content?: string | null;
  logo?: string | null;
  sso?: number;
  ai?: number;
  invite_links?: number;
}

export function updateOrganization(db: Db, id: string, changes: OrganizationChanges): void {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  if (!entries.length) return;
  db.prepare(`UPDATE organizations SET ${entries.map(([k]) => `${k} = ?`).join(', ')} WHERE id = ?`).run(
    ...entries.map(([, v]) => v),
    id,
  );
}

export function getOrganizationByHostname(db: Db, hostname: string): OrganizationRow | undefined {
  return db.prepare('SELECT * FROM organizations WHERE hostname = ?').get(hostname) as OrganizationRow | undefined;
}

/** Organizations the user is a member of, oldest membership first. */
export function listOrganizationsOfUser(
  db: Db,
  userId: string,
  page: PageRequest,
): PageResult<OrganizationWithRole & { m_seq: number }> {
  return listPage(
    db,
    {
      select:
        'SELECT o.*, m.role AS member_role, m.seq AS m_seq FROM members m JOIN organizations o ON o.id = m.organization_id',
      where: ['m.user_id = ?'],
      params: [userId],
      order: [{ expr: 'm.seq', dir: 'asc', key: 'm_seq' }],
    },
    page,
  );
}

/** Organizations that list the email domain, with the user's role where the user is a member. */
export function listOrganizationsByEmailDomain(
  db: Db,
  domain: string,
  userId: string,
): Array<OrganizationWithRole & { is_member: 0 | 1 }> {
  return db
    .prepare(
      `SELECT o.*, m.role AS member_role, m.user_id IS NOT NULL AS is_member FROM organizations o
       LEFT JOIN members m ON m.organization_id = o.id AND m.user_id = ?
       WHERE EXISTS (SELECT 1 FROM json_each(o.email_domains) d WHERE lower(d.value) = lower(?))
       ORDER BY o.seq`,
    )
    .all(userId, domain) as Array<OrganizationWithRole & { is_member: 0 | 1 }>;
}
