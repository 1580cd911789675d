import type { MemberRoleOrGuest } from '../../src-shared/roles';
import type { Db } from './database';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult } from './keyset';

/** An invite by email (migration 023); open while neither accepted nor declined, live while also unexpired. */
export interface OrgInviteRow {
  seq: number;
  id: string;
  organization_id: string;
  email: string;
  role: MemberRoleOrGuest;
  sso: number;
  invited_by: string;
  created_at: string;
  updated_at: string;
  expires_at: string;
  accepted_at: string | null;
  declined_at: string | null;
  // joined, for presenting
  organization_title: string;
  invited_by_name: string | null;
}

const OPEN = 'i.accepted_at IS NULL AND i.declined_at IS NULL';
const INVITE_SELECT = `SELECT i.*, o.title AS organization_title, u.display_name AS invited_by_name
  FROM org_invites i JOIN organizations o ON o.id = i.organization_id LEFT JOIN users u ON u.id = i.invited_by`;

interface InviteFields {
  organizationId: string;
  email: string;
  role: MemberRoleOrGuest;
  sso: boolean;
  invitedBy: string;
  now: string;
  expiresAt: string;
}

/** Creates the open invite of this email, or updates it (role, sso, inviter, expiry) when there is one. */
export function upsertOpenInvite(db: Db, invite: InviteFields): void {
  const updated = db
    .prepare(
      `UPDATE org_invites SET role = ?, sso = ?, invited_by = ?, updated_at = ?, expires_at = ?
       WHERE organization_id = ? AND email = ? AND accepted_at IS NULL AND declined_at IS NULL`,
    )
    .run(invite.role, invite.sso ? 1 : 0, invite.invitedBy, invite.now, invite.expiresAt, invite.organizationId, invite.email);
  if (updated.changes > 0) return;
  db.prepare(
    `INSERT INTO org_invites (id, organization_id, email, role, sso, invited_by, created_at, updated_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(newId(), invite.organizationId, invite.email, invite.role, invite.sso ? 1 : 0, invite.invitedBy, invite.now, invite.now, invite.expiresAt);
}

/** An organization's live invite by id. */
export function getLiveInvite(db: Db, organizationId: string, id: string, now: string): OrgInviteRow | undefined {
  return db
    .prepare(`${INVITE_SELECT} WHERE i.organization_id = ? AND i.id = ? AND ${OPEN} AND i.expires_at > ?`)
    .get(organizationId, id, now) as OrgInviteRow | undefined;
}

/** A live invite addressed to this email, by id. */
export function getLiveInviteFor(db: Db, email: string, id: string, now: string): OrgInviteRow | undefined {
  return db.prepare(`${INVITE_SELECT} WHERE i.email = ? AND i.id = ? AND ${OPEN} AND i.expires_at > ?`).get(email, id, now) as
    | OrgInviteRow
    | undefined;
}

/** An organization's live invites, oldest first. */
export function listOrganizationLiveInvites(db: Db, organizationId: string, now: string, page: PageRequest): PageResult<OrgInviteRow> {
  return listPage(
    db,
    {
      select: INVITE_SELECT,
      where: ['i.organization_id = ?', OPEN, 'i.expires_at > ?'],
      params: [organizationId, now],
      order: [{ expr: 'i.seq', dir: 'asc', key: 'seq' }],
    },
    page,
  );
}

/** The live invites addressed to this email, oldest first. */
export function listLiveInvitesFor(db: Db, email: string, now: string, page: PageRequest): PageResult<OrgInviteRow> {
  return listPage(
    db,
    {
      select: INVITE_SELECT,
      where: ['i.email = ?', OPEN, 'i.expires_at > ?'],
      params: [email, now],
      order: [{ expr: 'i.seq', dir: 'asc', key: 'seq' }],
    },
    page,
  );
}

export function markInviteAccepted(db: Db, id: string, now: string): void {
  db.prepare('UPDATE org_invites SET accepted_at = ? WHERE id = ?').run(now, id);
}

export function markInviteDeclined(db: Db, id: string, now: string): void {
  db.prepare('UPDATE org_invites SET declined_at = ? WHERE id = ?').run(now, id);
}

/** A revoked invite leaves nothing behind: it was never answered. */
export function deleteInvite(db: Db, id: string): void {
  db.prepare('DELETE FROM org_invites WHERE id = ?').run(id);
}

/** One request's invites, as sent at `now` (the rate limit's record). */
export function recordInviteSends(db: Db, organizationId: string, invites: number, now: string): void {
  db.prepare('INSERT INTO org_invite_sends (organization_id, sent_at, invites) VALUES (?, ?, ?)').run(organizationId, now, invites);
}

/** Forgets sends older than `since`, then returns the rest, oldest first. */
export function inviteSendsSince(db: Db, organizationId: string, since: string): Array<{ sent_at: string; invites: number }> {
  db.prepare('DELETE FROM org_invite_sends WHERE organization_id = ? AND sent_at <= ?').run(organizationId, since);
  return db
    .prepare('SELECT sent_at, invites FROM org_invite_sends WHERE organization_id = ? ORDER BY sent_at, seq')
    .all(organizationId) as Array<{ sent_at: string; invites: number }>;
}
