import { z } from 'zod';
import { listQuery } from './common';

// GitBook 0.137.0's OpenAPI specification shapes and bounds (components OpenAPISpecSlug, OpenAPISpecSource,
// OpenAPISpecVisibility, OpenAPISpecProcessingState, OpenAPISpecProcessingErrorCode).
const OPENAPI_SPEC_VISIBILITIES = ['private', 'public'] as const;
const OPENAPI_PROCESSING_ERROR_CODES = ['FETCH_TIMEOUT', 'FETCH_ERROR', 'PARSE_ERROR'] as const;
export type OpenAPIProcessingErrorCode = (typeof OPENAPI_PROCESSING_ERROR_CODES)[number];

export const OPENAPI_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const openAPISpecSlug = z
  .string()
  .min(1)
  .max(100)
  .regex(OPENAPI_SLUG_PATTERN, 'must be lowercase letters and digits, in groups separated by single hyphens (e.g. "petstore-v2")');

/**
 * Where the specification comes from: a URL Folio fetches, or the text of the specification itself.
 * Written as one object with two optional fields (not a union) so that a problem names its field,
 * e.g. `source.url: Too big`. `file:` URLs pass here; the service admits them only where imports may
 * read local files (the desktop app, or a server started with --allow-file-imports).
 */
const openAPISpecSource = z
  .strictObject({
    url: z.url({ protocol: /^(https?|file)$/, error: 'must be an http(s) URL (file: only where local files may be read)' }).max(2048).optional(),
    text: z.string().min(1).optional(),
  })
  .superRefine((source, ctx) => {
    const given = [source.url, source.text].filter((v) => v !== undefined).length;
    if (given !== 1) ctx.addIssue({ code: 'custom', message: 'give exactly one of "url" and "text"', input: source });
  });
export type OpenAPISpecSourceInput = z.infer<typeof openAPISpecSource>;

export const listOpenAPISpecsQuery = listQuery;

export const createOpenAPISpecBody = z.strictObject({ slug: openAPISpecSlug, source: openAPISpecSource });
export type CreateOpenAPISpecInput = z.infer<typeof createOpenAPISpecBody>;

export const putOpenAPISpecBody = z.strictObject({ source: openAPISpecSource });
export type PutOpenAPISpecInput = z.infer<typeof putOpenAPISpecBody>;

export const updateOpenAPISpecBody = z.strictObject({ visibility: z.enum(OPENAPI_SPEC_VISIBILITIES) });
export type UpdateOpenAPISpecInput = z.infer<typeof updateOpenAPISpecBody>;

/** An operation of a stored specification, as a page's OpenAPI block points at it. */
export const openAPIOperationPointer = z.strictObject({
  path: z.string().min(1).max(2048),
  method: z.string().min(1).max(16),
});
