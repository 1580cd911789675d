import { roleRank } from '../../src-shared/roles';
import { type ServiceContext, isoNow } from '../app/context';
import { forbidden, notFound } from '../errors';
import { inTransaction } from '../store/database';
import { getLiveInviteFor, listLiveInvitesFor, markInviteAccepted, markInviteDeclined, type OrgInviteRow } from '../store/invites';
import type { PageRequest } from '../store/keyset';
import { isInstallationPrincipal } from '../store/installation-principals';
import { getLinkInvite } from '../store/link-invites';
import { getMember, insertMember, setMemberRole } from '../store/members';
import { getOrganization, type OrganizationRow } from '../store/orgs';
import { setMemberSso } from '../store/saml';
import { normalizeEmail } from './service';
import { recordAuditEvent } from '../audit-events/record';

/**
 * What the invitee does with invites by email. Only the person the invite is addressed to (the caller's account
 * email) can see, accept or decline it; for anyone else it does not exist (404), so an invite's id reveals nothing.
 */

/** The caller's pending invites, from every organization. */
export function listMyInvites(ctx: ServiceContext, page: PageRequest) {
  return listLiveInvitesFor(ctx.db, normalizeEmail(ctx.user.email), isoNow(ctx.clock), page);
}

/**
 * `POST /orgs/{organizationId}/invites/{inviteId}` (joinOrganizationWithInvite): the caller accepts their invite
 * by email, or joins through an invite link, whichever the id names.
 */
export function joinWithInvite(ctx: ServiceContext, organizationId: string, inviteId: string): void {
  inTransaction(ctx.db, () => {
    const org = getOrganization(ctx.db, organizationId);
    if (!org) throw notFound(`Invite "${inviteId}" not found`);
    if (isInstallationPrincipal(ctx.db, ctx.user.id)) throw forbidden('An installation token acts for its installation: it joins no organization');
    const invite = myInvite(ctx, inviteId);
    if (invite && invite.organization_id === org.id) acceptInvite(ctx, org, invite);
    else joinWithLinkInvite(ctx, org, inviteId);
  });
}

/** The caller turns an invite down: it leaves their list and can no longer be accepted. */
export function declineInvite(ctx: ServiceContext, inviteId: string): void {
  inTransaction(ctx.db, () => {
    const invite = myInvite(ctx, inviteId);
    if (!invite) throw notFound(`Invite "${inviteId}" not found`);
    markInviteDeclined(ctx.db, invite.id, isoNow(ctx.clock));
  });
}

function myInvite(ctx: ServiceContext, inviteId: string): OrgInviteRow | undefined {
  return getLiveInviteFor(ctx.db, normalizeEmail(ctx.user.email), inviteId, isoNow(ctx.clock));
}

/** Joins with the invite's role (and as an SSO member when it says so); someone already a member keeps their role. */
function acceptInvite(ctx: ServiceContext, org: OrganizationRow, invite: OrgInviteRow): void {
  const now = isoNow(ctx.clock);
  if (!getMember(ctx.db, org.id, ctx.user.id)) {
    insertMember(ctx.db, org.id, ctx.user.id, invite.role, now);
    if (invite.sso === 1) setMemberSso(ctx.db, org.id, ctx.user.id);
    recordAuditEvent(ctx, org.id, 'member.joined', { type: 'member', id: ctx.user.id, label: ctx.user.display_name }, { via: 'invite', role: invite.role });
  }
  markInviteAccepted(ctx.db, invite.id, now);
}

/** The caller joins through an invite link, or is raised to its role if it gives more than they have. */
function joinWithLinkInvite(ctx: ServiceContext, org: OrganizationRow, inviteId: string): void {
  const invite = getLinkInvite(ctx.db, org.id, inviteId);
  if (!invite) throw notFound(`Invite "${inviteId}" not found`);
  if (org.invite_links !== 1) throw forbidden('Invite links are disabled in this organization');
  const member = getMember(ctx.db, org.id, ctx.user.id);
  if (!member) {
    insertMember(ctx.db, org.id, ctx.user.id, invite.role, isoNow(ctx.clock));
    recordAuditEvent(ctx, org.id, 'member.joined', { type: 'member', id: ctx.user.id, label: ctx.user.display_name }, { via: 'invite-link', role: invite.role });
  } else if (roleRank(invite.role) > roleRank(member.role)) {
    setMemberRole(ctx.db, org.id, ctx.user.id, invite.role);
    recordAuditEvent(ctx, org.id, 'member.role_updated', { type: 'member', id: ctx.user.id, label: ctx.user.display_name }, { from: member.role, to: invite.role, via: 'invite-link' });
  }
}
