import { randomBytes } from 'node:crypto';
import type { CreateShareLinkInput, UpdateShareLinkInput } from '../../src-shared/schemas/site-visitors';
import type { ListQuery } from '../../src-shared/schemas/common';
import { type CallContext, type ServiceContext, isoNow } from '../app/context';
import { notFound } from '../errors';
import { inTransaction } from '../store/database';
import {
  deleteShareLinkRow,
  getShareLink,
  insertShareLink,
  listShareLinks,
  type ShareLinkRow,
  updateShareLink,
} from '../store/site-share-links';
import type { SiteRow } from '../store/sites';
import { requireSite } from './access';
import { publishedSiteUrl } from './presenter';

/** A share key: 192 random bits, URL-safe, unguessable (it is the whole of a share-link site's protection). */
export function newShareKey(): string {
  return randomBytes(24).toString('base64url');
}

export function presentShareLink(row: ShareLinkRow, site: SiteRow, ctx: CallContext) {
  return {
    object: 'share-link' as const,
    id: row.id,
    createdAt: row.created_at,
    ...(row.name !== null ? { name: row.name } : {}),
    active: row.active === 1,
    urls: site.published === 1 ? { published: `${publishedSiteUrl(site, ctx)}?shareKey=${encodeURIComponent(row.key)}` } : {},
  };
}

// Share links are secrets giving access to the site: like its other settings, only admins see and change them.
export function listSiteShareLinks(ctx: ServiceContext, organizationId: string, siteId: string, query: ListQuery) {
  const { site } = requireSite(ctx, organizationId, siteId, 'see its share links');
  return { site, page: listShareLinks(ctx.db, site.id, { page: query.page, limit: query.limit }) };
}

export function createSiteShareLink(ctx: ServiceContext, organizationId: string, siteId: string, input: CreateShareLinkInput) {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'create share links');
    const row = insertShareLink(ctx.db, {
      organizationId: site.organization_id,
      siteId: site.id,
      name: input.name,
      key: newShareKey(),
      now: isoNow(ctx.clock),
    });
    return { site, shareLink: row };
  });
}

export function updateSiteShareLink(ctx: ServiceContext, organizationId: string, siteId: string, shareLinkId: string, input: UpdateShareLinkInput) {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'change share links');
    const row = getShareLink(ctx.db, site.id, shareLinkId);
    if (!row) throw notFound(`Share link "${shareLinkId}" not found`);
    updateShareLink(ctx.db, row.id, { name: input.name, active: input.active === undefined ? undefined : input.active ? 1 : 0 });
    return { site, shareLink: getShareLink(ctx.db, site.id, row.id)! };
  });
}

/** Deletes the link (its key stops working at once); false when there was no such link (the API then answers 204). */
export function deleteSiteShareLink(ctx: ServiceContext, organizationId: string, siteId: string, shareLinkId: string): boolean {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'delete share links');
    const row = getShareLink(ctx.db, site.id, shareLinkId);
    if (!row) return false;
    deleteShareLinkRow(ctx.db, row.id);
    return true;
  });
}
