import { z } from 'zod';

/** GET .../revisions/{revisionId}/changes: GitBook's `metadata`, `computed` and how many changes to show. */
export const revisionChangesQuery = z.object({
  metadata: z.enum(['true', 'false']).optional(),
  computed: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int('must be a whole number').min(1).max(1000).default(10),
});

/**
 * A page's document in a revision: `evaluated` and `dereferenced` name GitBook's expression evaluation and
 * reusable-content expansion. Folio's documents hold neither expressions nor reusable contents, so every
 * accepted value answers the same document.
 */
export const pageDocumentQuery = z.object({
  evaluated: z.enum(['true', 'false', 'deterministic-only']).optional(),
  dereferenced: z.enum(['true', 'false', 'reusable-contents']).optional(),
});

/** GET …/reusable-contents/{reusableContentId}: GitBook's `metadata` and `computed` flags (Folio computes none). */
export const reusableContentQuery = z.object({
  metadata: z.enum(['true', 'false']).optional(),
  computed: z.enum(['true', 'false']).optional(),
});

/** GET /spaces/{spaceId}/documents/{documentId}: `schema` picks GitBook's document schema version. */
export const documentSchemaQuery = z.object({
  schema: z.enum(['current', 'next']).optional(),
});

const contentRef = z.looseObject({ kind: z.string().min(1) });

/** POST /spaces/{spaceId}/content/template (GitBook's ApplySpaceTemplate, and the change request to write into). */
export const applyTemplateBody = z.strictObject({
  id: z.string().trim().min(1).max(100),
  params: z.strictObject({ contentRefs: z.record(z.string(), contentRef).optional() }).optional(),
  changeRequestId: z.string().min(1).optional(),
});
export type ApplyTemplateInput = z.infer<typeof applyTemplateBody>;

/** GET /spaces/{spaceId}/pdf: the whole space, or with `only` the one `page`. */
export const spacePdfQuery = z.object({
  only: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  page: z.string().min(1).optional(),
});
