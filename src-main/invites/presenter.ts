import type { OrgInviteRow } from '../store/invites';

/**
 * A pending invite by email (a Folio extension: GitBook's spec has no such object; see docs/invites.md). The
 * invitee sees which organization asks and who asked; an admin sees whom they asked.
 */
export function presentInvite(invite: OrgInviteRow) {
  return {
    object: 'organization-invite' as const,
    id: invite.id,
    email: invite.email,
    role: invite.role,
    sso: invite.sso === 1,
    organization: { id: invite.organization_id, title: invite.organization_title },
    ...(invite.invited_by_name !== null ? { invitedBy: { displayName: invite.invited_by_name } } : {}),
    createdAt: invite.created_at,
    updatedAt: invite.updated_at,
    expiresAt: invite.expires_at,
  };
}
