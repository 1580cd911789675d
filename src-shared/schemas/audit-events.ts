import { z } from 'zod';

const timestamp = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).transform((value) => new Date(value).toISOString());
const identifier = z.string().min(1).max(256);

/** GET /orgs/{organizationId}/audit-events: GitBook pages by up to 100 events. */
export const listAuditEventsQuery = z.object({
  page: z.string().min(1).max(2048).optional(),
  limit: z.coerce.number().int('must be a whole number').min(1).max(100).optional(),
  from: timestamp.optional(),
  to: timestamp.optional(),
  action: identifier.optional(),
  actor: identifier.optional(),
  target: identifier.optional(),
});
