import { z } from 'zod';
import { listQuery } from './common';

// GitBook's searchSiteContent body (0.202.0's SiteSearchScope, and the deprecated top-level modes 0.137.0 had).
const siteSpaceIds = z.array(z.string().min(1).max(128)).min(1).max(1000);

const siteSearchScope = z.discriminatedUnion('mode', [
  z.strictObject({
    mode: z.literal('default'),
    currentSiteSpace: z.string().min(1).max(128).optional(),
    restrictTo: z.enum(['currentSiteSpace', 'otherSiteSpaces']).optional(),
    /** 0.137.0's name for site spaces searched beside the default content. */
    includedSiteSpaces: z.array(z.string().min(1).max(128)).max(1000).optional(),
  }),
  z.strictObject({ mode: z.literal('specific'), siteSpaceIds }),
  z.strictObject({ mode: z.literal('all') }),
]);
export type SiteSearchScope = z.infer<typeof siteSearchScope>;

export const searchSiteContentBody = z
  .strictObject({
    query: z.string().trim().min(1).max(512),
    scope: siteSearchScope.optional(),
    /** Deprecated forms of the scope. */
    mode: z.enum(['specific', 'current', 'all']).optional(),
    siteSpaceIds: siteSpaceIds.optional(),
    siteSpaceId: z.string().min(1).max(128).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.scope && (body.mode || body.siteSpaceIds || body.siteSpaceId)) ctx.addIssue({ code: 'custom', path: ['scope'], message: 'give either scope or the deprecated mode, not both' });
    if (body.scope?.mode === 'default' && body.scope.restrictTo && !body.scope.currentSiteSpace) {
      ctx.addIssue({ code: 'custom', path: ['scope', 'restrictTo'], message: 'needs currentSiteSpace' });
    }
    if (body.mode === 'current' && !body.siteSpaceId) ctx.addIssue({ code: 'custom', path: ['siteSpaceId'], message: 'is required with mode "current"' });
    if (!body.mode && body.siteSpaceId) ctx.addIssue({ code: 'custom', path: ['mode'], message: 'must be "current" with siteSpaceId' });
  })
  .transform(({ query, scope, mode, siteSpaceIds: ids, siteSpaceId }): { query: string; scope: SiteSearchScope } => {
    if (scope) return { query, scope };
    if (mode === 'current') return { query, scope: { mode: 'default', currentSiteSpace: siteSpaceId } };
    if (ids) return { query, scope: { mode: 'specific', siteSpaceIds: ids } };
    // Neither: the widest scope, as `mode: all`.
    return { query, scope: { mode: 'all' } };
  });
export type SearchSiteContentInput = z.output<typeof searchSiteContentBody>;

export const searchSiteContentQuery = listQuery;
