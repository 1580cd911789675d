import { type MemberRoleOrGuest, roleRank } from '../../src-shared/roles';
import type { InviteUsersInput } from '../../src-shared/schemas/members';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, forbidden, notFound } from '../errors';
import { requireOrgRole } from '../orgs/access';
import { inTransaction } from '../store/database';
import { getLinkInvite } from '../store/link-invites';
import { getMember, insertMember, setMemberRole } from '../store/members';
import { getOrganization } from '../store/orgs';
import { allSamlProviders, setMemberSso } from '../store/saml';
import { findOrCreateUser } from '../store/users';
import { isProviderActive } from '../saml/service';

/**
 * Adds people to an organization by email. Folio has no mail server: an unknown email becomes a
 * local user right away (who signs in with a token from `folio token create`). Existing members keep their role.
 */
export function inviteUsers(ctx: ServiceContext, organizationId: string, input: InviteUsersInput) {
  return inTransaction(ctx.db, () => {
    const { org } = requireOrgRole(ctx, organizationId, 'admin', 'invite members');
    // Members who must sign in through SSO need a provider to sign in with.
    if (input.sso && !allSamlProviders(ctx.db, org.id).some(isProviderActive)) {
      throw badRequest('sso: this organization has no active SAML provider, so members cannot be required to use SSO');
    }
    const now = isoNow(ctx.clock);
    const fallbackRole: MemberRoleOrGuest = input.role !== undefined ? input.role : org.default_role;
    const users: string[] = [];
    let invited = 0;
    for (const entry of input.emails) {
      const email = typeof entry === 'string' ? entry : entry.email;
      const role = typeof entry === 'string' ? fallbackRole : entry.role;
      const user = findOrCreateUser(ctx.db, email, now);
      if (!users.includes(user.id)) users.push(user.id);
      if (getMember(ctx.db, org.id, user.id)) continue;
      insertMember(ctx.db, org.id, user.id, role, now);
      if (input.sso) setMemberSso(ctx.db, org.id, user.id);
      invited += 1;
    }
    return { users, invited };
  });
}

/** The caller joins through an invite link, or is raised to its role if it gives more than they have. */
export function joinWithLinkInvite(ctx: ServiceContext, organizationId: string, inviteId: string): void {
  inTransaction(ctx.db, () => {
    const org = getOrganization(ctx.db, organizationId);
    const invite = org && getLinkInvite(ctx.db, org.id, inviteId);
    if (!org || !invite) throw notFound(`Invite link "${inviteId}" not found`);
    if (org.invite_links !== 1) throw forbidden('Invite links are disabled in this organization');
    const member = getMember(ctx.db, org.id, ctx.user.id);
    if (!member) insertMember(ctx.db, org.id, ctx.user.id, invite.role, isoNow(ctx.clock));
    else if (roleRank(invite.role) > roleRank(member.role)) setMemberRole(ctx.db, org.id, ctx.user.id, invite.role);
  });
}
