import { z } from 'zod';

/** GET .../publishing/preview (getSitePublishingPreviewById): the site space to open and visitor claims as JSON. */
export const sitePreviewQuery = z.object({
  siteSpace: z.string().min(1).max(100).optional(),
  claims: z.string().max(8192).optional(),
});
export type SitePreviewQuery = z.infer<typeof sitePreviewQuery>;
