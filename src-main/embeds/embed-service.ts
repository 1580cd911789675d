import type { ServiceContext } from '../app/context';
import { badRequest } from '../errors';
import { requireSpace } from '../spaces/access';
import { getLinkMetadata, recordLinkMetadata, type LinkMetadataRow } from '../store/link-metadata';
import { DEFAULT_LINK_FETCH_LIMITS, fetchLinkMetadata } from './link-metadata';
import { cacheKey } from './link-titles';

/** As link-titles.ts keeps them: a title a day, a failure an hour (a dead URL is not fetched on every ask). */
const FRESH_FOR_MS = 24 * 60 * 60 * 1000;
const RETRY_AFTER_MS = 60 * 60 * 1000;

/**
 * GitBook's Embed of a URL (getEmbedByUrl, getEmbedByUrlInSpace): Folio shows embeds as link cards (the
 * published site's `{% embed %}` is a card, never a third party's frame or script), so every URL resolves
 * to the `link` kind with the title and site name the page gives itself. They come from the same cache the
 * site's cards read (migration 025), fetched now when missing or expired, through the same guarded fetch
 * under the app's network policy. A page that cannot be read still embeds as a link, titled by its address.
 */
export async function embedOfUrl(ctx: ServiceContext, url: string, spaceId?: string) {
  if (spaceId) requireSpace(ctx, spaceId);
  const key = cacheKey(url);
  if (key === undefined) throw badRequest('url: give an http or https URL of at most 2048 characters');
  const row = await freshMetadata(ctx, key);
  const address = new URL(key);
  const site = row?.site_name ?? address.hostname;
  return { type: 'link' as const, title: row?.title ?? key, site };
}

async function freshMetadata(ctx: ServiceContext, key: string): Promise<LinkMetadataRow | undefined> {
  const cached = getLinkMetadata(ctx.db, key);
  if (cached && cached.expires_at > ctx.clock.now().toISOString()) return cached;
  const outcome = await fetchLinkMetadata(new URL(key), { ...DEFAULT_LINK_FETCH_LIMITS, network: ctx.config });
  if (!ctx.db.open) return cached;
  const now = ctx.clock.now();
  const lifetime = outcome.status === 'ok' ? FRESH_FOR_MS : RETRY_AFTER_MS;
  recordLinkMetadata(ctx.db, key, outcome, { fetchedAt: now.toISOString(), expiresAt: new Date(now.getTime() + lifetime).toISOString() });
  return getLinkMetadata(ctx.db, key);
}
