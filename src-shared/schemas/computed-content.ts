import { z } from 'zod';

/**
 * POST .../content/computed/document and .../revision: a computed content source (GitBook's
 * ComputedContentSource*) and the seed its generated ids derive from. The source's `type` picks how the
 * rest is read: `builtin:openapi` (read here further), `builtin:translation`, or `integration:{app}:{source}`.
 */
export const computedContentBody = z.object({
  source: z.looseObject({
    type: z.string().min(1).max(200),
    props: z.record(z.string(), z.unknown()).optional(),
    dependencies: z.record(z.string(), z.unknown()).optional(),
  }),
  seed: z.string().min(1).max(200),
});
export type ComputedContentInput = z.infer<typeof computedContentBody>;

const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options', 'head', 'trace', 'hook'] as const;

/** The OpenAPI spec a builtin:openapi source reads: by its reference, or resolved to the spec object. */
export const openAPIDependencies = z.object({
  spec: z.union([
    z.strictObject({ ref: z.object({ kind: z.literal('openapi'), spec: z.string().min(1) }) }),
    z.object({ ref: z.object({ kind: z.literal('openapi'), spec: z.string().min(1) }), value: z.unknown() }),
  ]),
});

/** What one computed document of a spec shows (GitBook's ComputedContentSourceDocumentOpenAPI `props`). */
export const openAPIDocumentProps = z.discriminatedUnion('doc', [
  z.object({ doc: z.literal('models') }),
  z.object({ doc: z.enum(['operations', 'info', 'tag']), page: z.string().min(1) }),
  z.object({ doc: z.literal('operation'), page: z.string().min(1), method: z.enum(METHODS), deprecated: z.boolean().optional() }),
]);

/** A computed revision of a spec (GitBook's ComputedContentSourceRevisionOpenAPI `props`). */
export const openAPIRevisionProps = z.object({
  models: z.boolean(),
  downloadLink: z.boolean().optional(),
  grouping: z.enum(['by-tag', 'by-operation']).optional(),
});
