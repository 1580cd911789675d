import type { Db } from '../store/database';
import { getSpecBySlug, getVersionContent, latestVersion } from '../store/openapi-specs';

/** One operation of a stored specification, as a page's OpenAPI block shows it (src-shared/openapi/operation.ts). */
export type { OperationSummary } from '../../src-shared/openapi/operation';
import type { OperationSummary } from '../../src-shared/openapi/operation';

type Json = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The operation `method path` of the organization's spec `slug`, from its latest processed version;
 * undefined when the spec, its version or the operation does not exist. Reads the store without
 * checking the caller: callers authorize first (a page's reader is a member of its organization).
 */
export function operationOf(db: Db, organizationId: string, slug: string, path: string, method: string): OperationSummary | undefined {
  const spec = getSpecBySlug(db, organizationId, slug);
  const version = spec && latestVersion(db, spec);
  const content = version && getVersionContent(db, spec.id, version.id);
  if (!content) return undefined;
  return operationInDocument(JSON.parse(content) as Json, { spec: slug, version: version.id }, path, method);
}

/**
 * The operation `method path` of a parsed specification (a stored version, or a spec file of a space read by
 * the published site); undefined when the document has no such operation.
 */
export function operationInDocument(document: Json, source: { spec: string; version: string }, path: string, method: string): OperationSummary | undefined {
  const verb = method.toLowerCase();
  if (!METHODS.includes(verb)) return undefined;
  const item = document.paths?.[path] as Json | undefined;
  if (!item?.[verb]) return undefined;
  // Only the operation's own part of the document is written out.
  const inline = refInliner(document);
  const operation = inline(item[verb]) as Json;
  const pathParameters = inline(item.parameters ?? []) as Json[];
  const swagger2 = typeof document.swagger === 'string';
  // Path-level parameters apply unless the operation redefines the same name and place.
  const all: Json[] = [...((operation.parameters as Json[]) ?? [])];
  for (const shared of pathParameters) if (!all.some((p) => p.name === shared.name && p.in === shared.in)) all.push(shared);
  const consumes: string[] = operation.consumes ?? document.consumes ?? ['application/json'];
  const produces: string[] = operation.produces ?? document.produces ?? ['application/json'];
  return {
    spec: source.spec,
    version: source.version,
    path,
    method: verb,
    ...(operation.operationId ? { operationId: String(operation.operationId) } : {}),
    ...(operation.summary ? { summary: String(operation.summary) } : {}),
    ...(operation.description ? { description: String(operation.description) } : {}),
    deprecated: operation.deprecated === true,
    tags: Array.isArray(operation.tags) ? operation.tags.map(String) : [],
    parameters: all.filter((p) => !swagger2 || (p.in !== 'body' && p.in !== 'formData')).map((p) => parameter(p, swagger2)),
    ...requestBodyOf(operation, all, swagger2, consumes),
    responses: Object.entries((operation.responses as Json) ?? {}).map(([status, response]: [string, Json]) => ({
      status,
      ...(response.description ? { description: String(response.description) } : {}),
      content: swagger2 ? (response.schema ? Object.fromEntries(produces.map((type) => [type, { schema: response.schema }])) : {}) : mediaTypes(response.content),
    })),
    servers: serversOf(document, swagger2),
  };
}

function parameter(p: Json, swagger2: boolean) {
  // Swagger 2.0 puts a parameter's type on the parameter itself.
  const schema = swagger2 ? Object.fromEntries(Object.entries(p).filter(([k]) => !['name', 'in', 'required', 'description'].includes(k))) : p.schema;
  return {
    name: String(p.name),
    in: String(p.in),
    required: p.required === true,
    ...(p.description ? { description: String(p.description) } : {}),
    ...(schema && Object.keys(schema).length > 0 ? { schema } : {}),
  };
}

function requestBodyOf(operation: Json, parameters: Json[], swagger2: boolean, consumes: string[]): { requestBody?: OperationSummary['requestBody'] } {
  if (!swagger2) {
    const body = operation.requestBody as Json | undefined;
    if (!body) return {};
    return { requestBody: { required: body.required === true, ...(body.description ? { description: String(body.description) } : {}), content: mediaTypes(body.content) } };
  }
  const body = parameters.find((p) => p.in === 'body');
  if (body) {
    return {
      requestBody: {
        required: body.required === true,
        ...(body.description ? { description: String(body.description) } : {}),
        content: Object.fromEntries(consumes.map((type) => [type, { schema: body.schema }])),
      },
    };
  }
  const form = parameters.filter((p) => p.in === 'formData');
  if (form.length === 0) return {};
  const schema = {
    type: 'object',
    properties: Object.fromEntries(form.map((p) => [p.name, parameter(p, true).schema ?? {}])),
    required: form.filter((p) => p.required).map((p) => p.name),
  };
  const type = consumes.find((t) => t.startsWith('multipart/') || t === 'application/x-www-form-urlencoded') ?? 'application/x-www-form-urlencoded';
  return { requestBody: { required: form.some((p) => p.required), content: { [type]: { schema } } } };
}

function mediaTypes(content: unknown): Record<string, { schema?: unknown }> {
  if (!content || typeof content !== 'object') return {};
  return Object.fromEntries(Object.entries(content as Json).map(([type, media]: [string, Json]) => [type, media?.schema !== undefined ? { schema: media.schema } : {}]));
}

function serversOf(document: Json, swagger2: boolean): string[] {
  if (!swagger2) return Array.isArray(document.servers) ? document.servers.map((s: Json) => String(s.url)) : [];
  if (!document.host) return [];
  const schemes: string[] = Array.isArray(document.schemes) && document.schemes.length > 0 ? document.schemes : ['https'];
  return schemes.map((scheme) => `${scheme}://${document.host}${document.basePath ?? ''}`);
}

/** Up to this many values are written out per operation; past it, references stay references. */
const MAX_INLINED = 100_000;

/**
 * Writes out a document's internal references (`#/...`) inside a part of it. A reference met again
 * inside its own expansion (a recursive schema) stays as it is, as do references outside the document.
 */
function refInliner(root: Json): (value: unknown) => unknown {
  let budget = MAX_INLINED;
  const resolve = (ref: string): unknown => {
    let target: unknown = root;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
      if (!target || typeof target !== 'object' || !(key in target)) return undefined;
      target = (target as Json)[key];
    }
    return target;
  };
  const walk = (value: unknown, open: ReadonlySet<string>): unknown => {
    budget -= 1;
    if (!value || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => walk(v, open));
    const ref = (value as Json).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/') && !open.has(ref) && budget > 0) {
      const target = resolve(ref);
      if (target !== undefined) return walk(target, new Set([...open, ref]));
    }
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, walk(v, open)]));
  };
  return (value) => walk(value, new Set());
}
