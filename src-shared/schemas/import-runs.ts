import { z } from 'zod';
import { listQuery } from './common';

/** GitBook's ContentImportSource: a website to crawl, or files uploaded to GitBook (by key). */
const importRunSource = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('website'), url: z.string().trim().min(1).max(2048) }),
  z.strictObject({ type: z.literal('file'), files: z.array(z.string().min(1)).max(50) }),
]);

/** POST /org/{organizationId}/imports (startImportRun). */
export const startImportRunBody = z.strictObject({
  source: importRunSource,
  target: z.strictObject({
    space: z.string().min(1),
    changeRequest: z.string().min(1).optional(),
    page: z.string().min(1).optional(),
  }),
  site: z.string().min(1).optional(),
  // GitBook's AI rewrite of imported pages; Folio imports content as the source has it.
  enhance: z.boolean().optional(),
});
export type StartImportRunInput = z.infer<typeof startImportRunBody>;

/** GET /org/{organizationId}/imports (listImportRuns). */
export const listImportRunsQuery = listQuery.extend({
  space: z.string().min(1).optional(),
  changeRequest: z.string().min(1).optional(),
  site: z.string().min(1).optional(),
  status: z.enum(['active', 'pending', 'in-progress', 'completed', 'failed', 'cancelled']).optional(),
});
export type ListImportRunsQuery = z.infer<typeof listImportRunsQuery>;
