import type { ServiceContext } from '../app/context';
import { isoNow } from '../app/context';
import { recordAuditEvent } from '../audit-events/record';
import { forbidden, notFound } from '../errors';
import { inTransaction } from '../store/database';
import { isInstallationPrincipal } from '../store/installation-principals';
import { getMember, insertMember, touchMemberLastSeen } from '../store/members';
import { getOrganization } from '../store/orgs';
import { requireMembership } from './access';

/** `lastSeenAt` moves at most once a minute: an app pinging on every view must not turn reads into writes. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/** POST /orgs/{organizationId}/ping: the member is active in the organization now. */
export function updateOrganizationMemberLastSeenAt(ctx: ServiceContext, organizationId: string): void {
  const { org } = requireMembership(ctx, organizationId);
  const now = ctx.clock.now();
  const threshold = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS).toISOString();
  const member = getMember(ctx.db, org.id, ctx.user.id);
  // An installation token's principal is no member: it has no last-seen time to move.
  if (!member) return;
  if (member.last_seen_at !== null && member.last_seen_at >= threshold) return;
  touchMemberLastSeen(ctx.db, org.id, ctx.user.id, now.toISOString(), threshold);
}

/**
 * POST /orgs/{organizationId}/join: a user whose email domain the organization lists joins it with the
 * organization's default role; joining again changes nothing. Folio's accounts carry the email their instance
 * admin or identity provider gave them, which is what "verified" means here. Anyone else gets 404: an
 * organization they could not join does not reveal itself.
 */
export function joinOrganization(ctx: ServiceContext, organizationId: string): void {
  inTransaction(ctx.db, () => {
    const org = getOrganization(ctx.db, organizationId);
    if (!org) throw notFound(`Organization "${organizationId}" not found`);
    if (getMember(ctx.db, org.id, ctx.user.id)) return;
    const domain = ctx.user.email.split('@')[1]?.toLowerCase();
    const accepted = (JSON.parse(org.email_domains) as string[]).map((d) => d.toLowerCase());
    if (!domain || !accepted.includes(domain)) throw notFound(`Organization "${organizationId}" not found`);
    if (isInstallationPrincipal(ctx.db, ctx.user.id)) throw forbidden('An installation token acts for its installation: it joins no organization');
    insertMember(ctx.db, org.id, ctx.user.id, org.default_role, isoNow(ctx.clock));
    recordAuditEvent(ctx, org.id, 'member.joined', { type: 'member', id: ctx.user.id, label: ctx.user.display_name }, { via: 'email-domain', role: org.default_role });
  });
}
