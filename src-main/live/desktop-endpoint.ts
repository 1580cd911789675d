import { liveUrl } from '../../src-shared/live/connection';
import type { CallContext } from '../app/context';
import { getRemoteServer } from '../settings/service';
import { findUserByToken } from '../store/tokens';

/**
 * Where the desktop window's editor opens its live channel (docs/live.md, "In the app"): its own loopback host,
 * with a token that is the person the window acts as. That is the owner's, or once attached to a team server the
 * account's token, which this host accepts as that account (docs/sync.md, "Identity"), so edits and presence over
 * the channel are theirs as the window's tRPC calls are. Null for any other caller (a browser uses its page's
 * origin and its own token), or when no token here is that person: the editor then syncs over tRPC alone.
 */
export function desktopLiveEndpoint(ctx: CallContext): { url: string; token: string } | null {
  if (!ctx.desktop) return null;
  const candidates = [ctx.desktop.ownerToken, getRemoteServer(ctx)?.token];
  const token = candidates.find((candidate) => candidate && findUserByToken(ctx.db, candidate)?.id === ctx.user.id);
  return token ? { url: liveUrl(ctx.baseUrl), token } : null;
}
