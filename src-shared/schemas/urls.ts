import { z } from 'zod';

const url = z.string().trim().min(1, 'give the URL').max(2048);

/** GET /urls/embed and /spaces/{spaceId}/embed. */
export const embedQuery = z.object({ url });

/** GET /urls/content: an address of this app or of a site it publishes. */
export const contentByUrlQuery = z.object({ url });

/** GET /urls/published. */
export const publishedByUrlQuery = z.object({
  url,
  visitorAuthToken: z.string().min(1).max(8192).optional(),
  redirectOnError: z.enum(['true', 'false']).optional(),
});

/** POST /urls/published (GitBook's body: the URL, and the visitor's token and claims). */
export const publishedByUrlBody = z.object({
  url,
  redirectOnError: z.boolean().optional(),
  visitor: z
    .object({
      type: z.enum(['human', 'agent']).optional(),
      jwtToken: z.string().min(1).max(8192).optional(),
      unsignedClaims: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
});
