import type { ServiceContext } from '../app/context';
import { tooManyRequests } from '../errors';
import { inviteSendsSince, recordInviteSends } from '../store/invites';

/**
 * Invites one organization may send per hour. Generous for a team adding colleagues, far too few to use Folio
 * to probe or spam a list of addresses. A server's tests lower it through AppConfig.inviteRateLimit.
 */
const DEFAULT_INVITE_RATE_LIMIT = { invites: 100, windowMs: 60 * 60 * 1000 };

/**
 * Counts `invites` against the organization's sliding window (persisted: a restart does not reset it), or
 * refuses with 429 and when enough earlier invites leave the window. Call inside the write's transaction.
 */
export function spendInviteAllowance(ctx: ServiceContext, organizationId: string, invites: number): void {
  if (invites === 0) return;
  const limit = ctx.config.inviteRateLimit ?? DEFAULT_INVITE_RATE_LIMIT;
  const now = ctx.clock.now().getTime();
  const sends = inviteSendsSince(ctx.db, organizationId, new Date(now - limit.windowMs).toISOString());
  const used = sends.reduce((sum, send) => sum + send.invites, 0);
  if (used + invites > limit.invites) {
    const retryAt = timeWithRoomFor(sends, used + invites - limit.invites, limit.windowMs) ?? now + limit.windowMs;
    const retryAfterSeconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
    throw tooManyRequests(
      `Too many invites: this organization may send ${limit.invites} per ${describeWindow(limit.windowMs)} ` +
        `(${used} sent, ${invites} more asked); try again in ${retryAfterSeconds} seconds`,
      retryAfterSeconds,
    );
  }
  recordInviteSends(ctx.db, organizationId, invites, new Date(now).toISOString());
}

/** When the oldest sends holding at least `excess` invites will have left the window (undefined: never enough). */
function timeWithRoomFor(sends: Array<{ sent_at: string; invites: number }>, excess: number, windowMs: number): number | undefined {
  let freed = 0;
  for (const send of sends) {
    freed += send.invites;
    if (freed >= excess) return Date.parse(send.sent_at) + windowMs;
  }
  return undefined;
}

function describeWindow(windowMs: number): string {
  const minutes = Math.round(windowMs / 60_000);
  if (minutes === 60) return 'hour';
  return minutes >= 1 ? `${minutes} minutes` : `${Math.round(windowMs / 1000)} seconds`;
}
