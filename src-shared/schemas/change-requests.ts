import { z } from 'zod';
import { listQuery } from './common';

const changeRequestStatus = z.enum(['draft', 'open', 'archived', 'merged']);

export const listChangeRequestsQuery = listQuery.extend({
  status: changeRequestStatus.optional(),
  contributor: z.string().min(1).max(100).optional(),
});

export const createChangeRequestBody = z.strictObject({
  subject: z.string().max(100).optional(),
  agentTaskId: z.string().max(100).optional(),
});

export const updateChangeRequestBody = z.strictObject({
  subject: z.string().max(100).optional(),
  // Merging happens through POST merge, never by setting the status.
  status: z.enum(['draft', 'open', 'archived']).optional(),
});
export type UpdateChangeRequestInput = z.infer<typeof updateChangeRequestBody>;

/** GET .../changes: how many semantic changes to list (GitBook's default is 10; `more` counts the rest). */
export const changeRequestChangesQuery = z.object({
  limit: z.coerce.number().int('must be a whole number').min(1).max(1000).default(10),
});

/**
 * GET /orgs/{organizationId}/change-requests: `status` takes one status or several, repeated or comma-separated
 * (`status=open,draft`); open ones when absent, as in a space's list.
 */
export const listOrganizationChangeRequestsQuery = listQuery.extend({
  status: z
    .string()
    .max(100)
    .transform((value) => value.split(','))
    .pipe(z.array(changeRequestStatus).min(1))
    .optional(),
  creator: z.string().min(1).max(100).optional(),
  contributor: z.string().min(1).max(100).optional(),
  space: z.string().min(1).max(100).optional(),
  orderBy: z.enum(['updatedAt', 'createdAt']).optional(),
});
export type ListOrganizationChangeRequestsQuery = z.infer<typeof listOrganizationChangeRequestsQuery>;
