import type { PresentContext } from '../app/context';
import type { OpenAPISpecRow, OpenAPISpecVersionRow } from '../store/openapi-specs';

function specLocation(spec: Pick<OpenAPISpecRow, 'organization_id' | 'slug'>, pc: PresentContext): string {
  return `${pc.baseUrl}/v1/orgs/${spec.organization_id}/openapi/${encodeURIComponent(spec.slug)}`;
}

/**
 * GitBook's OpenAPISpec. `sourceURL` only for a spec fetched from a URL (a pasted text has none).
 * `urls.published` is left out: Folio serves no public copy of a spec yet, `visibility` is only kept.
 */
export function presentOpenAPISpec(spec: OpenAPISpecRow, pc: PresentContext, access: { edit: boolean }) {
  return {
    object: 'openapi-spec' as const,
    id: spec.id,
    createdAt: spec.created_at,
    updatedAt: spec.updated_at,
    slug: spec.slug,
    ...(spec.source_url !== null ? { sourceURL: spec.source_url } : {}),
    processingState: spec.processing_state,
    visibility: spec.visibility,
    ...(spec.last_version_id !== null ? { lastVersion: spec.last_version_id } : {}),
    ...(spec.last_processed_at !== null ? { lastProcessedAt: spec.last_processed_at } : {}),
    ...(spec.last_process_error_code !== null ? { lastProcessErrorCode: spec.last_process_error_code } : {}),
    // Folio keeps the last processing's one error (its code), not a list of them.
    lastProcessedErrorCount: spec.last_process_error_code !== null ? 1 : 0,
    permissions: { view: true, edit: access.edit },
    urls: {
      location: specLocation(spec, pc),
      app: `${pc.baseUrl}/o/${spec.organization_id}/openapi/${encodeURIComponent(spec.slug)}`,
    },
  };
}

function versionLocation(spec: OpenAPISpecRow, version: OpenAPISpecVersionRow, pc: PresentContext): string {
  return `${specLocation(spec, pc)}/versions/${version.id}`;
}

/** `url`: where the specification of this version was read, or (a pasted text) where the API serves it. */
function versionUrl(spec: OpenAPISpecRow, version: OpenAPISpecVersionRow, pc: PresentContext): string {
  return version.source_url ?? `${versionLocation(spec, version, pc)}/content`;
}

export function presentOpenAPISpecVersion(spec: OpenAPISpecRow, version: OpenAPISpecVersionRow, pc: PresentContext) {
  return {
    object: 'openapi-spec-version' as const,
    id: version.id,
    createdAt: version.created_at,
    url: versionUrl(spec, version, pc),
    urls: { location: versionLocation(spec, version, pc) },
  };
}

/**
 * GitBook's OpenAPISpecContent: `filesystem` holds the specification's files by name. Folio keeps one
 * file per version, the processed document with its external references bundled in.
 */
export function presentOpenAPISpecContent(spec: OpenAPISpecRow, version: OpenAPISpecVersionRow, content: string, pc: PresentContext) {
  return {
    filesystem: { [fileNameOf(version.source_url)]: JSON.parse(content) as unknown },
    // 0.137.0's `url`, and the newest spec's `urls`: `public` only for a public spec read from a public address
    // (Folio serves no public copy of a stored specification).
    url: versionUrl(spec, version, pc),
    urls: { source: versionUrl(spec, version, pc), public: spec.visibility === 'public' ? version.source_url : null },
  };
}

function fileNameOf(sourceUrl: string | null): string {
  const last = sourceUrl ? (new URL(sourceUrl).pathname.split('/').pop() ?? '') : '';
  return last ? last.replace(/\.(ya?ml)$/i, '.json') : 'openapi.json';
}
