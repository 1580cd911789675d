import { z } from 'zod';
import { commentBody } from './comments';
import { listQuery, queryBoolean } from './common';

const reviewStatus = z.enum(['approved', 'changes-requested']);

/** POST .../reviews: GitBook's status and optional comment (a `Document`: markdown or the JSON document). */
export const submitReviewBody = z.strictObject({
  status: reviewStatus,
  comment: commentBody.optional(),
});
export type SubmitReviewInput = z.infer<typeof submitReviewBody>;

/** GET .../reviews: the spec's `outdated` filter and `format` of the comments. */
export const listReviewsQuery = listQuery.extend({
  outdated: queryBoolean.optional(),
  format: z.enum(['document', 'markdown']).optional(),
});

export const reviewFormatQuery = z.object({ format: z.enum(['document', 'markdown']).optional() });

/** A GitBook `JSONDocument` (`{ object: 'document', nodes: [...] }`), kept as given. */
export const jsonDocument = z.looseObject({ object: z.literal('document'), nodes: z.array(z.unknown()).max(10_000) });

/**
 * POST .../requested-reviewers: the users asked to review (0.202.0's body has users only, no teams), and
 * optionally a new subject and description for the change request.
 */
export const requestReviewersBody = z.strictObject({
  users: z.array(z.string().min(1).max(100)).min(1).max(100),
  subject: z.string().max(100).optional(),
  description: jsonDocument.optional(),
});
export type RequestReviewersInput = z.infer<typeof requestReviewersBody>;
