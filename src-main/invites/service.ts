import type { MemberRoleOrGuest } from '../../src-shared/roles';
import type { InviteUsersInput } from '../../src-shared/schemas/members';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, notFound } from '../errors';
import { requireOrgRole } from '../orgs/access';
import { isProviderActive } from '../saml/service';
import { inTransaction } from '../store/database';
import { deleteInvite, getLiveInvite, listOrganizationLiveInvites, upsertOpenInvite } from '../store/invites';
import type { PageRequest } from '../store/keyset';
import { getMember } from '../store/members';
import { allSamlProviders } from '../store/saml';
import { findOrCreateUser, getUserByEmail } from '../store/users';
import { spendInviteAllowance } from './rate-limit';
import { recordAuditEvent } from '../audit-events/record';

/**
 * People one request may invite. Each unknown email becomes a local user, so this bounds the users one request
 * creates; it counts every invitee, known or not, so that the refusal says nothing about who has an account.
 */
export const MAX_INVITES_PER_REQUEST = 10;

/** An invite not answered by then lapses; inviting the email again renews it. */
const INVITE_LIFETIME_DAYS = 30;

const MANAGE = 'manage invites';

/** Invites are matched to accounts by email, compared in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Invites people by email: each gets a pending invite they accept or decline (invites/invitee.ts); nobody joins
 * until then. Inviting a pending email again updates its invite; existing members are left as they are. The
 * answer is the same whether an email has an account or not: `users` (those added to the organization) is
 * always empty, `invited` counts the invites created or updated. Folio has no mail server: an unknown email
 * becomes a local user who signs in with a token from `folio token create` and then sees the invite.
 */
export function inviteUsers(ctx: ServiceContext, organizationId: string, input: InviteUsersInput) {
  return inTransaction(ctx.db, () => {
    const { org } = requireOrgRole(ctx, organizationId, 'admin', 'invite members');
    // Members who must sign in through SSO need a provider to sign in with.
    if (input.sso && !allSamlProviders(ctx.db, org.id).some(isProviderActive)) {
      throw badRequest('sso: this organization has no active SAML provider, so members cannot be required to use SSO');
    }
    const fallbackRole: MemberRoleOrGuest = input.role !== undefined ? input.role : org.default_role;
    const invitees = new Map<string, MemberRoleOrGuest>();
    for (const entry of input.emails) {
      const email = normalizeEmail(typeof entry === 'string' ? entry : entry.email);
      // The first mention of an email decides its role, as when later ones found it already a member.
      if (!invitees.has(email) && !isMember(ctx, org.id, email)) invitees.set(email, typeof entry === 'string' ? fallbackRole : entry.role);
    }
    if (invitees.size > MAX_INVITES_PER_REQUEST) {
      throw badRequest(`emails: at most ${MAX_INVITES_PER_REQUEST} people can be invited in one request (this one invites ${invitees.size})`);
    }
    spendInviteAllowance(ctx, org.id, invitees.size);
    const now = isoNow(ctx.clock);
    const expiresAt = new Date(ctx.clock.now().getTime() + INVITE_LIFETIME_DAYS * 24 * 60 * 60 * 1000).toISOString();
    for (const [email, role] of invitees) {
      findOrCreateUser(ctx.db, email, now);
      upsertOpenInvite(ctx.db, { organizationId: org.id, email, role, sso: input.sso === true, invitedBy: ctx.user.id, now, expiresAt });
    }
    if (invitees.size) recordAuditEvent(ctx, org.id, 'invite.created', { type: 'organization', id: org.id, label: org.title }, { invited: invitees.size });
    return { users: [] as string[], invited: invitees.size };
  });
}

function isMember(ctx: ServiceContext, organizationId: string, email: string): boolean {
  const user = getUserByEmail(ctx.db, email);
  return user !== undefined && getMember(ctx.db, organizationId, user.id) !== undefined;
}

/** The organization's pending invites, for its admins. */
export function listOrganizationInvites(ctx: ServiceContext, organizationId: string, page: PageRequest) {
  const { org } = requireOrgRole(ctx, organizationId, 'admin', MANAGE);
  return listOrganizationLiveInvites(ctx.db, org.id, isoNow(ctx.clock), page);
}

/** An admin takes back a pending invite; the invitee no longer sees it and cannot accept it. */
export function revokeOrganizationInvite(ctx: ServiceContext, organizationId: string, inviteId: string): void {
  inTransaction(ctx.db, () => {
    const { org } = requireOrgRole(ctx, organizationId, 'admin', MANAGE);
    const invite = getLiveInvite(ctx.db, org.id, inviteId, isoNow(ctx.clock));
    if (!invite) throw notFound(`Invite "${inviteId}" not found`);
    deleteInvite(ctx.db, invite.id);
    recordAuditEvent(ctx, org.id, 'invite.revoked', { type: 'invite', id: invite.id });
  });
}
