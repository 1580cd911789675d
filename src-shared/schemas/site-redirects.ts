import { z } from 'zod';
import { listQuery, queryBoolean, uri } from './common';

// GitBook 0.202.0's site redirects (SiteRedirectSourcePath, SiteRedirectDestination, the bulk body).

/**
 * GitBook's SiteRedirectSourcePath: `/` then unreserved or percent-encoded characters in segments, with an
 * optional trailing `*` or `/*` (a prefix) and no `*` anywhere else.
 */
const SITE_REDIRECT_SOURCE = /^\/(?!\*)(?!.*\*.+)(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+)*(?:\/\*|\*)?$/;
const siteRedirectSource = z
  .string()
  .max(512)
  .regex(SITE_REDIRECT_SOURCE, 'must be a path such as /old/page, or a prefix such as /old/* (letters, digits, - . _ ~ + and %XX only)');

const id = z.string().min(1).max(128);

const siteRedirectDestination = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('site-section'), siteSectionId: id }),
  z.strictObject({ kind: z.literal('site-space'), siteSpaceId: id }),
  z.strictObject({ kind: z.literal('site-page'), siteSpaceId: id, pageId: id }),
  z.strictObject({ kind: z.literal('external'), url: uri }),
]);
export type SiteRedirectDestinationInput = z.infer<typeof siteRedirectDestination>;

/** Input destinations may also name a page by its path in a space (resolved to a `site-page` when stored). */
const siteRedirectInputDestination = z.discriminatedUnion('kind', [
  ...siteRedirectDestination.options,
  z.strictObject({ kind: z.literal('path'), spaceId: id, path: z.string().max(1024) }),
]);
export type SiteRedirectInputDestination = z.infer<typeof siteRedirectInputDestination>;

export const createSiteRedirectBody = z.strictObject({
  source: siteRedirectSource,
  captureWildcard: z.boolean().optional(),
  draft: z.boolean().optional(),
  permanent: z.boolean().optional(),
  destination: siteRedirectInputDestination,
});
export type CreateSiteRedirectInput = z.infer<typeof createSiteRedirectBody>;

export const updateSiteRedirectBody = z.strictObject({
  source: siteRedirectSource.optional(),
  captureWildcard: z.boolean().optional(),
  draft: z.boolean().optional(),
  permanent: z.boolean().optional(),
  destination: siteRedirectDestination.optional(),
});
export type UpdateSiteRedirectInput = z.infer<typeof updateSiteRedirectBody>;

const bulkPublish = z.strictObject({ source: siteRedirectSource, intent: z.literal('publish') });
const bulkUpsert = z.strictObject({
  source: siteRedirectSource,
  intent: z.enum(['live', 'draft']).optional(),
  captureWildcard: z.boolean().optional(),
  permanent: z.boolean().optional(),
  /** `null` deletes the redirect of this source and intent. */
  destination: siteRedirectInputDestination.nullable(),
});
export type BulkSiteRedirectItem = z.infer<typeof bulkPublish> | z.infer<typeof bulkUpsert>;

export const bulkUpsertSiteRedirectsBody = z.strictObject({
  redirects: z.array(z.union([bulkPublish, bulkUpsert])).min(1).max(500),
});

export const listSiteRedirectsQuery = listQuery.extend({
  search: z.string().max(512).optional(),
  draft: queryBoolean.optional(),
  orderBy: z.enum(['createdAt', 'updatedAt', 'source']).optional(),
});
export type ListSiteRedirectsQuery = z.infer<typeof listSiteRedirectsQuery>;

export const getSiteRedirectBySourceQuery = z.object({
  source: siteRedirectSource,
  shareKey: z.string().max(256).optional(),
});
