import type { MemberRoleOrGuest } from '../../src-shared/roles';
import type { Db } from './database';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult } from './keyset';

export interface LinkInviteRow {
  seq: number;
  id: string;
  organization_id: string;
  role: MemberRoleOrGuest;
  created_by: string;
  created_at: string;
}

/** Longer than other ids (20 characters, ~119 bits): a link invite's id is a credential, kept at 128 bits or more. */
const LINK_INVITE_ID_LENGTH = 22;

export function insertLinkInvite(
  db: Db,
  invite: { organizationId: string; role: MemberRoleOrGuest; createdBy: string; now: string },
): LinkInviteRow {
  // The id is the link: whoever holds it may join (with an account). 22 characters are ~131 random bits.
  const id = newId(LINK_INVITE_ID_LENGTH);
  db.prepare('INSERT INTO link_invites (id, organization_id, role, created_by, created_at) VALUES (?, ?, ?, ?, ?)').run(
    id,
    invite.organizationId,
    invite.role,
    invite.createdBy,
    invite.now,
  );
  return getLinkInvite(db, invite.organizationId, id)!;
}

export function getLinkInvite(db: Db, organizationId: string, id: string): LinkInviteRow | undefined {
  return db.prepare('SELECT * FROM link_invites WHERE organization_id = ? AND id = ?').get(organizationId, id) as
    | LinkInviteRow
    | undefined;
}

export function listLinkInvites(db: Db, organizationId: string, page: PageRequest): PageResult<LinkInviteRow> {
  return listPage(
    db,
    {
      select: 'SELECT * FROM link_invites',
      where: ['organization_id = ?'],
      params: [organizationId],
      order: [{ expr: 'seq', dir: 'asc', key: 'seq' }],
    },
    page,
  );
}

export function setLinkInviteRole(db: Db, id: string, role: MemberRoleOrGuest): void {
  db.prepare('UPDATE link_invites SET role = ? WHERE id = ?').run(role, id);
}

export function deleteLinkInvite(db: Db, id: string): void {
  db.prepare('DELETE FROM link_invites WHERE id = ?').run(id);
}
