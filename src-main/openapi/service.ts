import type {
  CreateOpenAPISpecInput,
  OpenAPISpecSourceInput,
  PutOpenAPISpecInput,
  UpdateOpenAPISpecInput,
} from '../../src-shared/schemas/openapi';
import type { ListQuery } from '../../src-shared/schemas/common';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, conflict, notFound } from '../errors';
import { assertDestinationAllowed } from '../net/network-policy';
import { inTransaction } from '../store/database';
import {
  deleteSpecRow,
  getSpecById,
  getSpecBySlug,
  getVersion,
  getVersionContent,
  insertSpec,
  latestVersion,
  listSpecs,
  listVersions,
  type OpenAPISpecRow,
  type OpenAPISpecVersionRow,
  setSpecSource,
  setSpecVisibility,
} from '../store/openapi-specs';
import { canEditSpecs, requireSpec, requireSpecReader, requireSpecWriter } from './access';
import { openAPIProcessor } from './jobs';

/** What a presenter needs besides the row: may the caller change it. */
interface SpecResult {
  spec: OpenAPISpecRow;
  edit: boolean;
}

/** The source as stored: a URL (file: only where imports may read local files) or the text itself. */
function storedSource(ctx: ServiceContext, source: OpenAPISpecSourceInput): { sourceUrl: string | null; sourceText: string | null } {
  if (source.url !== undefined) {
    if (new URL(source.url).protocol === 'file:' && !ctx.config.allowFileImports) {
      throw badRequest('source.url: file:// URLs are read by the desktop app; this server was not started with --allow-file-imports');
    }
    return { sourceUrl: source.url, sourceText: null };
  }
  return { sourceUrl: null, sourceText: source.text! };
}

/**
 * Before a spec's URL is stored (create and PUT call it first): a writer's URL that the network policy
 * refuses is the request's 400 on `source.url`, rather than a FETCH_ERROR found by the background
 * processing (which vets every fetch again, $refs and redirects included).
 */
export async function assertSpecSourceFetchable(ctx: ServiceContext, organizationId: string, source: OpenAPISpecSourceInput): Promise<void> {
  if (source.url === undefined) return;
  const url = new URL(source.url);
  if (url.protocol === 'file:') return; // storedSource decides on local files
  requireSpecWriter(ctx, organizationId, 'add or update OpenAPI specifications');
  await assertDestinationAllowed(url, ctx.config, 'source.url');
}

/** Processing starts once the write is committed, in the background; the caller sees `pending`. */
function startProcessing(ctx: ServiceContext, spec: OpenAPISpecRow): void {
  openAPIProcessor(ctx).enqueue(spec.id);
}

export function listOrganizationSpecs(ctx: ServiceContext, organizationId: string, query: ListQuery) {
  const membership = requireSpecReader(ctx, organizationId);
  return { page: listSpecs(ctx.db, membership.org.id, { page: query.page, limit: query.limit }), edit: canEditSpecs(membership) };
}

export function getSpecForCaller(ctx: ServiceContext, organizationId: string, slug: string): SpecResult {
  const { spec, ...membership } = requireSpec(ctx, organizationId, slug);
  return { spec, edit: canEditSpecs(membership) };
}

export function createSpec(ctx: ServiceContext, organizationId: string, input: CreateOpenAPISpecInput): SpecResult {
  const spec = inTransaction(ctx.db, () => {
    const membership = requireSpecWriter(ctx, organizationId, 'add OpenAPI specifications');
    if (getSpecBySlug(ctx.db, membership.org.id, input.slug)) {
      throw conflict(`slug: an OpenAPI specification "${input.slug}" already exists in this organization (PUT updates it)`);
    }
    return insertSpec(ctx.db, { organizationId: membership.org.id, slug: input.slug, ...storedSource(ctx, input.source), now: isoNow(ctx.clock) });
  });
  startProcessing(ctx, spec);
  return { spec, edit: true };
}

/** PUT: creates the spec, or gives an existing one a new source (processed again even when unchanged). */
export function createOrUpdateSpec(ctx: ServiceContext, organizationId: string, slug: string, input: PutOpenAPISpecInput): SpecResult & { created: boolean } {
  const result = inTransaction(ctx.db, () => {
    const membership = requireSpecWriter(ctx, organizationId, 'add or update OpenAPI specifications');
    const source = storedSource(ctx, input.source);
    const now = isoNow(ctx.clock);
    const existing = getSpecBySlug(ctx.db, membership.org.id, slug);
    if (!existing) return { spec: insertSpec(ctx.db, { organizationId: membership.org.id, slug, ...source, now }), created: true };
    setSpecSource(ctx.db, existing.id, { ...source, now });
    return { spec: getSpecById(ctx.db, existing.id)!, created: false };
  });
  startProcessing(ctx, result.spec);
  return { ...result, edit: true };
}

export function updateSpecVisibility(ctx: ServiceContext, organizationId: string, slug: string, input: UpdateOpenAPISpecInput): SpecResult {
  const spec = inTransaction(ctx.db, () => {
    const { spec } = requireSpec(ctx, organizationId, slug, 'change OpenAPI specifications');
    setSpecVisibility(ctx.db, spec.id, input.visibility, isoNow(ctx.clock));
    return getSpecById(ctx.db, spec.id)!;
  });
  return { spec, edit: true };
}

/** Deletes the spec and its versions; false when there was none (the API then answers 204). */
export function deleteSpec(ctx: ServiceContext, organizationId: string, slug: string): boolean {
  return inTransaction(ctx.db, () => {
    const membership = requireSpecWriter(ctx, organizationId, 'delete OpenAPI specifications');
    const spec = getSpecBySlug(ctx.db, membership.org.id, slug);
    if (!spec) return false;
    deleteSpecRow(ctx.db, spec.id);
    return true;
  });
}

export function listSpecVersions(ctx: ServiceContext, organizationId: string, slug: string, query: ListQuery) {
  const { spec } = requireSpec(ctx, organizationId, slug);
  return { spec, page: listVersions(ctx.db, spec.id, { page: query.page, limit: query.limit }) };
}

/** A version by id, or the latest one for `latest` (404 before the first successful processing). */
export function getSpecVersion(ctx: ServiceContext, organizationId: string, slug: string, versionId: string): { spec: OpenAPISpecRow; version: OpenAPISpecVersionRow } {
  const { spec } = requireSpec(ctx, organizationId, slug);
  const version = versionId === 'latest' ? latestVersion(ctx.db, spec) : getVersion(ctx.db, spec.id, versionId);
  if (!version) {
    throw notFound(versionId === 'latest' ? `OpenAPI specification "${slug}" has no processed version yet` : `Version "${versionId}" not found`);
  }
  return { spec, version };
}

export function getSpecVersionContent(ctx: ServiceContext, organizationId: string, slug: string, versionId: string) {
  const { spec, version } = getSpecVersion(ctx, organizationId, slug, versionId);
  return { spec, version, content: getVersionContent(ctx.db, spec.id, version.id)! };
}
