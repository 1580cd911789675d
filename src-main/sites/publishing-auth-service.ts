import { randomBytes } from 'node:crypto';
import type { UpdatePublishingAuthInput } from '../../src-shared/schemas/site-visitors';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest } from '../errors';
import { inTransaction } from '../store/database';
import { getSite, type SiteRow, updateSite } from '../store/sites';
import { requireSite } from './access';

/**
 * The publishing auth of a site is GitBook's "custom backend" visitor authentication: the site's owner signs
 * visitors' JWTs (HS256) with `privateKey`; a visitor without a valid one is sent to `fallbackURL`. The key is a
 * secret, so even reading it takes the admin role. Integration backends come with integrations (a later issue).
 */
export function presentPublishingAuth(site: SiteRow) {
  if (site.visitor_auth_key === null) {
    // A workstation whose user was made an admin after the site arrived: the key follows with the next sync.
    throw badRequest("The site's visitor authentication key has not reached this workstation yet: it arrives with the next sync");
  }
  return {
    object: 'publishing-auth' as const,
    backend: 'custom' as const,
    privateKey: site.visitor_auth_key,
    ...(site.visitor_auth_fallback_url !== null ? { fallbackURL: site.visitor_auth_fallback_url } : {}),
  };
}

/** 256 random bits as hex: HS256 wants a key at least as long as its hash. */
export function newVisitorAuthKey(): string {
  return randomBytes(32).toString('hex');
}

export function getPublishingAuth(ctx: ServiceContext, organizationId: string, siteId: string): SiteRow {
  return requireSite(ctx, organizationId, siteId, 'see its visitor authentication key').site;
}

export function updatePublishingAuth(ctx: ServiceContext, organizationId: string, siteId: string, input: UpdatePublishingAuthInput): SiteRow {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'change its visitor authentication');
    if (input.backend !== 'custom') {
      throw badRequest('backend: only "custom" is available (Folio has no visitor authentication integrations yet)');
    }
    updateSite(ctx.db, site.id, { visitor_auth_fallback_url: input.fallbackURL, updated_at: isoNow(ctx.clock) });
    return getSite(ctx.db, site.id)!;
  });
}

/** A new key: every JWT signed with the old one stops working at once. */
export function regeneratePublishingAuth(ctx: ServiceContext, organizationId: string, siteId: string): SiteRow {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'regenerate its visitor authentication key');
    updateSite(ctx.db, site.id, { visitor_auth_key: newVisitorAuthKey(), updated_at: isoNow(ctx.clock) });
    return getSite(ctx.db, site.id)!;
  });
}
