import type {
  BulkSiteRedirectItem,
  CreateSiteRedirectInput,
  ListSiteRedirectsQuery,
  UpdateSiteRedirectInput,
} from '../../src-shared/schemas/site-redirects';
import { type CallContext, type ServiceContext, isoNow } from '../app/context';
import { conflict, FolioError, notFound } from '../errors';
import { inTransaction } from '../store/database';
import {
  deleteSiteRedirectRow,
  getSiteRedirect,
  insertSiteRedirect,
  listSiteRedirectRows,
  siteRedirectBySource,
  type SiteRedirectRow,
  updateSiteRedirect,
} from '../store/site-redirects';
import type { SiteRow } from '../store/sites';
import { requireSite } from './access';
import { publishedSiteUrl } from './presenter';
import { destinationAddress, matchSiteRedirect, storedDestination, withCapturedSuffix } from './redirect-destinations';

/**
 * A site's own redirects (GitBook's site-redirects): old addresses of the published site leading to a section,
 * a site space, a page or another website. They are the site's list, apart from the redirects a space's
 * `.gitbook.yaml` brought (store/space-redirects.ts), which stay the space's content and keep applying under
 * the site space that publishes it; on the published site a page at the address wins, then the site's
 * redirects, then the space's (sites/preview/serve.ts). Members read them; admins change them, like the site.
 */

export function createSiteRedirect(ctx: ServiceContext, organizationId: string, siteId: string, input: CreateSiteRedirectInput) {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'create redirects');
    const draft = input.draft ?? false;
    if (siteRedirectBySource(ctx.db, site.id, input.source, draft)) {
      throw conflict(`source: the site already has a ${draft ? 'draft' : 'live'} redirect from "${input.source}"`);
    }
    const redirect = insertSiteRedirect(ctx.db, {
      organizationId: site.organization_id,
      siteId: site.id,
      source: input.source,
      draft,
      captureWildcard: input.captureWildcard ?? false,
      permanent: input.permanent ?? false,
      destination: storedDestination(ctx.db, site, input.destination),
      now: isoNow(ctx.clock),
    });
    return { site, redirect };
  });
}

export function listSiteRedirects(ctx: ServiceContext, organizationId: string, siteId: string, query: ListSiteRedirectsQuery) {
  const { site } = requireSite(ctx, organizationId, siteId);
  const filter = { draft: query.draft ?? false, search: query.search, orderBy: query.orderBy ?? 'createdAt' } as const;
  return { site, page: listSiteRedirectRows(ctx.db, site.id, filter, { page: query.page, limit: query.limit }) };
}

export function updateSiteRedirectById(ctx: ServiceContext, organizationId: string, siteId: string, redirectId: string, input: UpdateSiteRedirectInput) {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'change redirects');
    const existing = getSiteRedirect(ctx.db, site.id, redirectId);
    if (!existing) throw notFound(`Site redirect "${redirectId}" not found`);
    const source = input.source ?? existing.source;
    const draft = input.draft ?? existing.draft === 1;
    const holder = siteRedirectBySource(ctx.db, site.id, source, draft);
    if (holder && holder.id !== existing.id) throw conflict(`source: the site already has a ${draft ? 'draft' : 'live'} redirect from "${source}"`);
    updateSiteRedirect(
      ctx.db,
      existing.id,
      { ...input, destination: input.destination ? storedDestination(ctx.db, site, input.destination) : undefined },
      isoNow(ctx.clock),
    );
    return { site, redirect: getSiteRedirect(ctx.db, site.id, existing.id)! };
  });
}

/** False when there was no such redirect (the API answers 204 rather than 205). */
export function deleteSiteRedirectById(ctx: ServiceContext, organizationId: string, siteId: string, redirectId: string): boolean {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'delete redirects');
    const existing = getSiteRedirect(ctx.db, site.id, redirectId);
    return existing ? deleteSiteRedirectRow(ctx.db, existing.id) : false;
  });
}

/**
 * The redirect a visitor asking for `source` would get (its own, else the wildcard covering it) and the URL it
 * leads to; a draft from exactly that source when no live one applies, so a writer can check it before
 * publishing. 404 when none, or when what it leads to is gone.
 */
export function getSiteRedirectBySource(ctx: CallContext, organizationId: string, siteId: string, source: string, shareKey?: string) {
  const { site } = requireSite(ctx, organizationId, siteId);
  const live = matchSiteRedirect(ctx.db, site.id, source);
  const draft = live ? undefined : siteRedirectBySource(ctx.db, site.id, source, true);
  const found = live ?? (draft ? { redirect: draft, suffix: '' } : undefined);
  if (!found) throw notFound(`No redirect from "${source}" on this site`);
  const target = redirectTarget(ctx, site, found.redirect, found.suffix, shareKey);
  if (target === undefined) throw notFound(`The redirect from "${source}" leads to a section, site space or page that no longer exists`);
  return { site, redirect: found.redirect, target };
}

function redirectTarget(ctx: CallContext, site: SiteRow, redirect: SiteRedirectRow, suffix: string, shareKey?: string): string | undefined {
  const address = destinationAddress(ctx.db, site, redirect);
  if (!address) return undefined;
  const captured = redirect.capture_wildcard === 1 ? suffix : '';
  if ('external' in address) return withCapturedSuffix(address.external, captured);
  const url = withCapturedSuffix(`${publishedSiteUrl(site, ctx)}${address.relative}`, captured);
  return shareKey ? `${url}?shareKey=${encodeURIComponent(shareKey)}` : url;
}

type BulkResult =
  | { status: 'created' | 'updated' | 'published'; source: string; draft: boolean; id: string }
  | { status: 'deleted'; source: string; draft: boolean }
  | { status: 'error'; source: string; draft: boolean; error: string };

/**
 * Up to 500 operations, each on its own (GitBook answers a result per item): a mistake in one is that item's
 * `error`, the others still apply. All in one transaction, so no reader sees half a batch.
 */
export function bulkUpsertSiteRedirects(ctx: ServiceContext, organizationId: string, siteId: string, items: readonly BulkSiteRedirectItem[]) {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'change redirects');
    const now = isoNow(ctx.clock);
    const results = items.map((item): BulkResult => {
      const draft = item.intent === 'draft';
      try {
        return applyBulkItem(ctx, site, item, now);
      } catch (error) {
        if (!(error instanceof FolioError)) throw error;
        return { status: 'error', source: item.source, draft, error: error.message };
      }
    });
    return { results };
  });
}

function applyBulkItem(ctx: ServiceContext, site: SiteRow, item: BulkSiteRedirectItem, now: string): BulkResult {
  if (item.intent === 'publish') {
    const pending = siteRedirectBySource(ctx.db, site.id, item.source, true);
    if (!pending) throw notFound(`No draft redirect from "${item.source}" to publish`);
    const live = siteRedirectBySource(ctx.db, site.id, item.source, false);
    if (!live) {
      updateSiteRedirect(ctx.db, pending.id, { draft: false }, now);
      return { status: 'published', source: item.source, draft: false, id: pending.id };
    }
    // The live redirect takes the draft's settings and keeps its id (links to it stay valid); the draft goes.
    updateSiteRedirect(
      ctx.db,
      live.id,
      { captureWildcard: pending.capture_wildcard === 1, permanent: pending.permanent === 1, destination: JSON.parse(pending.destination) },
      now,
    );
    deleteSiteRedirectRow(ctx.db, pending.id);
    return { status: 'published', source: item.source, draft: false, id: live.id };
  }
  const draft = item.intent === 'draft';
  const existing = siteRedirectBySource(ctx.db, site.id, item.source, draft);
  if (item.destination === null) {
    if (!existing) throw notFound(`No ${draft ? 'draft' : 'live'} redirect from "${item.source}" to delete`);
    deleteSiteRedirectRow(ctx.db, existing.id);
    return { status: 'deleted', source: item.source, draft };
  }
  const destination = storedDestination(ctx.db, site, item.destination);
  if (existing) {
    updateSiteRedirect(ctx.db, existing.id, { captureWildcard: item.captureWildcard ?? false, permanent: item.permanent, destination }, now);
    return { status: 'updated', source: item.source, draft, id: existing.id };
  }
  const created = insertSiteRedirect(ctx.db, {
    organizationId: site.organization_id,
    siteId: site.id,
    source: item.source,
    draft,
    captureWildcard: item.captureWildcard ?? false,
    permanent: item.permanent ?? false,
    destination,
    now,
  });
  return { status: 'created', source: item.source, draft, id: created.id };
}
