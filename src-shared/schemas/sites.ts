import { z } from 'zod';
import { listQuery, queryBoolean } from './common';
import { conditionError } from '../sites/conditions';

// GitBook 0.137.0's bounds and value sets for sites (components SiteTitle, SiteVisibility, SiteType, ...).
const SITE_TYPES = ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'] as const;
export const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;
const SITE_AGENTS_CONTEXTS = ['excluded', 'included'] as const;

export const siteTitle = z.string().min(2).max(128);
const siteVisibility = z.enum(SITE_VISIBILITIES);
/** A proxy origin: a domain and one or more path segments, e.g. company.com/docs. */
const siteProxyOrigin = z
  .string()
  .max(512)
  .regex(/^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/, 'must be a domain followed by one or more path segments, such as company.com/docs');

export const listSitesQuery = listQuery.extend({
  space: z.string().min(1).optional(),
  title: z.string().min(1).max(128).optional(),
  published: queryBoolean.optional(),
  type: z.enum(SITE_TYPES).optional(),
});
export type ListSitesQuery = z.infer<typeof listSitesQuery>;

export const createSiteBody = z.strictObject({
  type: z.enum(SITE_TYPES).optional(),
  title: siteTitle.optional(),
  visibility: siteVisibility.optional(),
  /** Ids of spaces to publish, or a new space made for the site. */
  spaces: z.union([z.array(z.string().min(1)).max(100), z.enum(['sample', 'empty'])]).optional(),
});
export type CreateSiteInput = z.infer<typeof createSiteBody>;

/** GitBook's SiteHostname: a domain of three or more labels (`docs.example.com`), lower case. */
const siteHostname = z
  .string()
  .max(512)
  .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/, 'must be a domain of three or more labels in lower case, such as docs.example.com');

export const updateSiteBody = z.strictObject({
  title: siteTitle.optional(),
  visibility: siteVisibility.optional(),
  basename: z.string().min(1).max(100).optional(),
  adaptiveContent: z.strictObject({ enabled: z.boolean() }).optional(),
  agentsContext: z.enum(SITE_AGENTS_CONTEXTS).optional(),
  defaultSiteSpace: z.string().min(1).optional(),
  defaultSiteSection: z.string().min(1).optional(),
  /** `null` removes the proxy. */
  proxy: siteProxyOrigin.nullable().optional(),
  /** Not in GitBook's PATCH body (its custom hostnames are set in its app): Folio takes it here; `null` removes it. */
  hostname: siteHostname.nullable().optional(),
});
export type UpdateSiteInput = z.infer<typeof updateSiteBody>;

const siteSpacePath = z.string().min(1).max(100);
/** A visibility condition (src-shared/sites/conditions.ts): one that does not parse is refused, as "condition: <why>". */
export const condition = z.string().min(1).max(1024).superRefine((text, ctx) => {
  const error = conditionError(text);
  if (error) ctx.addIssue({ code: 'custom', message: error, input: text });
});

export const addSiteSpaceBody = z.strictObject({
  spaceId: z.string().min(1),
  sectionId: z.string().min(1).optional(),
});
export type AddSiteSpaceInput = z.infer<typeof addSiteSpaceBody>;

export const listSiteSpacesQuery = listQuery.extend({
  shareKey: z.string().max(256).optional(),
  default: queryBoolean.optional(),
});

export const updateSiteSpaceBody = z.strictObject({
  path: siteSpacePath.optional(),
  /** `null` removes the condition. */
  condition: condition.nullable().optional(),
  spaceId: z.string().min(1).optional(),
});
export type UpdateSiteSpaceInput = z.infer<typeof updateSiteSpaceBody>;
