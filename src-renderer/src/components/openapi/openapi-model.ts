import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { OPENAPI_SLUG_PATTERN } from '../../../../src-shared/schemas/openapi';
import type { AppRouter } from '../../api/types';

// The API specs screen's objects (as the tRPC procedures present them) and the rules its store applies
// before asking the server: the slug's pattern and the source's bounds, and the processing state in words.

export type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

export type OpenAPISpec = Outputs['openapi']['get'];
export type OpenAPISpecVersion = Outputs['openapi']['versions']['list']['items'][number];
/** The operation a page's OpenAPI block shows (null when the spec or the operation is not there). */
export type OpenAPIOperation = NonNullable<Outputs['openapi']['operation']>;
export type OperationRef = Inputs['openapi']['operation'];
type SpecSourceInput = Inputs['openapi']['create']['source'];

/** Specs listed per page; more load on request. */
export const SPECS_PAGE_SIZE = 50;
/** Versions shown for a spec, newest first (the list says when there are more). */
export const VERSIONS_LIMIT = 50;
/** How often a spec being processed is read again. */
export const POLL_MS = 1000;
export const SLUG_MAX = 100;
export const SOURCE_URL_MAX = 2048;

/** The slug rule, in words, for the form's hint and its errors. */
export const SLUG_RULE = 'lowercase letters and digits, in groups joined by single hyphens (e.g. “petstore-v2”), at most 100 characters';

/** Where a spec comes from, as the form holds it. */
export interface SourceDraft {
  kind: 'url' | 'text';
  value: string;
}

/** The slug as the server will accept it, or why not (in the /v1 words: the field first). */
export function checkSlug(raw: string): { slug: string } | { error: string } {
  const slug = raw.trim();
  if (!slug) return { error: 'slug: give the spec a slug' };
  if (slug.length > SLUG_MAX) return { error: `slug: at most ${SLUG_MAX} characters` };
  if (!OPENAPI_SLUG_PATTERN.test(slug)) return { error: `slug: must be ${SLUG_RULE}` };
  return { slug };
}

/** A slug suggested from a title or a URL's file name: "Pet Store v2.yaml" → "pet-store-v2". */
export function suggestSlug(text: string): string {
  const base = text.replace(/^.*\//, '').replace(/\.(json|ya?ml)$/i, '');
  return base
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/** The source as the server will accept it, or why not. */
export function checkSource(draft: SourceDraft): { source: SpecSourceInput } | { error: string } {
  if (draft.kind === 'text') {
    return draft.value.trim() ? { source: { text: draft.value } } : { error: 'source.text: paste the specification (JSON or YAML)' };
  }
  const url = draft.value.trim();
  if (!url) return { error: 'source.url: give the address of the specification' };
  if (url.length > SOURCE_URL_MAX) return { error: `source.url: at most ${SOURCE_URL_MAX} characters` };
  if (!/^(https?|file):/i.test(url)) return { error: 'source.url: must be an http(s) address' };
  return { source: { url } };
}

export function isProcessing(spec: Pick<OpenAPISpec, 'processingState'>): boolean {
  return spec.processingState === 'pending' || spec.processingState === 'progress';
}

const STATE_LABELS: Record<OpenAPISpec['processingState'], string> = {
  pending: 'Waiting to be processed',
  progress: 'Processing',
  complete: 'Processed',
};

export function processingLabel(state: OpenAPISpec['processingState']): string {
  return STATE_LABELS[state] ?? state;
}

const ERROR_WORDS: Record<string, string> = {
  FETCH_TIMEOUT: 'The address did not answer in time (10 seconds).',
  FETCH_ERROR: 'The specification could not be downloaded from its address.',
  PARSE_ERROR: 'The specification is not valid OpenAPI 3.x or Swagger 2.0 (JSON or YAML).',
};

/** Why the last processing failed, in words; the code stays visible for searching the docs. */
export function processErrorWords(code: string): string {
  return ERROR_WORDS[code] ?? `Processing failed (${code}).`;
}

/** `GET /pets` and its spec, as a cache key. */
export function operationKey(ref: OperationRef): string {
  return JSON.stringify([ref.organizationId, ref.slug, ref.path, ref.method.toLowerCase()]);
}
